import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readWholeFile } from '../src/fs-util.js';

const dir = mkdtempSync(join(tmpdir(), 'palimpsest-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readWholeFile (what loadSnapshot reads a file with)', () => {
  it('gives the bytes readFile gives: empty, small and multi-megabyte files', async () => {
    for (const size of [0, 1, 4095, 3 * 2 ** 20 + 7]) {
      const path = join(dir, `f${size}`);
      writeFileSync(path, Uint8Array.from({ length: size }, (_, i) => (i * 131 + (i >> 9)) & 255));
      const got = await readWholeFile(path);
      expect(got.length).toBe(size);
      expect(Buffer.from(got).equals(await readFile(path))).toBe(true);
    }
  });

  it.runIf(existsSync('/proc/version'))('reads past the size stat gave when there is more (a /proc file says 0 bytes)', async () => {
    const got = await readWholeFile('/proc/version');
    expect(got.length).toBeGreaterThan(0);
    expect(Buffer.from(got).equals(await readFile('/proc/version'))).toBe(true);
  });

  it('rejects a missing file with ENOENT, as readFile does, and a directory by name (only regular files are read)', async () => {
    await expect(readWholeFile(join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(readWholeFile(dir)).rejects.toThrow(`readWholeFile: ${dir} is a directory, not a regular file`);
  });
});
