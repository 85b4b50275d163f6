/**
 * What one acknowledged write costs, and what taking a writer's lock costs, on this machine's disk:
 * persist's log appender (append one operation, flush = write + fdatasync + commit-slot rewrite) against
 * SQLite through better-sqlite3 (one INSERT of the same operation's JSON per transaction, WAL and
 * rollback journal, synchronous=FULL), and lockFile (a kernel-held lock) against a lock file created with
 * O_EXCL (what a pid-file lock costs at least). Usage (from the repository root, after `npm run build`):
 *   node packages/bench/dist/durable-write-ab.js [DIR] [WRITES]
 * DIR defaults to a new folder under the system's temporary folder (put it on the disk to measure).
 */
import { mkdtempSync, rmSync, writeFileSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockFile, openLogAppender } from '@palimpsest/persist/node';

const [dirArg, writesArg] = process.argv.slice(2);
const dir = mkdtempSync(join(dirArg ?? tmpdir(), 'durable-ab-'));
const writes = Number(writesArg ?? 300);

const op = (i: number) => ({ type: 'assert', recordedAt: 1_700_000_000_000 + i, subject: i % 50, predicate: 'likes', object: { value: `thing ${i}` }, validFrom: i, confidence: 1 });

function summary(name: string, ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(3);
  return `${name}: median ${q(0.5)} ms, p90 ${q(0.9)} ms, p99 ${q(0.99)} ms (${s.length})`;
}

async function appender(): Promise<number[]> {
  const a = await openLogAppender(join(dir, 'log'));
  const times: number[] = [];
  for (let i = 0; i < writes; i++) {
    const t = performance.now();
    a.append(op(i));
    await a.flush();
    times.push(performance.now() - t);
  }
  await a.close();
  return times;
}

function sqlite(journal: 'WAL' | 'DELETE'): number[] | string {
  let Database: new (path: string) => { pragma(s: string): unknown; prepare(s: string): { run(...a: unknown[]): unknown }; close(): void };
  try {
    Database = createRequire(import.meta.url)('better-sqlite3');
  } catch (e) {
    return `better-sqlite3 not installed (${(e as Error).message.split('\n')[0]})`;
  }
  const db = new Database(join(dir, `memory-${journal}.db`));
  db.pragma(`journal_mode = ${journal}`);
  db.pragma('synchronous = FULL');
  db.prepare('CREATE TABLE ops (seq INTEGER PRIMARY KEY, op TEXT NOT NULL)').run();
  const insert = db.prepare('INSERT INTO ops (op) VALUES (?)');
  const times: number[] = [];
  for (let i = 0; i < writes; i++) {
    const t = performance.now();
    insert.run(JSON.stringify(op(i))); // autocommit: one transaction, fsynced, per write
    times.push(performance.now() - t);
  }
  db.close();
  return times;
}

async function locks(): Promise<{ kernel: number[]; file: number[] }> {
  const kernel: number[] = [];
  const file: number[] = [];
  const path = join(dir, 'locked');
  for (let i = 0; i < 2000; i++) {
    let t = performance.now();
    const lock = await lockFile(path);
    await lock.release();
    kernel.push(performance.now() - t);
    t = performance.now();
    writeFileSync(`${path}.lock`, `${process.pid}\n`, { flag: 'wx' });
    unlinkSync(`${path}.lock`);
    file.push(performance.now() - t);
  }
  return { kernel, file };
}

console.log(`${writes} acknowledged writes of one operation each, in ${dir}`);
console.log(summary('persist appender (append + flush)', await appender()));
for (const journal of ['WAL', 'DELETE'] as const) {
  const r = sqlite(journal);
  console.log(typeof r === 'string' ? `sqlite ${journal}: ${r}` : summary(`better-sqlite3 ${journal}, synchronous=FULL (one INSERT per transaction)`, r));
}
const l = await locks();
console.log(summary('lockFile + release (abstract socket)', l.kernel));
console.log(summary('O_EXCL lock file create + unlink', l.file));
rmSync(dir, { recursive: true, force: true });
