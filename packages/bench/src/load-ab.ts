#!/usr/bin/env node
/**
 * Default-load A/B in one process (issue 9): one exported state (a `generateFactStream` memory, optionally
 * with LongMemEval_S dev haystacks as episodes) loaded by `MemoryGraph.fromState` of `--base` (another build's
 * core `dist/index.js`) and of this workspace's core, alternating which goes first each round. Prints CPU
 * medians of the default load (recall's indexes built) and of the store alone (`recallIndex: 'first-recall'`),
 * and whether three recalls on the loaded memories are identical.
 *
 *   node packages/bench/dist/load-ab.js --base /path/to/core/dist/index.js [--versions 300000] [--entities 200000] [--lme 0] [--rounds 5]
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import * as here from '@palimpsest/core';
import { FACT_STREAM_DEFAULTS, factStreamPredicates, generateFactStream, loadLongMemEval } from '@palimpsest/datasets';
import { quantileSorted } from './stats.js';

type Core = typeof here;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const cpuOf = <T>(f: () => T): [number, T] => {
  const c0 = process.cpuUsage();
  const r = f();
  const c = process.cpuUsage(c0);
  return [(c.user + c.system) / 1000, r];
};

async function main(): Promise<void> {
  const basePath = arg('base', '');
  if (basePath === '') throw new here.InvalidArgumentError('load-ab: usage: load-ab.js --base /path/to/core/dist/index.js [--versions N] [--entities N] [--lme N] [--rounds R]');
  const base = (await import(pathToFileURL(basePath).href)) as Core;
  const rounds = Number(arg('rounds', '5'));
  let clock = Date.UTC(2020, 0, 1);
  const predicates = factStreamPredicates(FACT_STREAM_DEFAULTS.predicates);
  const mem = new here.MemoryGraph({ now: () => clock, predicates });
  const stream = generateFactStream({ seed: 1, versions: Number(arg('versions', '300000')), entities: Number(arg('entities', '200000')) });
  for (const op of stream) {
    const { kind, ...input } = op;
    if (kind === 'assert') mem.assert(input as Parameters<typeof mem.assert>[0]);
    else mem.retract(input as Parameters<typeof mem.retract>[0]);
  }
  clock = Date.UTC(2030, 0, 1);
  let n = 0;
  for (const q of (await loadLongMemEval('s', { split: 'dev' })).slice(0, Number(arg('lme', '0')))) {
    for (const s of q.sessions) {
      const id = `q${n++}-${s.id}`;
      mem.episode({ id, text: s.turns.map((x) => `${x.role}: ${x.content}`).join('\n'), at: s.date, recordedAt: clock });
      s.turns.forEach((t, i) => mem.episode({ id: `${id}_${i}`, text: t.content, at: s.date + i, recordedAt: clock, speaker: t.role }));
    }
  }
  clock = Date.UTC(2031, 0, 1);
  const state = mem.exportState();
  const options = { now: () => clock, predicates };
  const probe = (m: InstanceType<Core['MemoryGraph']>): string =>
    JSON.stringify(['what did I buy', 'entity 17 works at', 'doctor appointment'].map((q) => {
      const r = m.recall(q, { k: 10 });
      return [r.episodes, r.facts.map((f) => [f.id, f.score]), r.entities, r.text];
    }));
  const sides = [
    { label: 'base', core: base, load: [] as number[], store: [] as number[], probe: '' },
    { label: 'this', core: here, load: [] as number[], store: [] as number[], probe: '' },
  ];
  for (let r = 0; r < rounds; r++) {
    for (const side of r % 2 === 0 ? sides : [sides[1]!, sides[0]!]) {
      const [ms, loaded] = cpuOf(() => side.core.MemoryGraph.fromState(state, options));
      side.load.push(ms);
      side.store.push(cpuOf(() => side.core.MemoryGraph.fromState(state, { ...options, recallIndex: 'first-recall' }))[0]);
      if (r === 0) side.probe = probe(loaded);
    }
  }
  const med = (xs: number[]): number => quantileSorted(Float64Array.from(xs).sort(), 0.5);
  console.log(`default fromState A/B: ${mem.size.versions} versions, ${mem.size.entities} entities, ${n} sessions, ${rounds} rounds; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  for (const s of sides) {
    console.log(`${s.label.padEnd(5)} CPU median: default load ${med(s.load).toFixed(0)} ms, store only ('first-recall') ${med(s.store).toFixed(0)} ms, recall indexing ≈ ${(med(s.load) - med(s.store)).toFixed(0)} ms`);
  }
  console.log(`recalls after load identical on both builds: ${sides[0]!.probe === sides[1]!.probe}`);
}

await main();
