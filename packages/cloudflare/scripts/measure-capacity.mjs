#!/usr/bin/env node
/**
 * How many LoCoMo turns one Durable Object's memory holds within the isolate's 128 MB: one memory grown
 * turn by turn as the `remember` route does (`ingestEpisode` with the turn's speaker, time and session, the
 * default extractor), from the LoCoMo conversations in turn (a pass past the tenth starts again at the
 * first with fresh ids and times a year later, so the memory keeps growing with LoCoMo-sized turns).
 * Every `step` turns, after a full GC: the live memory (V8 heap + ArrayBuffer memory: what the isolate
 * holds), and the peak of saving a snapshot (the graph plus its snapshot bytes, held together) and of waking
 * (the bytes plus the decoded graph). miniflare's workerd does not enforce the isolate limit, and workerd
 * runs V8, so this is measured in Node's V8 (the figure the Worker's MAX_MEMORY_BYTES is set from).
 *
 *   node --expose-gc packages/cloudflare/scripts/measure-capacity.mjs [--turns 60000] [--step 10000] [--budget-mib 108]
 *
 * `budget-mib`: the 128 MiB less room for the code (bundle, MCP SDK) and a request; the last line names the
 * largest measured size whose peak stays within it.
 */
import { parseArgs } from 'node:util';
import { ingestEpisode, MemoryGraph } from '@palimpsest/core';
import { loadLocomo } from '@palimpsest/datasets';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';

if (typeof globalThis.gc !== 'function') {
  console.error('measure-capacity: run with node --expose-gc');
  process.exit(2);
}
const { values } = parseArgs({ options: { turns: { type: 'string', default: '60000' }, step: { type: 'string', default: '10000' }, 'budget-mib': { type: 'string', default: '108' } } });
const MAX_TURNS = Number(values.turns);
const STEP = Number(values.step);
const BUDGET = Number(values['budget-mib']) * 2 ** 20;
const mib = (n) => (n / 2 ** 20).toFixed(1);
const live = () => {
  globalThis.gc();
  globalThis.gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const convs = await loadLocomo({ split: 'all' });
const YEAR = 365 * 86_400_000;
function* turns() {
  for (let pass = 0; ; pass++) {
    for (const c of convs) for (const s of c.sessions) for (const t of s.turns) yield { id: `${t.id}@${c.id}#${pass}`, text: t.text, at: t.at + pass * YEAR, speaker: t.speaker, session: `${c.id}/S${s.index}#${pass}` };
  }
}

const base = live();
let last = -Infinity;
const mem = new MemoryGraph({ now: () => last });
let n = 0;
let best;
console.log(`LoCoMo turns into one memory (Node ${process.version}; live = V8 heap + ArrayBuffers after a full GC, beyond a ${mib(base)} MiB baseline)`);
console.log('turns   snapshot MiB   live MiB   save peak MiB   wake peak MiB   B/turn live');
for (const t of turns()) {
  last = Math.max(last, t.at);
  ingestEpisode(mem, { ...t, recordedAt: last });
  if (++n % STEP !== 0) continue;
  mem.recall('What did they talk about last week?', { k: 10 });
  const held = live() - base;
  let bytes = encodeSnapshot(mem);
  const save = live() - base;
  const size = bytes.length;
  let woken = decodeSnapshot(bytes, { now: () => last });
  woken.recall('What did they talk about last week?', { k: 10 });
  const wake = live() - base; // both graphs and the bytes are held here
  bytes = undefined;
  woken = undefined;
  const wakePeak = wake - (live() - base); // less what stays when the woken graph and its bytes are dropped
  console.log(`${String(n).padStart(6)} ${mib(size).padStart(14)} ${mib(held).padStart(10)} ${mib(save).padStart(15)} ${mib(wakePeak).padStart(15)} ${(held / n).toFixed(0).padStart(13)}`);
  if (Math.max(save, wakePeak) <= BUDGET) best = { n, size };
  if (n >= MAX_TURNS) break;
}
console.log(best === undefined ? `no measured size fits ${mib(BUDGET)} MiB` : `largest measured size within ${mib(BUDGET)} MiB: ${best.n} LoCoMo turns (snapshot ${mib(best.size)} MiB)`);
