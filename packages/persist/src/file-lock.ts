/**
 * One writer per file or folder, held by something the kernel takes back when its holder dies, so a
 * crashed writer never strands a memory and no one ever "takes over" a lock (no pid to trust, no
 * read → unlink → create race):
 *
 * - Linux: a Unix socket bound in the abstract namespace, `\0palimpsest-lock-<hash>`. bind() is atomic
 *   (a second bind fails with EADDRINUSE) and the name vanishes with the last descriptor, i.e. when the
 *   holder closes it or dies. Nothing is written to the file system. Its limits: the namespace is per
 *   network namespace (two containers with their own networks but one shared volume do not see each
 *   other's locks), and any local process may bind a name first (it can block a writer, not corrupt a log).
 * - Windows: a named pipe `\\?\pipe\palimpsest-lock-<hash>` (created exclusively, closed by the kernel at death).
 * - macOS and the BSDs: `<path>.lock` opened with O_EXLOCK | O_NONBLOCK, an flock(2) taken atomically by
 *   open() and released by the kernel with the descriptor (the empty file stays; it is not the lock's state).
 *   The Linux path is the one CI exercises.
 *
 * The hash names the file by its directory's device and inode and its own name, so two spellings of one
 * path (a symlink, `..`, a bind mount) are one lock, and a file replaced by rename keeps its lock.
 * Readers take no lock.
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open, stat } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import type { Server } from 'node:net';
import { basename, dirname, resolve } from 'node:path';
import { InvalidArgumentError, LogLockedError } from '@palimpsest/core';
import { isErrno } from './fs-util.js';

/** A held lock: release() gives it back (idempotent). The holder's death releases it too. */
export interface FileLock {
  /** The path it was taken for, as given. */
  readonly path: string;
  /** Whether release() has not run yet. */
  readonly held: boolean;
  release(): Promise<void>;
}

/** Keys held by this process: a second writer in the same process is named as such. */
const heldHere = new Map<string, string>();

/** The lock's identity: the directory's device and inode, and the file's name. */
async function lockKey(caller: string, path: string): Promise<string> {
  const full = resolve(path);
  let dir;
  try {
    dir = await stat(dirname(full));
  } catch (e) {
    if (isErrno(e, 'ENOENT', 'ENOTDIR')) {
      const err = new InvalidArgumentError(`${caller}: the folder of ${path} does not exist`);
      err.cause = e;
      throw err;
    }
    throw e;
  }
  return createHash('sha256').update(`${dir.dev}:${dir.ino}/${basename(full)}`).digest('hex').slice(0, 40);
}

/** Is `lock` a held lock taken for the same file as `path`? (writeLog and repairLog accept their caller's lock.) */
export async function lockCovers(lock: FileLock, path: string, caller: string): Promise<boolean> {
  const held = lock instanceof HeldLock && lock.held;
  return held && (await lockKey(caller, path)) === lock.key;
}

class HeldLock implements FileLock {
  held = true;
  constructor(
    readonly path: string,
    readonly key: string,
    private readonly letGo: () => Promise<void>,
  ) {}

  async release(): Promise<void> {
    if (!this.held) return;
    this.held = false;
    heldHere.delete(this.key);
    await this.letGo();
  }
}

/**
 * Takes the write lock of `path` (a log, a snapshot or a memory folder; it need not exist, its folder
 * must). Another holder, in this process or another, is refused with LogLockedError naming it; a holder
 * that died has released it already. Resolves to the held lock.
 */
export async function lockFile(path: string, options: { caller?: string } = {}): Promise<FileLock> {
  const caller = options.caller ?? 'lockFile';
  if (typeof path !== 'string' || path.length === 0) throw new InvalidArgumentError(`${caller}: path must be a non-empty string`);
  const key = await lockKey(caller, path);
  const other = heldHere.get(key);
  if (other !== undefined) {
    throw new LogLockedError(`${caller}: ${path} is locked by another writer in this process (${other}); one writer per file`);
  }
  heldHere.set(key, caller);
  try {
    const letGo = process.platform === 'linux' || process.platform === 'win32' ? await bindName(caller, path, key) : await flockFile(caller, path);
    return new HeldLock(path, key, letGo);
  } catch (e) {
    heldHere.delete(key);
    throw e;
  }
}

function socketName(key: string): string {
  return process.platform === 'win32' ? `\\\\?\\pipe\\palimpsest-lock-${key}` : `\0palimpsest-lock-${key}`;
}

/** Binds the lock's socket name; a connection to it is answered with the holder's pid (for the refusal's message). */
async function bindName(caller: string, path: string, key: string): Promise<() => Promise<void>> {
  const server: Server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.end(`${process.pid}\n`);
  });
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(socketName(key), () => {
        server.off('error', fail);
        done();
      });
    });
  } catch (e) {
    if (!isErrno(e, 'EADDRINUSE', 'EACCES')) throw e;
    const holder = await holderPid(key);
    throw new LogLockedError(`${caller}: ${path} is locked by ${holder === undefined ? 'another process' : `process ${holder}`}; one writer per file`);
  }
  server.unref(); // the lock never keeps a process alive by itself
  server.on('error', () => undefined);
  return () => new Promise<void>((done) => server.close(() => done()));
}

/** Asks the holder for its pid; undefined if it does not answer within a second (busy, or another program). */
function holderPid(key: string): Promise<number | undefined> {
  return new Promise((done) => {
    let text = '';
    const socket = connect(socketName(key));
    const finish = (): void => {
      clearTimeout(timer);
      socket.destroy();
      done(/^\d+\n/.test(text) ? Number(text.slice(0, text.indexOf('\n'))) : undefined);
    };
    const timer = setTimeout(finish, 1000);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\n') || text.length > 32) finish();
    });
    socket.on('end', finish);
    socket.on('error', finish);
  });
}

/** BSD open flag: take an exclusive flock(2) as part of open() (macOS, FreeBSD, OpenBSD, NetBSD). */
const O_EXLOCK = 0x20;

async function flockFile(caller: string, path: string): Promise<() => Promise<void>> {
  let fh: FileHandle;
  try {
    fh = await open(`${path}.lock`, constants.O_RDWR | constants.O_CREAT | O_EXLOCK | constants.O_NONBLOCK, 0o600);
  } catch (e) {
    if (isErrno(e, 'EAGAIN', 'EWOULDBLOCK')) throw new LogLockedError(`${caller}: ${path} is locked by another process (${path}.lock); one writer per file`);
    throw e;
  }
  return () => fh.close();
}

/** Runs `work` holding the write lock of `path`: the caller's (checked to be the same file) or one taken for it. */
export async function withLock<T>(caller: string, path: string, given: FileLock | undefined, work: () => Promise<T>): Promise<T> {
  if (given !== undefined) {
    if (!(await lockCovers(given, path, caller))) throw new InvalidArgumentError(`${caller}: options.lock must be a held lock of ${path} (lockFile)`);
    return work();
  }
  const lock = await lockFile(path, { caller });
  try {
    return await work();
  } finally {
    await lock.release();
  }
}
