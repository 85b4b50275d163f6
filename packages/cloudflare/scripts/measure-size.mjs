#!/usr/bin/env node
/**
 * Per-memory sizes for the README's cost estimate (part 1). Part 2 measures an older wake path (a replay of the
 * snapshot's whole log); the capacity figures and MAX_MEMORY_BYTES come from measure-capacity.mjs.
 *
 * How big a memory one Durable Object holds: V8 heap against stored size (the snapshot bytes, what
 * MAX_MEMORY_BYTES bounds), measured in Node's V8 (workerd runs V8 too, and miniflare does not enforce an
 * isolate's 128 MiB), and the per-memory sizes the cost estimate in the README uses.
 *
 *   node --expose-gc packages/cloudflare/scripts/measure-size.mjs [--turns 12000] [--step 3000] [--part 1|2|both]
 *
 * Part 1, per memory: each LoCoMo test conversation remembered turn by turn (as the `remember` route does):
 *   operations, operation JSON bytes (what DO storage holds before a snapshot), snapshot bytes (R2), heap.
 * Part 2, the largest memory (LongMemEval_S dev split: sessions of questions at positions that are multiples
 *   of 10, deduplicated, in date order, all in ONE memory): every `step` turns, after a recall (recall's
 *   indexes are built at the first one), the live heap; the heap while a snapshot is held beside the graph
 *   (saving, or waking from a snapshot); and the peak while waking from a snapshot plus a tail, which replays
 *   the snapshot's log into a second graph (the larger of: bytes + decoded graph + log; log + replayed graph). "Heap" is V8's heapUsed plus ArrayBuffer memory (typed-array columns,
 *   snapshot bytes), after a full GC: what is retained, not transient garbage.
 */
import { parseArgs } from 'node:util';
import { ingestEpisode, MemoryGraph } from '@palimpsest/core';
import { loadLocomo, loadLongMemEval } from '@palimpsest/datasets';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';

if (typeof globalThis.gc !== 'function') {
  console.error('measure-size: run with node --expose-gc');
  process.exit(2);
}
const { values } = parseArgs({
  options: { turns: { type: 'string', default: '12000' }, step: { type: 'string', default: '3000' }, part: { type: 'string', default: 'both' } },
});
const MAX_TURNS = Number(values.turns);
const STEP = Number(values.step);
const MiB = 1024 * 1024;
const mib = (n) => (n / MiB).toFixed(1);
const heap = () => {
  globalThis.gc();
  globalThis.gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers; // typed-array columns and snapshot bytes live outside the JS heap, inside the isolate's limit
};
const enc = new TextEncoder();
const opBytes = (mem) => mem.log().reduce((s, op) => s + enc.encode(JSON.stringify(op)).byteLength, 0);

function clock() {
  let t = Date.parse('2026-01-01T00:00:00Z');
  return () => (t += 10);
}

// Part 1: all conversations' memories held at once, so the heap per memory is an average over them
// (one small memory's heap is within GC noise).
if (values.part !== '2') {
  const locomo = await loadLocomo({ split: 'test' });
  const rows = [];
  const held = [];
  const base = heap();
  for (const conv of locomo) {
    const mem = new MemoryGraph({ now: clock() });
    let turns = 0;
    for (const s of conv.sessions) {
      for (const t of s.turns) {
        ingestEpisode(mem, { id: t.id, text: t.text, at: t.at, speaker: t.speaker });
        turns++;
      }
    }
    mem.recall(`What does ${conv.speakers[0]} like?`);
    held.push(mem);
    rows.push({ id: conv.id, turns, ops: mem.size.operations, opBytes: opBytes(mem), snapshot: encodeSnapshot(mem).byteLength });
  }
  const perMemoryHeap = (heap() - base) / held.length;
  console.log('Part 1: one LoCoMo test conversation per memory (remember per turn)');
  console.log('conversation  turns    ops  op-JSON KiB  snapshot KiB');
  for (const r of rows) {
    console.log(`${r.id.padEnd(12)} ${String(r.turns).padStart(6)} ${String(r.ops).padStart(6)} ${(r.opBytes / 1024).toFixed(0).padStart(12)} ${(r.snapshot / 1024).toFixed(0).padStart(13)}`);
  }
  const mean = (k) => rows.reduce((s, r) => s + r[k], 0) / rows.length;
  console.log(`mean         ${mean('turns').toFixed(0).padStart(6)} ${mean('ops').toFixed(0).padStart(6)} ${(mean('opBytes') / 1024).toFixed(0).padStart(12)} ${(mean('snapshot') / 1024).toFixed(0).padStart(13)}`);
  console.log(`heap per memory (all ${held.length} held, after a recall each): ${(perMemoryHeap / 1024).toFixed(0)} KiB`);
  console.log(`per turn: ${(mean('opBytes') / mean('turns')).toFixed(0)} B of operation JSON, ${(mean('snapshot') / mean('turns')).toFixed(0)} B of snapshot\n`);
  held.length = 0;
}

// Part 2
if (values.part !== '1') {
  const questions = await loadLongMemEval('s', { split: 'dev' });
  const seen = new Set();
  const sessions = [];
  for (const q of questions) for (const s of q.sessions) if (!seen.has(s.id)) (seen.add(s.id), sessions.push(s));
  sessions.sort((a, b) => a.date - b.date);
  questions.length = 0;
  console.log(`Part 2: LongMemEval_S dev sessions (${sessions.length} unique) into one memory`);
  console.log('turns     ops  snapshot MiB  live heap MiB  heap/snapshot  +snapshot held MiB  wake with tail MiB');
  const base = heap();
  const mem = new MemoryGraph({ now: clock() });
  let turns = 0;
  let next = STEP;
  outer: for (const s of sessions) {
    for (let i = 0; i < s.turns.length; i++) {
      const t = s.turns[i];
      if (t.content.trim() === '') continue;
      ingestEpisode(mem, { id: `${s.id}:${i}`, text: t.content.slice(0, 4000), at: s.date + i * 1000, speaker: t.role });
      if (++turns < next) continue;
      next += STEP;
      mem.recall('What did I say about my travel plans?');
      const live = heap() - base;
      let bytes = encodeSnapshot(mem);
      const snapshotSize = bytes.byteLength;
      const held = heap() - base; // the graph + its snapshot: saving, or a wake from a snapshot with no tail
      // Waking with a tail (MemoryObject.wake): the snapshot bytes, the decoded graph and its log at once;
      // then the bytes and decoded graph are garbage, and the log and the replayed graph are alive.
      let woken = decodeSnapshot(bytes);
      let log = woken.log();
      const decoding = heap() - base - live;
      bytes = woken = undefined;
      let replayed = MemoryGraph.replay(log);
      replayed.recall('What did I say about my travel plans?');
      const replaying = heap() - base - live;
      const wake = Math.max(decoding, replaying);
      console.log(
        `${String(turns).padStart(6)} ${String(mem.size.operations).padStart(7)} ${mib(snapshotSize).padStart(13)} ${mib(live).padStart(14)} ${(live / snapshotSize).toFixed(2).padStart(14)} ${mib(held).padStart(19)} ${mib(wake).padStart(19)}`,
      );
      log = replayed = undefined;
      if (turns >= MAX_TURNS) break outer;
    }
  }
}
