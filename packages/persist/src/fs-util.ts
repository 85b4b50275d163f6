/** Node file helpers shared by snapshots and logs: atomic replace, directory fsync, stale temporaries. */
import type { FileHandle } from 'node:fs/promises';
import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { InvalidArgumentError, NotFoundError } from '@palimpsest/core';

let tempCounter = 0;

export function isErrno(e: unknown, ...codes: string[]): boolean {
  return e instanceof Error && codes.includes((e as NodeJS.ErrnoException).code ?? '');
}

export function notFound(caller: string, path: string, e: unknown): NotFoundError {
  const err = new NotFoundError(`${caller}: no file at ${path}`);
  err.cause = e;
  return err;
}

/**
 * Flags to open a file for reading without waiting: a FIFO opened plainly blocks until a writer comes,
 * before the caller can see it is not a regular file (O_NONBLOCK changes nothing for a regular file).
 */
export const READ_NO_WAIT = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * A whole file's bytes, read into one buffer of the size the file has (uninitialised: every byte is then
 * read over), in as few reads as the system allows. readFile reads 512 KiB a call: for a snapshot of
 * hundreds of megabytes that is hundreds of round trips through the thread pool, about 20% more CPU than
 * this. Reads on to the end if the file grew meanwhile, as readFile does; errors are readFile's.
 */
export async function readWholeFile(path: string, caller = 'readWholeFile'): Promise<Uint8Array> {
  const fh = await open(path, READ_NO_WAIT);
  try {
    const info = await fh.stat();
    refuseIfNotRegular(caller, path, info);
    let buffer = Buffer.allocUnsafeSlow(info.size);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        // Full at the size found: the end, unless the file grew (then on into a larger buffer).
        const probe = Buffer.allocUnsafe(1);
        if ((await fh.read(probe, 0, 1, length)).bytesRead === 0) return buffer;
        const larger = Buffer.allocUnsafeSlow(Math.max(2 * buffer.length, 4096));
        buffer.copy(larger, 0, 0, length);
        larger[length++] = probe[0]!;
        buffer = larger;
      }
      const { bytesRead } = await fh.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) return buffer.subarray(0, length);
      length += bytesRead;
    }
  } finally {
    await fh.close();
  }
}

/**
 * A memory file is a regular file: a device (/dev/zero never ends), a FIFO or a socket is refused by name
 * instead of being read without end.
 */
export function refuseIfNotRegular(caller: string, path: string, info: Stats): void {
  if (info.isFile()) return;
  const what = info.isDirectory()
    ? 'a directory'
    : info.isCharacterDevice()
      ? 'a character device'
      : info.isBlockDevice()
        ? 'a block device'
        : info.isFIFO()
          ? 'a FIFO'
          : info.isSocket()
            ? 'a socket'
            : 'not a regular file';
  throw new InvalidArgumentError(`${caller}: ${path} is ${what}, not a regular file`);
}

/** Is process `pid` alive on this machine? (EPERM: it exists but belongs to someone else.) */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return isErrno(e, 'EPERM');
  }
}

export async function syncDirectory(dir: string): Promise<void> {
  let fh: FileHandle | undefined;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch (e) {
    // Some platforms and file systems cannot open or fsync a directory; the rename itself already happened.
    if (!isErrno(e, 'EISDIR', 'EPERM', 'EACCES', 'EINVAL', 'EBADF', 'ENOTSUP')) throw e;
  } finally {
    await fh?.close();
  }
}

/**
 * Removes `<name>.tmp-<pid>-<n>` files beside `path` left by saves of processes that no longer run
 * (a crash between creating the temporary and renaming it). Temporaries of live processes are kept, unless
 * `locked`: the caller holds the path's write lock, so no other writer's save is in flight and any other
 * process's temporary is dead, even when its pid now names a live process (pid reuse).
 */
export async function removeStaleTemps(path: string, locked = false): Promise<string[]> {
  const dir = dirname(path);
  const prefix = `${basename(path)}.tmp-`;
  const removed: string[] = [];
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const m = /^(\d+)-\d+$/.exec(name.slice(prefix.length));
    if (!m || Number(m[1]) === process.pid || (!locked && processAlive(Number(m[1])))) continue;
    try {
      await unlink(join(dir, name));
      removed.push(name);
    } catch {
      // gone already, or not ours to remove: leave it
    }
  }
  return removed;
}

/** New memory files are private (they hold conversations): owner read/write only, before the umask. */
export const NEW_FILE_MODE = 0o600;

/** The replacement of a file keeps the file's permission bits, and its owner where this process may set it (root). */
async function keepOwnerAndMode(fh: FileHandle, replaced: Stats): Promise<void> {
  await fh.chmod(replaced.mode & 0o7777);
  if (typeof process.getuid === 'function' && replaced.uid !== process.getuid()) {
    await fh.chown(replaced.uid, replaced.gid).catch(() => undefined); // only root may; others get a file of their own
  }
}

/**
 * Writes `path` atomically: `write` fills a temporary file beside it, which is fsynced and renamed over
 * `path`. If anything fails, the temporary file is removed and `path` is untouched. A replaced file keeps
 * its mode (and owner, for root); a new one is created 0600. After a success, temporaries of earlier crashed saves of the same path are removed.
 */
export async function writeFileAtomic(path: string, write: Uint8Array | ((fh: FileHandle) => Promise<void>), locked = false): Promise<void> {
  const replaced = await stat(path).catch(() => undefined);
  let tmp = '';
  let fh: FileHandle | undefined;
  for (let attempt = 0; !fh; attempt++) {
    tmp = `${path}.tmp-${process.pid}-${++tempCounter}`;
    try {
      fh = await open(tmp, 'wx', NEW_FILE_MODE);
    } catch (e) {
      if (!isErrno(e, 'EEXIST') || attempt > 100) throw e; // a stale temporary of a crashed run: next name
    }
  }
  let done = false;
  try {
    if (replaced?.isFile()) await keepOwnerAndMode(fh, replaced);
    if (typeof write === 'function') await write(fh);
    else await fh.writeFile(write);
    await fh.sync();
    await fh.close();
    fh = undefined;
    await rename(tmp, path);
    done = true;
  } finally {
    if (fh) await fh.close().catch(() => undefined);
    if (!done) await unlink(tmp).catch(() => undefined);
  }
  await syncDirectory(dirname(path));
  await removeStaleTemps(path, locked);
}

/**
 * Writes every byte of `bytes` at `position`, looping over short writes (a nearly full disk may take part
 * of a write and fail only on the next call). Resolves to the position after the last byte.
 */
export async function writeAll(fh: FileHandle, bytes: Uint8Array, position: number): Promise<number> {
  let done = 0;
  while (done < bytes.length) {
    const { bytesWritten } = await fh.write(bytes, done, bytes.length - done, position + done);
    if (bytesWritten <= 0) throw Object.assign(new Error(`write returned ${bytesWritten} bytes`), { code: 'EIO' });
    done += bytesWritten;
  }
  return position + done;
}
