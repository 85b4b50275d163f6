import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DatasetFormatError } from '../src/index.js';
import { forEachArrayElement } from '../src/json-array.js';

const dir = mkdtempSync(join(tmpdir(), 'palimpsest-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Strings with quotes, escaped backslashes before quotes, brackets and multi-byte UTF-8.
const tricky = [
  { a: 'plain', n: 1 },
  { a: 'quote " inside', b: ['[', ']', '{', '}'] },
  { a: 'backslash at end \\', b: '\\\\', c: '\\"' },
  { a: 'héllo wörld ✓ 🎉', nested: { deep: [{ x: '}' }, []] } },
  {},
];

async function read(path: string, chunk: number, wanted?: (p: number) => boolean): Promise<unknown[]> {
  const out: unknown[] = [];
  await forEachArrayElement(path, 'test', (v) => out.push(v), wanted, chunk);
  return out;
}

describe('forEachArrayElement', () => {
  const text = ` \n[ ${tricky.map((x) => JSON.stringify(x)).join(' ,\n')} ]\n`;
  const plain = join(dir, 'a.json');
  const gz = join(dir, 'a.json.gz');
  writeFileSync(plain, text);
  writeFileSync(gz, gzipSync(Buffer.from(text)));

  it('yields exactly what JSON.parse gives, whatever the chunk boundaries', async () => {
    for (const chunk of [1, 2, 3, 5, 7, 64, 1 << 20]) expect(await read(plain, chunk)).toEqual(tricky);
    expect(await read(gz, 64)).toEqual(tricky);
  });
  it('skips unwanted positions without changing the others', async () => {
    expect(await read(plain, 3, (p) => p % 2 === 0)).toEqual([tricky[0], tricky[2], tricky[4]]);
  });
  it('reads an empty array', async () => {
    const p = join(dir, 'empty.json');
    writeFileSync(p, '[]');
    expect(await read(p, 1)).toEqual([]);
  });
  it('refuses truncated, non-array, non-object and invalid input with DatasetFormatError', async () => {
    const cases: Array<[string, RegExp]> = [
      ['[{"a": 1}, {"b": ', /truncated/],
      ['{"a": 1}', /expected a top-level JSON array/],
      ['[1, 2]', /expected every array element to be an object/],
      ['[{"a": 1,}]', /element 0 is not valid JSON/],
      ['[{"a": 1}] x', /unexpected data after/],
    ];
    for (const [body, message] of cases) {
      const p = join(dir, 'bad.json');
      writeFileSync(p, body);
      await expect(read(p, 4)).rejects.toThrow(DatasetFormatError);
      await expect(read(p, 4)).rejects.toThrow(message);
    }
    const bad = join(dir, 'bad.json.gz');
    writeFileSync(bad, gzipSync(Buffer.from(text)).subarray(0, 40));
    await expect(read(bad, 64)).rejects.toThrow(DatasetFormatError);
  });
});
