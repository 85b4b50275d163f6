/**
 * Reading a log file as a stream through the verifier of log-scanner.ts (browser-safe), a chunk at a time.
 */
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { Scanner } from './log-scanner.js';
import type { LogScanResult } from './log-scanner.js';
import { isErrno, notFound, READ_NO_WAIT, refuseIfNotRegular } from './fs-util.js';

export { damageError, truncatedError } from './log-scanner.js';
export type { LogFailure, LogScanResult, LogTruncation } from './log-scanner.js';

/** Streams `path` through the verifier. A missing file rejects with NotFoundError. */
export async function scanLog(caller: string, path: string, keepOps = true): Promise<LogScanResult> {
  const scanner = new Scanner(caller, path, keepOps);
  let pending: Buffer[] = [];
  let fh: FileHandle | undefined;
  try {
    fh = await open(path, READ_NO_WAIT);
    refuseIfNotRegular(caller, path, await fh.stat());
    for await (const chunk of fh.createReadStream({ highWaterMark: 1 << 20, autoClose: false }) as AsyncIterable<Buffer>) {
      if (scanner.framed()) {
        scanner.feedFrames(chunk);
        continue;
      }
      let from = 0;
      for (;;) {
        // Version 3: after its header line the file is frames, not lines.
        if (scanner.framed()) {
          scanner.feedFrames(chunk.subarray(from));
          break;
        }
        const nl = chunk.indexOf(0x0a, from);
        if (nl < 0) {
          if (from < chunk.length) pending.push(chunk.subarray(from));
          break;
        }
        const piece = chunk.subarray(from, nl);
        scanner.feed(pending.length > 0 ? Buffer.concat([...pending, piece]) : piece, true);
        pending = [];
        from = nl + 1;
      }
    }
  } catch (e) {
    if (isErrno(e, 'ENOENT')) throw notFound(caller, path, e);
    throw e;
  } finally {
    await fh?.close();
  }
  if (scanner.framed()) scanner.finishFrames();
  else if (pending.length > 0) scanner.feed(Buffer.concat(pending), false);
  return scanner.result();
}