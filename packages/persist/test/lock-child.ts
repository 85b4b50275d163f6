/**
 * A process of the lock tests (bundled by lock.test.ts with esbuild). Usage:
 *   hold <log>          : opens an appender and appends forever, printing "ack <n>" after every resolved flush
 *   start <log> <tag>   : prints "ready", waits for "go" on stdin, then repairs the log (a dead writer may
 *                         have torn its tail) and opens an appender. Prints "locked <error>" if another writer
 *                         holds the log, else "held", then appends 20 operations tagged <tag>, printing
 *                         "ack <tag> <i>" after each resolved flush, and "done"; closes when stdin ends.
 */
import { LogLockedError } from '@palimpsest/core';
import { openLogAppender, readLog, repairLog } from '@palimpsest/persist/node';
import { killOp } from './kill-shared.js';

const [mode, path, tag] = process.argv.slice(2) as [string, string, string];

async function hold(): Promise<void> {
  let next = (await readLog(path).catch(() => ({ ops: [] }))).ops.length;
  const a = await openLogAppender(path);
  for (;;) {
    for (let k = 0; k < 1 + (next % 5); k++) a.append(killOp(next++));
    await a.flush();
    process.stdout.write(`ack ${next}\n`);
  }
}

function line(): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (c: Buffer): void => {
      text += c.toString();
      if (!text.includes('\n')) return;
      process.stdin.off('data', onData);
      resolve(text.slice(0, text.indexOf('\n')));
    };
    process.stdin.on('data', onData);
  });
}

async function start(): Promise<void> {
  process.stdout.write('ready\n');
  await line();
  let a;
  try {
    await repairLog(path).catch((e: unknown) => {
      if (!(e instanceof LogLockedError) && !String(e).includes('no file at')) throw e;
      if (e instanceof LogLockedError) throw e;
    });
    a = await openLogAppender(path);
  } catch (e) {
    if (!(e instanceof LogLockedError)) throw e;
    process.stdout.write(`locked ${e.message}\n`);
    process.exit(0);
  }
  process.stdout.write('held\n');
  for (let i = 0; i < 20; i++) {
    a.append({ type: 'note', who: tag, i });
    await a.flush();
    process.stdout.write(`ack ${tag} ${i}\n`);
  }
  process.stdout.write('done\n');
  process.stdin.resume();
  process.stdin.on('end', () => void a.close().then(() => process.exit(0)));
}

await (mode === 'hold' ? hold() : start());
