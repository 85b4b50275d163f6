import type { ChildProcess } from 'node:child_process';

/**
 * Stops a `scripts/local.mjs` process a test started, and its workerd with it: SIGTERM lets miniflare's exit
 * hook stop the runtime (a SIGKILL would leave workerd running, orphaned); resolves once the process is gone.
 */
export async function stopCommand(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}
