/**
 * The episode holding a fact's replacing version ranks above the one holding the version it closed:
 * memories written through `ingestEpisode` turn by turn with the default extractor, recalled with defaults.
 */
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { ingestEpisode } from '../src/ingest/episode.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 10, 12);

/** Maya's sessions, one every ten days: the first says where she lives, a later one that she moved. */
function movedMemory(): MemoryGraph {
  let clock = T0;
  const mem = new MemoryGraph({ now: () => clock, defaultSpeaker: 'Maya' });
  const say = (n: number, id: string, text: string): void => {
    clock = T0 + n * 10 * DAY;
    ingestEpisode(mem, { id, text, at: clock, session: `s${n}` });
  };
  say(0, 'boston', 'I live in Boston, where I live near the harbour.');
  say(1, 'curry', 'I cooked a vegetable curry with coconut milk tonight.');
  say(2, 'austin', 'Big news: I moved to Austin last week!');
  say(3, 'hike', 'We are planning a weekend hike near the lake.');
  clock = T0 + 40 * DAY;
  return mem;
}

describe('recall: the newer version of a fact ranks above the one it replaced', () => {
  it('the memory closed Boston as a home when Maya moved to Austin', () => {
    const mem = movedMemory();
    const homes = mem.facts({ subject: 'Maya', predicate: 'lives_in' }).map((f) => ('name' in f.object ? f.object.name : ''));
    expect(homes).toEqual(['Austin']);
  });

  it('ranks the turn that says she moved above the turn that matches the question best', () => {
    const mem = movedMemory();
    const ids = mem.recall('Where does Maya live?', { k: 4 }).episodes.map((e) => e.id);
    expect(ids.indexOf('austin')).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf('austin')).toBeLessThan(ids.indexOf('boston'));
    // without the stage the older turn, which says "live" twice, comes first: the ordering is the stage's
    const plain = mem.recall('Where does Maya live?', { k: 4, versionDepth: 0 }).episodes.map((e) => e.id);
    expect(plain.indexOf('boston')).toBeLessThan(plain.indexOf('austin'));
  });

  it('keeps the order at a cut before the move, when Boston is the current home', () => {
    const mem = movedMemory();
    const before = T0 + 15 * DAY;
    const ids = mem.recall('Where does Maya live?', { k: 4, validAt: before, knownAt: before }).episodes.map((e) => e.id);
    expect(ids[0]).toBe('boston');
    expect(ids).not.toContain('austin');
  });

  it('keeps the top k of any call a prefix of a deeper call, and a repeated call the same', () => {
    const mem = movedMemory();
    const deep = mem.recall('Where does Maya live?', { k: 4 }).episodes.map((e) => e.id);
    for (const k of [1, 2, 3]) expect(mem.recall('Where does Maya live?', { k }).episodes.map((e) => e.id)).toEqual(deep.slice(0, k));
    expect(mem.recall('Where does Maya live?', { k: 4 }).episodes.map((e) => e.id)).toEqual(deep);
  });

  it('orders two sessions that state one answer in the same words newest first', () => {
    let clock = T0;
    const mem = new MemoryGraph({ now: () => clock });
    const say = (n: number, id: string, text: string): void => {
      clock = T0 + n * 10 * DAY;
      ingestEpisode(mem, { id, text, at: clock, speaker: 'user', session: `s${n}` });
    };
    say(0, 'old', 'Wells Fargo pre-approved me for a mortgage of $350,000, so the mortgage pre-approval from Wells Fargo is settled.');
    say(1, 'other', 'I am planning a weekend hike near the lake.');
    say(2, 'new', 'Update: Wells Fargo pre-approved me for $400,000.');
    clock = T0 + 30 * DAY;
    const q = 'What amount did Wells Fargo pre-approve me for?';
    const plain = mem.recall(q, { k: 3, versionDepth: 0 }).episodes.map((e) => e.id);
    expect(plain[0]).toBe('old');
    expect(mem.recall(q, { k: 3 }).episodes.map((e) => e.id).slice(0, 2)).toEqual(['new', 'old']);
  });

  it('rejects a versionDepth that is not a whole number', () => {
    const mem = movedMemory();
    expect(() => mem.recall('Where does Maya live?', { versionDepth: -1 })).toThrow(/^MemoryGraph\.recall: versionDepth/);
    expect(() => mem.recall('Where does Maya live?', { versionDepth: 1.5 })).toThrow(/versionDepth/);
  });
});
