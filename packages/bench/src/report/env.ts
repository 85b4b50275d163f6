import { execFileSync } from 'node:child_process';
import os from 'node:os';
import type { Environment } from './types.js';

/** The git commit of the working tree, or null outside a repository (or before the first commit). */
export function gitCommit(cwd = process.cwd()): string | null {
  try {
    const out = execFileSync('git', ['rev-parse', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' });
    const c = out.trim();
    return /^[0-9a-f]{40}$/.test(c) ? c : null;
  } catch {
    return null;
  }
}

export function environment(command = process.argv.join(' ')): Environment {
  const cpus = os.cpus();
  return {
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    cpuModel: cpus[0]?.model ?? 'unknown',
    cpuCount: cpus.length,
    totalMemoryBytes: os.totalmem(),
    node: process.version,
    v8: process.versions.v8,
    gitCommit: gitCommit(),
    command,
    gcExposed: typeof (globalThis as { gc?: unknown }).gc === 'function',
  };
}
