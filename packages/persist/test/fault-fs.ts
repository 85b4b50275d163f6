/**
 * A seeded fault injector over node:fs/promises, for tests that `vi.mock('node:fs/promises', …)` with
 * `wrapFs`: every write, fsync, truncate and rename (of a file handle or by path) is a numbered fault
 * point; when armed, point number `failAt` (and the `width` - 1 after it) fails — a write either before any byte lands or after half
 * of them (a disk failing mid-write) — with a seeded errno. Everything else passes through untouched.
 */
import type * as FsPromises from 'node:fs/promises';
import { mulberry32 } from '@palimpsest/core/internal';

export const faults = {
  /** Fault points counted since reset(). */
  count: 0,
  /** The first point that fails (-1: none). */
  failAt: -1,
  /** How many points fail from failAt on (2: the failure handling's own first call fails too). */
  width: 1,
  /** What failed, once it did: "<call> <errno> <how>". */
  fired: '',
  random: mulberry32(1),
  reset(failAt: number, seed: number, width = 1): void {
    this.count = 0;
    this.failAt = failAt;
    this.width = width;
    this.fired = '';
    this.random = mulberry32(seed);
  },
};

const ERRNOS = ['EIO', 'ENOSPC', 'EDQUOT'] as const;

/** Counts a fault point; resolves to an error to throw (with how the write ends) when it is the one that fails. */
function point(call: string): { error: NodeJS.ErrnoException; half: boolean } | undefined {
  const n = faults.count++;
  if (faults.failAt < 0 || n < faults.failAt || n >= faults.failAt + faults.width) return undefined;
  const code = ERRNOS[Math.floor(faults.random() * ERRNOS.length)]!;
  const half = call === 'write' && faults.random() < 0.5;
  faults.fired += `${faults.fired === '' ? '' : ', then '}${call} ${code}${half ? ' after half the bytes' : ''}`;
  return { error: Object.assign(new Error(`${code}: injected fault, ${call}`), { code, syscall: call }), half };
}

type Handle = Awaited<ReturnType<typeof FsPromises.open>>;

function wrapHandle(fh: Handle): Handle {
  return new Proxy(fh, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function') return value;
      const method = (value as (...a: unknown[]) => unknown).bind(target);
      if (key === 'write') {
        return async (buffer: Uint8Array | string, ...rest: unknown[]) => {
          const fault = point('write');
          if (fault && fault.half && typeof buffer !== 'string') {
            const [offset = 0, length = buffer.length - (offset as number), position] = rest as [number?, number?, number?];
            const cut = Math.floor((length as number) / 2);
            if (cut > 0) await target.write(buffer, offset as number, cut, position);
          }
          if (fault) throw fault.error;
          return method(buffer, ...rest);
        };
      }
      if (key === 'writeFile' || key === 'datasync' || key === 'sync' || key === 'truncate') {
        return async (...args: unknown[]) => {
          const fault = point(key);
          if (fault) throw fault.error;
          return method(...args);
        };
      }
      return method;
    },
  });
}

/** node:fs/promises with its writes, fsyncs, truncates and renames made fault points. */
export function wrapFs(real: typeof FsPromises): typeof FsPromises {
  const open = async (...args: Parameters<typeof FsPromises.open>) => wrapHandle(await real.open(...args));
  const rename = async (...args: Parameters<typeof FsPromises.rename>) => {
    const fault = point('rename');
    if (fault) throw fault.error;
    return real.rename(...args);
  };
  const wrapped = { ...real, open, rename } as typeof FsPromises;
  return { ...wrapped, default: wrapped } as typeof FsPromises;
}
