import { createHash } from 'node:crypto';
import { openJson } from './json-array.js';
import { DATASET_FILES, findDataset } from './paths.js';
import type { DatasetFile } from './paths.js';

/** The sha256 of each file's raw (decompressed) JSON, as published in shared/datasets/README.md. */
export const PUBLISHED_SHA256: Readonly<Record<DatasetFile, string>> = {
  locomo: '79fa87e90f04081343b8c8debecb80a9a6842b76a7aa537dc9fdf651ea698ff4',
  'longmemeval-oracle': 'd3249e4c4ef8837dbe629c9e25042a752f2e74660d63036d7cecc7e0ff0085b4',
  'longmemeval-s': '5a1cb6cd416d44432ec55bde70f10036d04b9b6ce2475cdb1eeb89759b9e3195',
};

export interface DatasetChecksum {
  dataset: DatasetFile;
  /** The file hashed, or `undefined` when it is absent. */
  path?: string;
  /** sha256 (hex) of the decompressed JSON bytes; absent when the file is absent. */
  sha256?: string;
  /** Decompressed size in bytes. */
  bytes?: number;
  expected: string;
  /** The file is present and its hash equals the published one. */
  matches: boolean;
}

/** sha256 of a `.json` or `.json.gz` file's decompressed bytes, streamed. */
export async function sha256OfJson(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of openJson(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/**
 * Hashes every data set file that is present (found as the loaders find them) and compares each with the
 * published hash, so a benchmark report can say exactly which bytes it ran on. One entry per known file,
 * absent ones included (with `matches: false` and no `sha256`).
 */
export async function datasetChecksums(): Promise<DatasetChecksum[]> {
  const out: DatasetChecksum[] = [];
  for (const dataset of DATASET_FILES) {
    const expected = PUBLISHED_SHA256[dataset];
    const path = findDataset(dataset);
    if (path === undefined) {
      out.push({ dataset, expected, matches: false });
      continue;
    }
    const { sha256, bytes } = await sha256OfJson(path);
    out.push({ dataset, path, sha256, bytes, expected, matches: sha256 === expected });
  }
  return out;
}
