/**
 * The crash test of persist's kill.test.ts, run against SQLite (better-sqlite3, WAL, synchronous=FULL), for
 * the comparison in durable-write-ab.ts: a child inserts one row per transaction and prints "ack <n>" after
 * each commit; it is SIGKILLed after a seeded number of acknowledgements (20 times); every acknowledged row
 * must be there and `PRAGMA integrity_check` must say ok. Usage (after `npm run build`):
 *   node packages/bench/dist/durable-kill-sqlite.js [DIR]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

type Db = { pragma(s: string, o?: { simple: boolean }): unknown; prepare(s: string): { run(...a: unknown[]): unknown; get(): unknown }; close(): void };
const open = (path: string): Db => {
  const Database = createRequire(import.meta.url)('better-sqlite3') as new (p: string) => Db;
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  return db;
};

if (process.argv[2] === 'child') {
  const db = open(process.argv[3]!);
  db.prepare('CREATE TABLE IF NOT EXISTS ops (seq INTEGER PRIMARY KEY, op TEXT NOT NULL)').run();
  const insert = db.prepare('INSERT INTO ops (op) VALUES (?)');
  for (let n = (db.prepare('SELECT count(*) AS n FROM ops').get() as { n: number }).n; ; ) {
    insert.run(JSON.stringify({ type: 'note', i: n, text: 'é'.repeat((n * 7919) % 3000) }));
    process.stdout.write(`ack ${++n}\n`);
  }
} else {
  const dir = mkdtempSync(join(process.argv[2] ?? tmpdir(), 'sqlite-kill-'));
  const path = join(dir, 'memory.db');
  let seed = 11;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  let lost = 0;
  let bad = 0;
  for (let kill = 0; kill < 20; kill++) {
    const target = 1 + Math.floor(random() * 20);
    const acked = await new Promise<number>((resolve) => {
      const p = spawn(process.execPath, [fileURLToPath(import.meta.url), 'child', path]);
      let buffered = '';
      let last = 0;
      let seen = 0;
      p.stdout.on('data', (c: Buffer) => {
        const lines = (buffered += c.toString()).split('\n');
        buffered = lines.pop()!;
        for (const line of lines) {
          if (seen >= target) continue;
          last = Number(line.split(' ')[1]);
          if (++seen === target) setTimeout(() => p.kill('SIGKILL'), Math.floor(random() * 5));
        }
      });
      p.on('exit', () => resolve(last));
    });
    const db = open(path);
    const rows = (db.prepare('SELECT count(*) AS n FROM ops').get() as { n: number }).n;
    if (db.pragma('integrity_check', { simple: true }) !== 'ok') bad++;
    db.close();
    if (rows < acked) lost += acked - rows;
  }
  console.log(`sqlite WAL FULL: 20 kills, acknowledged rows lost ${lost}, databases failing integrity_check ${bad}`);
  rmSync(dir, { recursive: true, force: true });
}
