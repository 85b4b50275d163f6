#!/usr/bin/env node
/**
 * Where a snapshot save's memory peak comes from: one memory of `--turns` LoCoMo (or LongMemEval_S) turns
 * built as measure-capacity.mjs builds it, then a save split into stages — the state exported as copies
 * (core's exportSnapshotState without views: the columns and string lists a snapshot stores) and encoded by
 * the public encodeState — and, last, `encodeSnapshot` as the Worker runs it (views of the graph's arrays and
 * column writers, strings written straight into the output). Each read as retained (after full GCs) and as
 * raw (no GC, garbage included), in MiB beyond the live graph.
 *
 *   node --expose-gc --single-threaded-gc packages/cloudflare/scripts/measure-save-stages.mjs [--data locomo] [--turns 20000]
 */
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { ingestEpisode, MemoryGraph } from '@palimpsest/core';
import { exportSnapshotState, tablesOf } from '@palimpsest/core/internal';
import { loadLocomo, loadLongMemEval } from '@palimpsest/datasets';
import { encodeSnapshot, encodeState } from '@palimpsest/persist';

if (typeof globalThis.gc !== 'function') {
  console.error('measure-save-stages: run with node --expose-gc --single-threaded-gc');
  process.exit(2);
}
const { values } = parseArgs({ options: { data: { type: 'string', default: 'locomo' }, turns: { type: 'string', default: '20000' } } });
const TURNS = Number(values.turns);
const mib = (n) => (n / 2 ** 20).toFixed(1).padStart(6);
const raw = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
async function live() {
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await sleep(10);
  }
  return raw();
}
const YEAR = 365 * 86_400_000;
async function* locomoTurns() {
  const convs = await loadLocomo({ split: 'all' });
  for (let pass = 0; ; pass++) {
    for (const c of convs) for (const s of c.sessions) for (const t of s.turns) yield { id: `${t.id}@${c.id}#${pass}`, text: t.text, at: t.at + pass * YEAR, speaker: t.speaker, session: `${c.id}/S${s.index}#${pass}` };
  }
}
async function* longMemEvalTurns() {
  const seen = new Set();
  const sessions = [];
  for (const q of await loadLongMemEval('s', { split: 'all' })) for (const s of q.sessions) if (!seen.has(s.id)) (seen.add(s.id), sessions.push(s));
  sessions.sort((a, b) => a.date - b.date);
  for (const s of sessions) for (const [i, t] of s.turns.entries()) if (t.content.trim() !== '') yield { id: `${s.id}:${i}`, text: t.content, at: s.date + i * 1000, speaker: t.role, session: s.id };
}
const source = values.data === 'locomo' ? locomoTurns() : longMemEvalTurns();
let last = -Infinity;
const mem = new MemoryGraph({ now: () => last });
let n = 0;
for await (const turn of source) {
  const t = JSON.parse(JSON.stringify(turn));
  last = Math.max(last, t.at);
  ingestEpisode(mem, { ...t, recordedAt: last });
  if (++n >= TURNS) break;
}
mem.recall('What did they talk about last week?', { k: 10 });
const graph = await live();
console.log(`${values.data} ${n} turns, Node ${process.version}; MiB beyond the live graph`);

let state = exportSnapshotState(tablesOf(mem));
const exportRaw = raw() - graph;
const exportHeld = (await live()) - graph;
let bytes = encodeState(state);
const encodeRaw = raw() - graph;
const encodeHeld = (await live()) - graph;
state = undefined;
const bytesHeld = (await live()) - graph;
const size = bytes.byteLength;
bytes = undefined;
await live();
const before = raw();
bytes = encodeSnapshot(mem);
const wholeRaw = raw() - before;
const wholeHeld = (await live()) - before;
bytes = undefined;
console.log(`snapshot ${mib(size)}`);
console.log(`export   held ${mib(exportHeld)}  raw ${mib(exportRaw)}`);
console.log(`+encode  held ${mib(encodeHeld)}  raw ${mib(encodeRaw)}   (state and bytes held)`);
console.log(`bytes alone held ${mib(bytesHeld)}`);
console.log(`encodeSnapshot  held ${mib(wholeHeld)}  raw ${mib(wholeRaw)}`);
console.log(`JSON ${JSON.stringify({ data: values.data, turns: n, size, exportHeld, exportRaw, encodeHeld, encodeRaw, bytesHeld, wholeHeld, wholeRaw })}`);
