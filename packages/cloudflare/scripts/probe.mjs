// @ts-check
/**
 * Probes of the bundled Worker in workerd (miniflare), each repeated N times (needs `npm run build`):
 *
 *   node packages/cloudflare/scripts/probe.mjs [N] [only]
 *
 *   open      POST /memories/alice/facts without credentials (a token is configured): status, facts shown
 *   scoped    a token scoped to "acme-" reading memory "globex-1": status, facts shown
 *   body      an 80 MB chunked body to /remember: status, and how many MB the client had sent when the answer came
 *   toobig    a 3 MB value (SQLITE_TOOBIG), then reads, a later write, and a restart on the same storage
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocal } from './local.mjs';

const N = Number(process.argv[2] ?? 15);
const only = process.argv[3];
const TOKEN = 'probe-token-0123456789abcdef';
const ACME = 'acme-token-0123456789abcdef';
const auth = (t) => ({ authorization: `Bearer ${t}` });

async function post(base, path, body, headers = auth(TOKEN)) {
  const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await r.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: r.status, json };
}

const vars = { API_TOKEN: TOKEN, API_TOKENS: JSON.stringify({ [ACME]: 'acme-' }) };

async function openProbe() {
  const local = await startLocal({ vars });
  const tally = { statuses: {}, factsShown: 0 };
  try {
    await post(local.url, '/memories/alice/assert', { subject: 'Alice', predicate: 'likes', object: 'tea' });
    await post(local.url, '/memories/globex-1/assert', { subject: 'Globex', predicate: 'owns', object: 'secret' });
    for (let t = 0; t < N; t++) {
      const r = await post(local.url, '/memories/alice/facts', {}, {});
      tally.statuses[r.status] = (tally.statuses[r.status] ?? 0) + 1;
      if (r.json?.facts?.length > 0) tally.factsShown++;
    }
    console.log(`open: ${N} trials without credentials: statuses ${JSON.stringify(tally.statuses)}, facts shown ${tally.factsShown}`);
    const scoped = { statuses: {}, factsShown: 0 };
    for (let t = 0; t < N; t++) {
      const r = await post(local.url, '/memories/globex-1/facts', {}, auth(ACME));
      scoped.statuses[r.status] = (scoped.statuses[r.status] ?? 0) + 1;
      if (r.json?.facts?.length > 0) scoped.factsShown++;
    }
    if (!only || only === 'scoped') console.log(`scoped: ${N} trials of an "acme-" token reading globex-1: statuses ${JSON.stringify(scoped.statuses)}, facts shown ${scoped.factsShown}`);
  } finally {
    await local.mf.dispose();
  }
}

/** Streams `total` bytes chunked; resolves with the status and the bytes written when the answer arrived. */
function chunked(url, total) {
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...auth(TOKEN) } }, (res) => {
      answered = true;
      resolve({ status: res.statusCode, sentMB: sent / 1048576 });
      res.resume();
      res.once('end', () => req.destroy());
    });
    req.on('error', () => {
      if (!answered) resolve({ status: 'error', sentMB: sent / 1048576 });
    });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    req.write('{"text":"');
    pump();
  });
}

async function bodyProbe() {
  const local = await startLocal({ vars });
  const statuses = {};
  const sent = [];
  try {
    for (let t = 0; t < N; t++) {
      const r = await chunked(`${local.url}/memories/alice/remember`, 80 * 1024 * 1024);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      sent.push(r.sentMB);
    }
  } finally {
    await local.mf.dispose();
  }
  sent.sort((a, b) => a - b);
  console.log(`body: ${N} trials of an 80 MB chunked body: statuses ${JSON.stringify(statuses)}, MB sent when answered: min ${sent[0].toFixed(1)}, median ${sent[sent.length >> 1].toFixed(1)}, max ${sent.at(-1).toFixed(1)}`);
}

async function tooBigProbe() {
  const tally = { statuses: {}, shownAfterFail: 0, laterWriteOk: 0, sameAfterRestart: 0 };
  const big = { MAX_REQUEST_BYTES: String(8 * 1024 * 1024), MAX_MEMORY_BYTES: String(64 * 1024 * 1024) };
  for (let t = 0; t < N; t++) {
    const dir = await mkdtemp(join(tmpdir(), 'plmp-probe-cf-'));
    let local = await startLocal({ vars: { ...vars, ...big }, persistDir: dir });
    let before;
    try {
      await post(local.url, '/memories/alice/assert', { subject: 'Alice', predicate: 'likes', object: 'tea', validFrom: '2024-01-01' });
      const r = await post(local.url, '/memories/alice/assert', { subject: 'Alice', predicate: 'notes', value: 'x'.repeat(3 * 1024 * 1024), validFrom: '2024-01-01' });
      tally.statuses[r.status] = (tally.statuses[r.status] ?? 0) + 1;
      const facts = await post(local.url, '/memories/alice/facts', { limit: 100 });
      if (facts.json.facts?.some((f) => f.predicate === 'notes')) tally.shownAfterFail++;
      const later = await post(local.url, '/memories/alice/assert', { subject: 'Alice', predicate: 'likes', object: 'jam', validFrom: '2024-01-01' });
      if (later.status === 200) tally.laterWriteOk++;
      before = (await post(local.url, '/memories/alice/history', { subject: 'Alice', limit: 100 })).json;
    } finally {
      await local.mf.dispose();
    }
    local = await startLocal({ vars: { ...vars, ...big }, persistDir: dir });
    try {
      const after = (await post(local.url, '/memories/alice/history', { subject: 'Alice', limit: 100 })).json;
      if (JSON.stringify(after) === JSON.stringify(before)) tally.sameAfterRestart++;
    } finally {
      await local.mf.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  }
  console.log(`toobig: ${N} trials of a 3 MB value: statuses ${JSON.stringify(tally.statuses)}, failed write shown by reads: ${tally.shownAfterFail}, later write accepted: ${tally.laterWriteOk}, same reads after restart: ${tally.sameAfterRestart}`);
}

if (!only || only === 'open' || only === 'scoped') await openProbe();
if (!only || only === 'body') await bodyProbe();
if (!only || only === 'toobig') await tooBigProbe();
