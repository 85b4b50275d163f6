/**
 * `npm run inspect` (serve.mjs) as a user starts it: the page and the snapshot for a loopback Host, 403 and
 * nothing of the memory for another host name (a DNS-rebinding page).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryGraph } from '@palimpsest/core';
import { saveSnapshot } from '@palimpsest/persist/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVE = fileURLToPath(new URL('../serve.mjs', import.meta.url));

function get(url: string, host: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (b: Buffer) => parts.push(b));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts) }));
    });
    req.on('error', reject);
    req.end();
  });
}

let dir: string;
let child: ChildProcess | undefined;
let base: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plmp-inspect-'));
  const mem = new MemoryGraph();
  mem.assert({ subject: 'Ann', predicate: 'likes', object: 'tea' });
  await saveSnapshot(join(dir, 'ann.plmp'), mem);
  child = spawn(process.execPath, [SERVE, join(dir, 'ann.plmp'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, INIT_CWD: dir } });
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child!.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /inspect: (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) resolve(m[1]!);
    });
    child!.once('exit', (code) => reject(new Error(`serve.mjs exited (${code})`)));
  });
});
afterAll(async () => {
  child?.kill('SIGTERM');
  await rm(dir, { recursive: true, force: true });
});

describe('the inspector server', () => {
  it('serves the page and the snapshot to a loopback Host only', async () => {
    const port = new URL(base).port;
    const snapshot = `${base}/snapshot/ann.plmp`;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      expect((await get(snapshot, host)).status).toBe(200);
      expect((await get(`${base}/`, host)).status).toBe(200);
    }
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1.evil.example:${port}`]) {
      for (const url of [snapshot, `${base}/`, `${base}/dist/inspector.js`]) {
        const r = await get(url, host);
        expect([host, url, r.status]).toEqual([host, url, 403]);
        expect(r.body.toString()).toBe('inspect: only 127.0.0.1 and localhost are served (Host)\n');
      }
    }
  });
});
