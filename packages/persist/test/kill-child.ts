/**
 * The process the kill test SIGKILLs (bundled by kill.test.ts with esbuild). Usage:
 *   append <log> : appends operation after operation, printing "ack <n>" after every flush that resolved
 *   save <file>  : saves snapshot after snapshot of growing memories, printing "saved <k>" after each
 *   rewrite <log>: rewrites the log with writeLog, with one more operation each time, printing "wrote <k>" after each
 */
import { openLogAppender, readLog, saveSnapshot, writeLog } from '@palimpsest/persist/node';
import { killOp, killMemory } from './kill-shared.js';

const [mode, path] = process.argv.slice(2) as [string, string];

async function append(): Promise<void> {
  let next = (await readLog(path).catch(() => ({ ops: [] }))).ops.length;
  const a = await openLogAppender(path);
  for (;;) {
    const batch = 1 + (next % 5);
    for (let k = 0; k < batch; k++) a.append(killOp(next++));
    await a.flush();
    process.stdout.write(`ack ${next}\n`);
  }
}

async function save(): Promise<void> {
  for (let k = 1; ; k++) {
    await saveSnapshot(path, killMemory(k));
    process.stdout.write(`saved ${k}\n`);
  }
}

async function rewrite(): Promise<void> {
  for (let k = 1; ; k++) {
    await writeLog(path, Array.from({ length: 40 + k }, (_, i) => killOp(i)));
    process.stdout.write(`wrote ${k}\n`);
  }
}

await (mode === 'append' ? append() : mode === 'save' ? save() : rewrite());
