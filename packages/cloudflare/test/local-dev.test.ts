/**
 * `npm run dev:cloudflare`'s command (scripts/local.mjs run directly): serves the bundled Worker in workerd
 * with storage in a folder that survives a restart; and CORS, off unless the origin is in CORS_ORIGINS.
 * Needs `npm run build`.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopCommand } from './stop-command.js';

const LOCAL = fileURLToPath(new URL('../scripts/local.mjs', import.meta.url));
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-cf-dev-'));
});
afterAll(async () => {
  for (const c of children) await stopCommand(c);
  await rm(dir, { recursive: true, force: true });
});

/** Starts the command; resolves with its URL once it prints it. */
function start(...args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [LOCAL, '--persist', join(dir, 'state'), '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /^palimpsest worker: (http:\/\/127\.0\.0\.1:\d+)\//m.exec(out);
      if (m) resolve({ child, url: m[1]! });
    });
    child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
    child.once('exit', (code) => reject(new Error(`local.mjs exited ${code}: ${out}${err}`)));
  });
}

/** The pid of the workerd process the command started (read from /proc: its parent and command name). */
function workerdOf(child: ChildProcess): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const m = /^\d+ \((.*)\) \S (\d+)/.exec(stat);
    if (m !== null && m[1] === 'workerd' && Number(m[2]) === child.pid) return Number(entry);
  }
  throw new Error('local.mjs started no workerd process');
}

/** Whether process `pid` is still running (an exited one not yet reaped is a zombie, state Z: not running). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Ctrl-C: it stops (0, or 130 when miniflare's own SIGINT hook exits first, as a shell reports Ctrl-C). */
const stop = (child: ChildProcess): Promise<number | null> => stopCommand(child, 'SIGINT');

describe('npm run dev:cloudflare', () => {
  it('serves the Worker locally with storage that survives a restart', async () => {
    let { child, url } = await start();
    const remember = await fetch(`${url}/memories/dev/assert`, { method: 'POST', body: JSON.stringify({ subject: 'Ana', predicate: 'lives_in', object: 'Lima' }) });
    expect(remember.status).toBe(200);
    expect([0, 130]).toContain(await stop(child));
    ({ child, url } = await start());
    const facts = (await (await fetch(`${url}/memories/dev/facts`, { method: 'POST', body: '{}' })).json()) as any;
    expect(facts.facts.map((f: any) => f.object)).toEqual(['Lima']);
    expect([0, 130]).toContain(await stop(child));
  });

  it('takes its workerd with it when stopped by Ctrl-C or SIGTERM (no runtime left running)', async () => {
    for (const stopWith of [stop, stopCommand]) {
      const { child } = await start();
      const runtime = workerdOf(child);
      await stopWith(child);
      // gone once the runtime has exited; a runtime left running keeps this waiting until the test fails
      while (alive(runtime)) await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('sends no CORS headers unless the origin is in CORS_ORIGINS', async () => {
    let { child, url } = await start();
    const headers = { origin: 'https://app.example.com', 'content-type': 'application/json' };
    const plain = await fetch(`${url}/memories/dev/facts`, { method: 'POST', headers, body: '{}' });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${url}/memories/dev/facts`, { method: 'OPTIONS', headers })).status).toBe(403);
    await stop(child);

    ({ child, url } = await start('--var', 'CORS_ORIGINS=https://app.example.com, http://localhost:5173'));
    const allowed = await fetch(`${url}/memories/dev/facts`, { method: 'POST', headers, body: '{}' });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    // A page may read the size headers, the limit among them.
    expect(allowed.headers.get('access-control-expose-headers')?.split(/,\s*/)).toEqual(expect.arrayContaining(['x-palimpsest-stored-bytes', 'x-palimpsest-max-memory-bytes']));
    expect(allowed.headers.get('x-palimpsest-max-memory-bytes')).toMatch(/^\d+$/);
    const preflight = await fetch(`${url}/memories/dev/mcp`, { method: 'OPTIONS', headers: { ...headers, 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/mcp-session-id/);
    const other = await fetch(`${url}/memories/dev/facts`, { method: 'POST', headers: { ...headers, origin: 'https://evil.example' }, body: '{}' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    await stop(child);
  });
});
