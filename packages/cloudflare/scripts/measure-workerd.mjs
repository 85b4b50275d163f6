#!/usr/bin/env node
/**
 * One memory filled in the runtime the Worker runs in: the bundled Worker in workerd (miniflare), its JS heap
 * bounded with V8's own flag, turns sent over MCP `remember_many` until the object refuses a write by name
 * (MemoryLimitError, the limits' defaults unless `--var` says otherwise), then reads, and a restart that wakes
 * the object from its R2 snapshot and stored operations. workerd does not enforce Cloudflare's 128 MB per
 * isolate; what it can do is abort the whole process when V8's heap passes `--max-heap-size` (passed through
 * miniflare's MINIFLARE_WORKERD_V8_FLAGS). ArrayBuffer memory (most of a memory's columns) is outside that
 * bound, so the process's peak resident memory (VmHWM, reset at each phase) above its idle figure is read too:
 * an upper bound on what the object took, since it also counts workerd's own buffers (SQLite, R2 bodies).
 *
 *   npm run build && node packages/cloudflare/scripts/measure-workerd.mjs [--data locomo|longmemeval]
 *     [--turns 60000] [--heap-mib 128] [--batch-bytes 200000] [--var NAME=VALUE ...]
 *
 * Linux only (/proc). Prints one line per phase and a JSON summary (also returned by `measureInWorkerd`).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { turnsOf } from './capacity-turns.mjs';
import { startLocal } from './local.mjs';

const MiB = 2 ** 20;
const TOKEN = 'measure-workerd-token-0123456789';
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', authorization: `Bearer ${TOKEN}` };

/** The workerd process miniflare started for this process. */
function workerdPid() {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  const line = out.split('\n').find((l) => /workerd/.test(l));
  if (line === undefined) throw new Error('measure-workerd: no workerd child process found');
  return Number(line.trim().split(/\s+/)[0]);
}

async function status(pid) {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/** Resets the process's peak resident size to its current one (Linux ≥ 4.0). */
const resetPeak = (pid) => writeFile(`/proc/${pid}/clear_refs`, '5');

let rpc = 0;
/** One MCP tools/call; the tool result, or the refusal's text when isError. */
async function call(url, memory, name, args) {
  const r = await fetch(`${url}/memories/${memory}/mcp`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: ++rpc, method: 'tools/call', params: { name, arguments: args } }) });
  const body = await r.json();
  if (body.error !== undefined) throw new Error(`${name}: ${JSON.stringify(body.error)}`);
  return { result: body.result, stored: Number(r.headers.get('x-palimpsest-stored-bytes')), projected: Number(r.headers.get('x-palimpsest-projected-peak-bytes')) };
}

/**
 * Fills one memory until a write is refused (or `turns` are sent), then reads, restarts and reads again.
 * Returns what each phase showed; throws if workerd died (V8's heap bound reached) or a read failed.
 */
export async function measureInWorkerd({ data = 'locomo', turns = 60000, heapMib = 128, batchBytes = 200_000, vars = {}, log = console.log } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'plmp-workerd-'));
  const previous = process.env.MINIFLARE_WORKERD_V8_FLAGS;
  process.env.MINIFLARE_WORKERD_V8_FLAGS = `--max-heap-size=${heapMib}`;
  const start = () => startLocal({ persistDir: dir, vars: { API_TOKEN: TOKEN, ...vars } });
  const memory = 'capacity';
  const question = { question: 'What did they talk about last week?', k: 10 };
  let local = await start();
  try {
    const pid = workerdPid();
    await call(local.url, memory, 'facts', {}); // the object exists, empty
    const idle = await status(pid);
    await resetPeak(pid);
    let sent = 0;
    let stored = 0;
    let projected = 0;
    let refusal;
    let refusedBatch;
    let batch = [];
    let bytes = 0;
    const flush = async () => {
      const { result, stored: after, projected: peak } = await call(local.url, memory, 'remember_many', { turns: batch });
      if (result.isError) (refusal = result.content[0].text), (refusedBatch = batch);
      else {
        if (Math.floor((sent + batch.length) / 10_000) > Math.floor(sent / 10_000)) log(`  ${sent + batch.length} turns, stored ${(after / MiB).toFixed(1)} MiB, projected peak ${(peak / MiB).toFixed(1)} MiB, workerd rss ${((await status(pid)).rss / MiB).toFixed(1)} MiB`);
        sent += batch.length;
        stored = after;
        projected = peak;
      }
      batch = [];
      bytes = 0;
    };
    let firstId;
    for await (const turn of turnsOf(data)) {
      const t = { ...turn, at: new Date(turn.at).toISOString() }; // as the remember tool takes times
      firstId ??= t.id;
      const size = Buffer.byteLength(JSON.stringify(t));
      if (batch.length > 0 && (bytes + size > batchBytes || batch.length >= 1000)) await flush();
      if (refusal !== undefined || sent >= turns) break;
      batch.push(t);
      bytes += size;
    }
    const filled = await status(pid);
    const recall = await call(local.url, memory, 'recall', question);
    const again = refusedBatch === undefined ? undefined : await call(local.url, memory, 'remember_many', { turns: refusedBatch });
    // a forget of the first turn at this size: done, or the error it answered; the restart below must read the
    // memory as it answered after it
    const forgot = await call(local.url, memory, 'forget', { episode: firstId, reason: 'capacity check' });
    const forgetAnswer = forgot.result.isError === true ? forgot.result.content[0].text : 'forgotten';
    const afterForget = await call(local.url, memory, 'recall', question);
    const out = {
      data, heapMib, turns: sent, storedBytes: stored, projectedPeakBytes: projected, refusal: refusal ?? null,
      idleRss: idle.rss, fillPeakRss: filled.peak, fillPeakAboveIdle: filled.peak - idle.rss,
      recallServed: recall.result.isError !== true, refusedAgain: again?.result.isError === true && again.result.content[0].text.startsWith('MemoryLimitError: '),
      forget: forgetAnswer, recallAfterForget: afterForget.result.isError !== true,
    };
    await local.mf.dispose();
    local = await start();
    const pid2 = workerdPid();
    const idle2 = await status(pid2);
    await resetPeak(pid2);
    const woken = await call(local.url, memory, 'recall', question);
    const wake = await status(pid2);
    Object.assign(out, { wakeIdleRss: idle2.rss, wakePeakRss: wake.peak, wakePeakAboveIdle: wake.peak - idle2.rss, recallAfterWake: woken.result.isError !== true, sameRecallAfterWake: JSON.stringify(woken.result) === JSON.stringify(afterForget.result) });
    return out;
  } finally {
    await local.mf.dispose().catch(() => undefined);
    if (previous === undefined) delete process.env.MINIFLARE_WORKERD_V8_FLAGS;
    else process.env.MINIFLARE_WORKERD_V8_FLAGS = previous;
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { data: { type: 'string', default: 'locomo' }, turns: { type: 'string', default: '60000' }, 'heap-mib': { type: 'string', default: '128' }, 'batch-bytes': { type: 'string', default: '200000' }, var: { type: 'string', multiple: true } },
  });
  const vars = Object.fromEntries((values.var ?? []).map((v) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)]));
  const out = await measureInWorkerd({ data: values.data, turns: Number(values.turns), heapMib: Number(values['heap-mib']), batchBytes: Number(values['batch-bytes']), vars });
  const m = (x) => (x / MiB).toFixed(1);
  console.log(`${out.data}: ${out.turns} turns, stored ${m(out.storedBytes)} MiB, projected peak ${m(out.projectedPeakBytes)} MiB; refusal: ${out.refusal ?? 'none'}`);
  console.log(`workerd (V8 heap ≤ ${out.heapMib} MiB): idle rss ${m(out.idleRss)} MiB, peak while filling ${m(out.fillPeakRss)} MiB (+${m(out.fillPeakAboveIdle)}); wake peak ${m(out.wakePeakRss)} MiB (+${m(out.wakePeakAboveIdle)} over ${m(out.wakeIdleRss)})`);
  console.log(`served: recall ${out.recallServed}, the refused call refused again: ${out.refusedAgain}; after the restart recall ${out.recallAfterWake}, identical ${out.sameRecallAfterWake}`);
  console.log(`forget of the first turn: ${out.forget}; recall after it ${out.recallAfterForget}`);
  console.log(`JSON ${JSON.stringify(out)}`);
}
