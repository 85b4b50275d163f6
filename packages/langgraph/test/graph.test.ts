/**
 * PalimpsestStore inside a LangGraph graph: compiled with `store`, its nodes reach it as `config.store`
 * (LangGraph wraps it in its batching store, which sends our `batch` the calls of one tick together).
 */
import { Annotation, END, START, StateGraph } from '@langchain/langgraph';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '@palimpsest/core';
import { PalimpsestStore } from '@palimpsest/langgraph';

const State = Annotation.Root({
  user: Annotation<string>,
  city: Annotation<string | undefined>,
  before: Annotation<string | undefined>,
});

/** A node that keeps the user's city in the store and reports the value it replaced. */
async function saveCity(state: typeof State.State, config: LangGraphRunnableConfig) {
  const store = config.store!;
  const previous = await store.get(['users', state.user], 'home');
  if (state.city !== undefined) await store.put(['users', state.user], 'home', { city: state.city });
  return { before: previous?.value.city as string | undefined };
}

describe('PalimpsestStore in a LangGraph graph', () => {
  it('is the store its nodes read and write, and keeps what they overwrote', async () => {
    let t = Date.parse('2026-03-10T00:00:00Z');
    const mem = new MemoryGraph({ now: () => t });
    const store = new PalimpsestStore(mem);
    const graph = new StateGraph(State).addNode('save', saveCity).addEdge(START, 'save').addEdge('save', END).compile({ store });
    expect((await graph.invoke({ user: 'u1', city: 'Boston' })).before).toBeUndefined();
    t = Date.parse('2026-04-20T00:00:00Z');
    expect((await graph.invoke({ user: 'u1', city: 'Austin' })).before).toBe('Boston');
    expect((await store.get(['users', 'u1'], 'home'))?.value).toEqual({ city: 'Austin' });
    expect((await store.get(['users', 'u1'], 'home', { knownAt: '2026-03-31' }))?.value).toEqual({ city: 'Boston' });
    // Nothing overwritten: Boston as first recorded (ended in record time on Apr 20), Boston as now known to
    // have held until Apr 20, and Austin since.
    const MAR10 = Date.parse('2026-03-10'), APR20 = Date.parse('2026-04-20');
    expect((await store.history(['users', 'u1'], 'home')).map((v) => [v.value.city, v.validFrom, v.validTo, v.recordedAt, v.invalidAt])).toEqual([
      ['Boston', MAR10, Infinity, MAR10, APR20],
      ['Boston', MAR10, APR20, APR20, Infinity],
      ['Austin', APR20, Infinity, APR20, Infinity],
    ]);
  });
});
