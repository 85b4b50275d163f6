#!/usr/bin/env node
/**
 * How large a memory one Durable Object holds within the isolate's 128 MB, measured as the object uses it
 * (src/memory-object.ts), in Node's V8 (workerd runs V8; miniflare's workerd enforces no isolate limit):
 *
 * - a write: each turn arrives as a JSON request body and is parsed (so the memory holds the only copy of
 *   its text, as in the object), then `ingestEpisode` as the `remember` route runs it;
 * - serving: a recall every `step` turns, then the live memory (V8 heap + ArrayBuffer memory after a full GC);
 * - a save: `encodeSnapshot` beside the live graph; "save" is the graph plus the snapshot bytes held, and
 *   "save+garbage" the same read right after encoding with no GC (what encoding left behind, not yet freed);
 * - a wake: the snapshot bytes as read from R2 (a fresh copy) and the graph decoded from them, held
 *   together, after a recall (the original graph is subtracted: a waking object holds only these);
 *   "wake+garbage" again reads right after decoding with no GC; "wake+write" after a first write to the woken
 *   memory (what its structures allocate to grow), the snapshot bytes still held;
 * - the peak the object projects for that memory (`peakEstimate` of its snapshot bytes and its episodes' text
 *   bytes, src/memory-budget.ts), which must stay at or above the measured peak.
 *
 * - with `--forget`, a forget of the first episode as the object runs it, on the woken memory: the log
 *   rewritten beside it, the woken memory let go, the forgotten one rebuilt and saved (measureForget); not
 *   part of "peak", printed beside it: the object admits a forget by the write projection (BELOW when a
 *   forget figure passes it).
 *
 *   node --expose-gc --single-threaded-gc packages/cloudflare/scripts/measure-capacity.mjs \
 *     [--data locomo|longmemeval] [--turns 60000] [--step 10000 | --at 20000,36000] [--budget-mib 108] [--forget]
 *
 * The turns: capacity-turns.mjs. `--single-threaded-gc` makes V8 free ArrayBuffer
 * memory inside the GC call rather than on a background thread, so a reading after a GC counts no freed buffer.
 * The last line names the largest measured size whose peak stays within `budget-mib` (128 MiB less room for
 * the code and a request).
 */
import { parseArgs } from 'node:util';
import { ingestEpisode, MemoryGraph } from '@palimpsest/core';
import { prepareForgetOf, rebuildForgotten, releaseRecallScratch } from '@palimpsest/core/internal';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';
import { peakEstimate, textBytes } from '../dist/memory-budget.js';
import { turnsOf } from './capacity-turns.mjs';
import { live, raw, requireGc } from './heap-reading.mjs';

requireGc('measure-capacity');
const { values } = parseArgs({
  options: {
    data: { type: 'string', default: 'locomo' },
    turns: { type: 'string', default: '60000' },
    step: { type: 'string', default: '10000' },
    'budget-mib': { type: 'string', default: '108' },
    forget: { type: 'boolean', default: false },
    at: { type: 'string' },
  },
});
if (values.data !== 'locomo' && values.data !== 'longmemeval') throw new Error(`--data is locomo or longmemeval, got ${values.data}`);
const MAX_TURNS = Number(values.turns);
const STEP = Number(values.step);
/** `--at 20000,36000`: measure at these sizes only (instead of every --step turns). */
const AT = values.at === undefined ? undefined : new Set(values.at.split(',').map(Number));
const BUDGET = Number(values['budget-mib']) * 2 ** 20;
const mib = (n) => (n / 2 ** 20).toFixed(1);

const source = turnsOf(values.data);
const first = await source.next(); // loads the data set before the baseline is read
const base = await live();
let last = -Infinity;
const mem = new MemoryGraph({ now: () => last });
let firstId;
let n = 0;
let text = 0; // the episodes' text as V8 holds it (what the object counts)
let best;
const rows = [];
console.log(`${values.data} turns into one memory (Node ${process.version}; MiB of V8 heap + ArrayBuffers beyond a ${mib(base)} MiB baseline)`);
console.log('turns     ops  snapshot    live (heap+bufs)  save  save+garbage  wake  wake+garbage  wake+write  peak/snapshot  text  projected');
async function measure() {
  mem.recall('What did they talk about last week?', { k: 10 });
  const held = (await live()) - base;
  const heapOnly = process.memoryUsage().heapUsed;
  releaseRecallScratch(mem); // as the object does before a save
  let bytes = encodeSnapshot(mem);
  const saveGarbage = raw() - base;
  const save = (await live()) - base;
  const size = bytes.byteLength;
  const estimate = peakEstimate(size, text);
  let fromR2 = bytes.slice(); // a wake reads a fresh copy from R2; the saved bytes are long gone by then
  bytes = undefined;
  const before = (await live()) - size; // the original graph alone: a waking object holds only fromR2 and what it decodes
  let woken = decodeSnapshot(fromR2, { now: () => last });
  const wakeGarbage = raw() - before;
  woken.recall('What did they talk about last week?', { k: 10 });
  const wake = (await live()) - before;
  // the first write after a wake (the object replays the operations stored since its snapshot): what the
  // loaded structures allocate to grow (a log segment, recall's arrays), beside the snapshot bytes still held
  ingestEpisode(woken, { id: `after-wake-${n}`, text: 'Back again: how was the trip?', at: last, recordedAt: last, speaker: 'user' });
  const wakeWrite = (await live()) - before;
  fromR2 = undefined;
  const object = { mem: woken }; // the object's memory after a wake, which a forget lets go
  woken = undefined;
  const peak = Math.max(save, saveGarbage, wake, wakeGarbage, wakeWrite);
  const forget = values.forget ? await measureForget(object, before) : {};
  object.mem = undefined;
  const row = { turns: n, ops: mem.size.operations, snapshot: size, text, live: held, heap: heapOnly - base, estimate, save, saveGarbage, wake, wakeGarbage, wakeWrite, peak, ...forget };
  rows.push(row);
  console.log(
    `${String(n).padStart(6)} ${String(row.ops).padStart(7)} ${mib(size).padStart(9)} ${`${mib(held)} (${mib(row.heap)}+${mib(held - row.heap)})`.padStart(19)} ${mib(save).padStart(5)} ${mib(saveGarbage).padStart(13)} ${mib(wake).padStart(5)} ${mib(wakeGarbage).padStart(13)} ${mib(wakeWrite).padStart(11)} ${(peak / size).toFixed(2).padStart(14)} ${mib(text).padStart(5)} ${mib(estimate).padStart(10)}${estimate < peak ? ' BELOW' : ''}`,
  );
  if (values.forget) {
    console.log(`        forget: prepare ${mib(row.prepare)}  rebuilt ${mib(row.rebuilt)}  saved ${mib(row.saved)}  saved+garbage ${mib(row.forgetGarbage)}  forget ${mib(row.forget)}  (write projection ${mib(estimate)}${estimate < Math.max(row.forget, row.forgetGarbage) ? ' BELOW' : ''}; save peak ${mib(peak)})`);
  }
  if (peak <= BUDGET) best = row;
}

/**
 * A forget of the first episode as the object runs it: the request checked and the log rewritten beside the
 * live memory ("prepare", beside the memory as written); then, on the woken memory (`object.mem`, counted
 * from `before`, which holds the original graph only), the live memory let go and the forgotten one rebuilt
 * from the rewritten log ("rebuilt"), then saved ("saved"); "forget" is the largest of the three, each after
 * a GC.
 */
async function measureForget(object, before) {
  // the request checked and the log rewritten beside the memory as written (larger than the woken one, which
  // is held meanwhile and not counted)
  const woken = (await live()) - before;
  let prepared = prepareForgetOf(mem, { episode: firstId });
  const prepare = (await live()) - base - woken;
  // then on the woken memory, which is let go
  prepared = prepareForgetOf(object.mem, { episode: firstId });
  object.mem = undefined;
  let plan = rebuildForgotten(prepared);
  const rebuilt = (await live()) - before;
  prepared = undefined;
  let bytes = encodeSnapshot(plan.memory);
  const forgetGarbage = raw() - before;
  const saved = (await live()) - before;
  plan = undefined;
  bytes = undefined;
  const forget = Math.max(prepare, rebuilt, saved);
  return { forget, forgetGarbage, prepare, rebuilt, saved };
}

for (let next = first; !next.done; next = await source.next()) {
  const t = JSON.parse(JSON.stringify(next.value)); // as a request body: the memory holds the only copy of the text
  last = Math.max(last, t.at);
  firstId ??= t.id;
  ingestEpisode(mem, { ...t, recordedAt: last });
  text += textBytes(t.text);
  if (AT === undefined ? ++n % STEP === 0 || n === MAX_TURNS : AT.has(++n)) await measure();
  if (n >= MAX_TURNS) break;
}
console.log(best === undefined ? `no measured size fits ${mib(BUDGET)} MiB` : `largest measured size within ${mib(BUDGET)} MiB: ${best.turns} ${values.data} turns (snapshot ${mib(best.snapshot)} MiB, peak ${mib(best.peak)} MiB)`);
console.log(`JSON ${JSON.stringify({ data: values.data, rows })}`);
