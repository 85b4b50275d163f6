/**
 * The filter on workerd's output in `npm run dev:cloudflare`: it drops exactly workerd's log of a client
 * that left (and that log's stack line) and passes every other line, real errors and their stacks included.
 * The lines are workerd's own (workerd 1.20260730, as printed by scripts/local.mjs).
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without types
import { clientLeftFilter, isClientLeftLine } from '../scripts/runtime-output.mjs';

const LEFT = 'workerd/server/server.c++:6090: error: kj::getCaughtExceptionAsKj() = kj/async-io-unix.c++:186: disconnected: ::write(fd, buffer.begin(), buffer.size()): Broken pipe';
const RESET = 'workerd/server/server.c++:6090: error: kj::getCaughtExceptionAsKj() = kj/async-io-unix.c++:186: disconnected: ::read(fd, buffer, maxBytes): Connection reset by peer';
const STACK = 'stack: /x/workerd@5400a58 /x/workerd@5401911 /x/workerd@520912f';
const REAL = 'workerd/jsg/util.c++:374: error: e = kj/filesystem-disk-unix.c++:928: failed: create(path): Not a directory; path = SNAPSHOTS/blobs/.kj-tmp.partial';
const REAL_STACK = 'stack: /x/workerd@544c293 /x/workerd@544ad11; sentryErrorContext = jsgInternalError';

function kept(lines: string[]): string[] {
  const keep = clientLeftFilter() as (line: string) => boolean;
  return lines.filter((line) => keep(line));
}

describe('workerd output filter', () => {
  it('drops a client-left log and its stack, and nothing around them', () => {
    expect(kept([LEFT, STACK, REAL, REAL_STACK, RESET, STACK, 'ready'])).toEqual([REAL, REAL_STACK, 'ready']);
  });

  it('keeps a stack line that follows anything else', () => {
    expect(kept([REAL, REAL_STACK, REAL_STACK])).toEqual([REAL, REAL_STACK, REAL_STACK]);
    expect(kept([LEFT, STACK, STACK])).toEqual([STACK]);
  });

  it('recognises the line in colour, and no other disconnect or broken pipe', () => {
    expect(isClientLeftLine(`\u001b[31m${LEFT}\u001b[39m`)).toBe(true);
    // workerd's request handlers' own errors, a Worker's uncaught error, and a Broken pipe elsewhere are real.
    for (const line of [
      'workerd/server/server.c++:3360: error: Uncaught exception: kj/async-io-unix.c++:290: disconnected: worker_do_not_log; Request failed due to internal error',
      'workerd/io/worker.c++:2100: error: Uncaught Error: Broken pipe',
      'kj/async-io-unix.c++:186: disconnected: ::write(fd, buffer.begin(), buffer.size()): Broken pipe',
      `${LEFT} and more`,
      'palimpsest: snapshot of memory "x" failed (operations kept in storage): Error: Broken pipe',
    ]) {
      expect([line, isClientLeftLine(line)]).toEqual([line, false]);
    }
  });
});
