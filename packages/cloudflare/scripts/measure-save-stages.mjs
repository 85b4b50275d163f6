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
import { ingestEpisode, MemoryGraph } from '@palimpsest/core';
import { exportSnapshotState, tablesOf } from '@palimpsest/core/internal';
import { encodeSnapshot, encodeState } from '@palimpsest/persist';
import { turnsOf } from './capacity-turns.mjs';
import { live, raw, requireGc } from './heap-reading.mjs';

requireGc('measure-save-stages');
const { values } = parseArgs({ options: { data: { type: 'string', default: 'locomo' }, turns: { type: 'string', default: '20000' } } });
const TURNS = Number(values.turns);
const mib = (n) => (n / 2 ** 20).toFixed(1).padStart(6);
const source = turnsOf(values.data);
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
