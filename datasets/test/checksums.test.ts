import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_SHA256, datasetChecksums, findDataset, sha256OfJson } from '../src/index.js';
import { hasLocomo, hasOracle, longTests } from './helpers.js';

describe('sha256OfJson', () => {
  it('hashes the decompressed bytes, the same for .json and .json.gz', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'palimpsest-sha-'));
    try {
      const body = Buffer.from('[{"a": "b"}]\n');
      writeFileSync(join(dir, 'x.json'), body);
      writeFileSync(join(dir, 'x.json.gz'), gzipSync(body));
      const want = createHash('sha256').update(body).digest('hex');
      expect(await sha256OfJson(join(dir, 'x.json'))).toEqual({ sha256: want, bytes: body.length });
      expect(await sha256OfJson(join(dir, 'x.json.gz'))).toEqual({ sha256: want, bytes: body.length });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it.skipIf(!hasLocomo || !hasOracle)('LoCoMo and the oracle match the published hashes (skips without the files)', async () => {
    expect((await sha256OfJson(findDataset('locomo')!)).sha256).toBe(PUBLISHED_SHA256.locomo);
    expect((await sha256OfJson(findDataset('longmemeval-oracle')!)).sha256).toBe(PUBLISHED_SHA256['longmemeval-oracle']);
  });
  it.skipIf(!longTests)('datasetChecksums reports every file, present ones matching (PALIMPSEST_LONG_TESTS=1)', async () => {
    const sums = await datasetChecksums();
    expect(sums.map((s) => s.dataset)).toEqual(['locomo', 'longmemeval-oracle', 'longmemeval-s']);
    for (const s of sums) expect(s.matches).toBe(s.path !== undefined);
  });
});
