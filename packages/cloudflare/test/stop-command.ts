import type { ChildProcess } from 'node:child_process';

/**
 * Stops a `scripts/local.mjs` process a test started, and its workerd with it: SIGTERM (or Ctrl-C's SIGINT)
 * lets miniflare's exit hook stop the runtime (a SIGKILL would leave workerd running, orphaned); resolves with
 * its exit code once the process is gone (null when it had already exited, or ended by a signal).
 */
export async function stopCommand(child: ChildProcess, signal: 'SIGTERM' | 'SIGINT' = 'SIGTERM'): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return null;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(signal);
  return exited;
}
