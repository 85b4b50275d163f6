/**
 * workerd's stdout and stderr, passed on line by line, minus the one line workerd logs (with a stack) for
 * every client that leaves while it is still writing to it: a client that closed its connection, an MCP
 * client aborting a request, a refused request whose body was never read. workerd's HTTP listener logs
 * whatever ends a connection at error level (server.c++, `listenHttp` … `KJ_LOG(ERROR, …)`), a DISCONNECTED
 * socket write included, although its own request handlers already ignore DISCONNECTED
 * (cloudflare/workerd issue 3207 reports the same noise). Nothing went wrong on the server, so the
 * developer sees nothing; every other line, real errors and their stacks included, is passed on as is.
 */
import { createInterface } from 'node:readline';

/** workerd's listener log for a socket the client has closed: a kj DISCONNECTED error from a socket call. */
const CLIENT_LEFT =
  /^workerd\/server\/server\.c\+\+:\d+: error: kj::getCaughtExceptionAsKj\(\) = kj\/async-io-unix\.c\+\+:\d+: disconnected: ::(?:write|writev|send|sendmsg|read|recv)\(.*\): (?:Broken pipe|Connection reset by peer)$/;
const ANSI = /\x1b\[[0-9;]*m/g;

/** True for workerd's log line of a client that left (colours ignored). */
export function isClientLeftLine(line) {
  return CLIENT_LEFT.test(line.replace(ANSI, ''));
}

/**
 * A line filter: returns whether to pass `line` on. Drops a client-left line and the `stack:` line that
 * follows it, and nothing else.
 */
export function clientLeftFilter() {
  let droppedLast = false;
  return (line) => {
    const plain = line.replace(ANSI, '');
    const drop = CLIENT_LEFT.test(plain) || (droppedLast && plain.startsWith('stack: '));
    droppedLast = drop && !plain.startsWith('stack: ');
    return !drop;
  };
}

/** miniflare's `handleRuntimeStdio`: stdout to stdout, stderr to stderr, each through its own filter. */
export function forwardRuntimeOutput(stdout, stderr) {
  for (const [stream, write] of [
    [stdout, (line) => process.stdout.write(`${line}\n`)],
    [stderr, (line) => process.stderr.write(`${line}\n`)],
  ]) {
    const keep = clientLeftFilter();
    createInterface(stream).on('line', (line) => {
      if (keep(line)) write(line);
    });
  }
}
