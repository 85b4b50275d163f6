/**
 * The process the kill test SIGKILLs (bundled by kill.test.ts with esbuild). Usage:
 *   append <log> : appends operation after operation, printing "ack <n>" after every flush that resolved
 *   save <file>  : saves snapshot after snapshot of growing memories, printing "saved <k>" after each
 */
import { openLogAppender, readLog, saveSnapshot } from '@palimpsest/persist/node';
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

await (mode === 'append' ? append() : save());
