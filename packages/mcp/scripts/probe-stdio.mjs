// @ts-check
/**
 * The stdio probes of the built palimpsest-mcp (dist/bin.js), each repeated N times, printing one line per
 * probe with its counts. Raw JSON-RPC over the child's pipes, so a probe can send what no SDK client would.
 *
 *   node packages/mcp/scripts/probe-stdio.mjs [N]     (default 15; needs `npx tsc -b packages/mcp`)
 *
 *   end | sigterm | sigint   a write, then stdin closed / SIGTERM / SIGINT: exit code, stack overflow, lock left
 *   line                     one 50 MB line, then a normal call: does the server answer both and live on?
 *   ids                      1,300 memory ids under `ulimit -n 1024` (once): errors by kind, open fds, RSS
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readlinkSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const N = Number(process.argv[2] ?? 15);
const only = process.argv[3];

/** The server as a child, with a reader of its JSON-RPC answers by id. */
function start(dataDir, shell = '') {
  const child = shell
    ? spawn('bash', ['-c', `${shell}; exec "${process.execPath}" "${BIN}" --data "${dataDir}"`], { stdio: ['pipe', 'pipe', 'pipe'] })
    : spawn(process.execPath, [BIN, '--data', dataDir], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const waiting = new Map();
  const answers = [];
  child.stdout.on('data', (b) => {
    out += b.toString();
    let i;
    while ((i = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, i);
      out = out.slice(i + 1);
      let msg;
      try {
        msg = JSON.parse(line);
      } catch {
        continue;
      }
      answers.push(msg);
      waiting.get(msg.id)?.(msg);
    }
  });
  child.stderr.on('data', (b) => (err += b.toString()));
  child.stdin.on('error', () => undefined);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const send = (msg) => child.stdin.write(JSON.stringify(msg) + '\n');
  let nextId = 1;
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      send({ jsonrpc: '2.0', id, method, params });
    });
  const init = async () => {
    await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '0' } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  };
  const tool = (name, args) => request('tools/call', { name, arguments: args });
  return { child, exited, send, request, init, tool, answers, stderr: () => err };
}

const lockLeft = (dir) => existsSync(join(dir, 'default')) && readdirSync(join(dir, 'default')).some((n) => n.endsWith('.lock'));

async function endProbe(how) {
  const tally = { exit0: 0, overflow: 0, lockLeft: 0, otherExit: [] };
  for (let t = 0; t < N; t++) {
    const dir = mkdtempSync(join(tmpdir(), 'plmp-probe-'));
    const s = start(dir);
    await s.init();
    await s.tool('assert_fact', { subject: 'Ann', predicate: 'likes', object: `tea ${t}` });
    if (how === 'end') s.child.stdin.end();
    else s.child.kill(how === 'sigterm' ? 'SIGTERM' : 'SIGINT');
    const { code, signal } = await s.exited;
    if (code === 0) tally.exit0++;
    else tally.otherExit.push(code ?? signal);
    if (/Maximum call stack size exceeded/.test(s.stderr())) tally.overflow++;
    if (lockLeft(dir)) tally.lockLeft++;
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`${how}: ${N} trials, exit 0: ${tally.exit0}, stack overflow: ${tally.overflow}, lock left: ${tally.lockLeft}, other exits: ${JSON.stringify(tally.otherExit)}`);
}

async function lineProbe() {
  const tally = { bigAnswered: 0, bigError: [], nextAnswered: 0, alive: 0 };
  for (let t = 0; t < N; t++) {
    const dir = mkdtempSync(join(tmpdir(), 'plmp-probe-'));
    const s = start(dir);
    await s.init();
    // One 50 MB request line: a remember whose text is 50 MB.
    const big = JSON.stringify({ jsonrpc: '2.0', id: 'big', method: 'tools/call', params: { name: 'remember', arguments: { text: 'x'.repeat(50 * 1024 * 1024) } } });
    const bigAnswer = new Promise((resolve) => {
      const poll = setInterval(() => {
        const a = s.answers.find((m) => m.id === 'big' || (m.id === null && m.error));
        if (a) {
          clearInterval(poll);
          resolve(a);
        }
      }, 20);
      s.exited.then(() => {
        clearInterval(poll);
        resolve(undefined);
      });
    });
    s.child.stdin.write(big + '\n');
    const a = await bigAnswer;
    if (a) {
      tally.bigAnswered++;
      tally.bigError.push(a.error?.code);
    }
    const next = await Promise.race([s.tool('facts', {}), s.exited.then(() => undefined)]);
    if (next?.result) tally.nextAnswered++;
    if (s.child.exitCode === null && s.child.signalCode === null) tally.alive++;
    s.child.stdin.end();
    await s.exited;
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`line: ${N} trials, 50 MB line answered: ${tally.bigAnswered} (codes ${[...new Set(tally.bigError)].join(',')}), next call answered: ${tally.nextAnswered}, alive after: ${tally.alive}`);
}

async function idsProbe() {
  const dir = mkdtempSync(join(tmpdir(), 'plmp-probe-'));
  const s = start(dir, 'ulimit -n 1024');
  await s.init();
  const kinds = new Map();
  let firstError;
  for (let i = 0; i < 1300; i++) {
    const r = await s.tool('facts', { memory: `m${i}` });
    const text = r.result?.isError ? r.result.content[0].text : r.error ? `jsonrpc ${r.error.message}` : 'ok';
    const kind = text === 'ok' ? 'ok' : text.split(':')[0] + (/EMFILE/.test(text) ? ' (EMFILE)' : '');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    if (text !== 'ok' && firstError === undefined) firstError = `#${i}: ${text.slice(0, 160)}`;
  }
  const fds = readdirSync(`/proc/${s.child.pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${s.child.pid}/fd/${fd}`).includes(dir);
    } catch {
      return false;
    }
  }).length;
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${s.child.pid}/status`, 'utf8'))?.[1]) / 1024;
  const after = await s.tool('facts', { memory: 'm0' });
  s.child.stdin.end();
  const { code } = await s.exited;
  console.log(`ids: 1300 memory ids under ulimit -n 1024: ${JSON.stringify(Object.fromEntries(kinds))}; first refusal ${firstError ?? 'none'}; fds open on the data folder at the end: ${fds}; RSS ${rss.toFixed(0)} MiB; m0 again: ${after.result?.isError ? 'error' : 'ok'}; exit ${code}`);
  rmSync(dir, { recursive: true, force: true });
}

for (const how of ['end', 'sigterm', 'sigint']) if (!only || only === how) await endProbe(how);
if (!only || only === 'line') await lineProbe();
if (!only || only === 'ids') await idsProbe();
