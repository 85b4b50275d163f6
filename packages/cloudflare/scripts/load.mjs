#!/usr/bin/env node
/**
 * A load run on 127.0.0.1, bounded in requests and in time: many memories, a seeded mix of writes
 * (remember, assert) and reads (recall, facts), against
 *   worker-json  the bundled Worker in workerd (miniflare), JSON routes /memories/:id/<route>
 *   worker-mcp   the same Worker, MCP tools/call at /memories/:id/mcp
 *   node-mcp     the Node MCP server (`palimpsest-mcp --http 0`, one machine, one process), tools/call
 * and prints throughput and p50/p95 latency per route. Needs `npm run build`.
 *
 *   node packages/cloudflare/scripts/load.mjs [--memories 1000] [--requests 6000] [--seconds 120]
 *        [--concurrency 8] [--targets worker-json,worker-mcp,node-mcp] [--seed 1] [--out results.json]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { mulberry32 } from '@palimpsest/core/internal';
import { startLocal } from './local.mjs';

const MCP_BIN = fileURLToPath(new URL('../../mcp/dist/bin.js', import.meta.url));

const { values } = parseArgs({
  options: {
    memories: { type: 'string', default: '1000' },
    requests: { type: 'string', default: '6000' },
    seconds: { type: 'string', default: '120' },
    concurrency: { type: 'string', default: '8' },
    targets: { type: 'string', default: 'worker-json,worker-mcp,node-mcp' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
  },
});
const MEMORIES = Number(values.memories);
const REQUESTS = Number(values.requests);
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const SEED = Number(values.seed);

const PEOPLE = ['Alice', 'Bob', 'Chen', 'Dana', 'Erin', 'Femi', 'Gus', 'Hana', 'Ivan', 'Jo'];
const PLACES = ['Lisbon', 'Porto', 'Oslo', 'Kyoto', 'Lima', 'Accra', 'Quito', 'Perth'];
const ORGS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark'];
const THINGS = ['sailing', 'chess', 'jazz', 'hiking', 'pottery', 'tea', 'cycling', 'baking'];
const QUESTIONS = ['Where does {p} live?', 'Who does {p} work for?', 'What does {p} like?', 'What happened with {p} last year?'];

/** The request list: the same for every target (same seed), memory ids m0000…, a realistic turn mix. */
function plan(rand) {
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const reqs = [];
  for (let i = 0; i < REQUESTS; i++) {
    const memory = `m${String(Math.floor(rand() * MEMORIES)).padStart(4, '0')}`;
    const p = pick(PEOPLE);
    const day = `2024-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
    const r = rand();
    if (r < 0.4) {
      const text = `${p} said they moved to ${pick(PLACES)} and started at ${pick(ORGS)}; lately ${p} enjoys ${pick(THINGS)} with ${pick(PEOPLE)}.`;
      reqs.push({ memory, route: 'remember', tool: 'remember', args: { text, at: day, speaker: 'user' } });
    } else if (r < 0.55) {
      reqs.push({ memory, route: 'assert', tool: 'assert_fact', args: { subject: p, predicate: pick(['lives_in', 'works_at', 'likes']), object: pick([...PLACES, ...ORGS, ...THINGS]), validFrom: day } });
    } else if (r < 0.9) {
      reqs.push({ memory, route: 'recall', tool: 'recall', args: { question: pick(QUESTIONS).replace('{p}', p), k: 5 } });
    } else {
      reqs.push({ memory, route: 'facts', tool: 'facts', args: { subject: p, limit: 20 } });
    }
  }
  return reqs;
}

/** One call; resolves to true when the server accepted it (a tool error or non-2xx counts as failed). */
function caller(target, base) {
  let id = 0;
  if (target === 'worker-json') {
    return async (q) => {
      const r = await fetch(`${base}/memories/${q.memory}/${q.route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(q.args) });
      await r.arrayBuffer();
      return r.ok;
    };
  }
  return async (q) => {
    const url = target === 'worker-mcp' ? `${base}/memories/${q.memory}/mcp` : base;
    const args = target === 'node-mcp' ? { ...q.args, memory: q.memory } : q.args;
    const body = { jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name: q.tool, arguments: args } };
    const r = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify(body),
    });
    const json = await r.json().catch(() => undefined);
    return r.ok && json?.result !== undefined && json.result.isError !== true;
  };
}

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function run(target, base, reqs) {
  const call = caller(target, base);
  // Warm up (JIT, first object start-up) on memories outside the run, so targets are compared warm.
  for (let i = 0; i < 20; i++) await call({ ...reqs[i % reqs.length], memory: `warmup${i % 4}` }).catch(() => false);
  const lat = new Map();
  let next = 0;
  let failed = 0;
  const start = performance.now();
  const deadline = start + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < reqs.length && performance.now() < deadline) {
        const q = reqs[next++];
        const t0 = performance.now();
        const ok = await call(q).catch(() => false);
        const ms = performance.now() - t0;
        if (!ok) failed++;
        if (!lat.has(q.route)) lat.set(q.route, []);
        lat.get(q.route).push(ms);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const routes = {};
  let done = 0;
  for (const [route, xs] of [...lat].sort()) {
    xs.sort((a, b) => a - b);
    done += xs.length;
    routes[route] = { count: xs.length, p50ms: +quantile(xs, 0.5).toFixed(2), p95ms: +quantile(xs, 0.95).toFixed(2) };
  }
  return { target, requests: done, failed, seconds: +seconds.toFixed(2), perSecond: +(done / seconds).toFixed(1), routes };
}

async function startNodeMcp(dataDir) {
  const child = spawn(process.execPath, [MCP_BIN, '--data', dataDir, '--http', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = /listening on (\S+)/.exec(err);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`palimpsest-mcp exited (${code}): ${err}`)));
  });
  return { url, stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))) };
}

const reqs = plan(mulberry32(SEED));
const results = [];
const targets = values.targets.split(',');
for (const target of targets) {
  const dir = await mkdtemp(join(tmpdir(), `plmp-load-${target}-`));
  try {
    if (target === 'node-mcp') {
      const server = await startNodeMcp(dir);
      try {
        results.push(await run(target, server.url, reqs));
      } finally {
        await server.stop();
      }
    } else {
      const { mf, url } = await startLocal({ persistDir: dir });
      try {
        results.push(await run(target, url, reqs));
      } finally {
        await mf.dispose();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

console.log(`load: ${MEMORIES} memories, ${REQUESTS} planned requests (seed ${SEED}), concurrency ${CONCURRENCY}, at most ${SECONDS} s per target`);
for (const r of results) {
  console.log(`\n${r.target}: ${r.requests} requests in ${r.seconds} s = ${r.perSecond}/s, ${r.failed} failed`);
  for (const [route, s] of Object.entries(r.routes)) console.log(`  ${route.padEnd(9)} n=${String(s.count).padStart(5)}  p50 ${s.p50ms} ms  p95 ${s.p95ms} ms`);
}
if (values.out) await writeFile(values.out, JSON.stringify({ memories: MEMORIES, requests: REQUESTS, seed: SEED, concurrency: CONCURRENCY, results }, null, 1));
