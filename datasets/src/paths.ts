import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatasetNotFoundError } from './errors.js';

/** The data set files this package knows. */
export type DatasetFile = 'locomo' | 'longmemeval-oracle' | 'longmemeval-s';

export const DATASET_FILES: readonly DatasetFile[] = ['locomo', 'longmemeval-oracle', 'longmemeval-s'];

/** Where each file lives inside a data set folder; the `.json.gz` form is tried first, then plain `.json`. */
const RELATIVE: Record<DatasetFile, string> = {
  locomo: 'locomo/locomo10.json',
  'longmemeval-oracle': 'longmemeval/longmemeval_oracle.json',
  'longmemeval-s': 'longmemeval/longmemeval_s_cleaned.json',
};

const DOWNLOAD: Record<DatasetFile, string> = {
  locomo:
    'download data/locomo10.json from https://github.com/snap-research/LoCoMo (CC BY-NC 4.0) into <folder>/locomo/',
  'longmemeval-oracle':
    'download longmemeval_oracle.json from the Hugging Face dataset xiaowu0162/longmemeval-cleaned (MIT) into <folder>/longmemeval/',
  'longmemeval-s':
    'download longmemeval_s_cleaned.json from the Hugging Face dataset xiaowu0162/longmemeval-cleaned (MIT) into <folder>/longmemeval/',
};

/**
 * The folders searched for data sets, in order: `../shared/datasets` beside the repository root (found from
 * this package's own location), `../shared/datasets` relative to the working directory, then the folder named
 * by the environment variable `PALIMPSEST_DATASETS`. Each is expected to hold `locomo/` and `longmemeval/`.
 */
export function datasetFolders(): string[] {
  // This file is datasets/src/paths.ts (tests) or datasets/dist/paths.js (built): the package is one level up,
  // the repository root two.
  const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
  const folders = [resolve(packageDir, '..', '..', 'shared', 'datasets'), resolve(process.cwd(), '..', 'shared', 'datasets')];
  const env = process.env['PALIMPSEST_DATASETS'];
  if (env !== undefined && env !== '') folders.push(resolve(env));
  return [...new Set(folders)];
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function candidates(name: DatasetFile, explicit: string | undefined): string[] {
  if (explicit !== undefined) return [resolve(explicit)];
  const out: string[] = [];
  for (const folder of datasetFolders()) {
    const base = join(folder, RELATIVE[name]);
    out.push(`${base}.gz`, base);
  }
  return out;
}

/** The path of a data set file, or `undefined` when it is in none of the searched places. */
export function findDataset(name: DatasetFile, path?: string): string | undefined {
  return candidates(name, path).find(isFile);
}

/**
 * The path of a data set file.
 * @param call the public call on whose behalf the search runs; it begins the error message.
 * @throws DatasetNotFoundError listing every place searched and where to download the file.
 */
export function locateDataset(name: DatasetFile, path?: string, call = 'locateDataset'): string {
  const tried = candidates(name, path);
  const found = tried.find(isFile);
  if (found !== undefined) return found;
  const how = path !== undefined ? `not found at the given path ${tried[0]}` : `not found in ${tried.join(', ')}`;
  throw new DatasetNotFoundError(
    `${call}: ${name} data set ${how}. Put the files in ../shared/datasets beside the repository, or set ` +
      `PALIMPSEST_DATASETS to a folder holding locomo/ and longmemeval/: ${DOWNLOAD[name]}`,
    tried,
  );
}

/** Which data set files are present (searching as `findDataset` does). */
export function datasetsAvailable(): Record<DatasetFile, boolean> {
  return {
    locomo: findDataset('locomo') !== undefined,
    'longmemeval-oracle': findDataset('longmemeval-oracle') !== undefined,
    'longmemeval-s': findDataset('longmemeval-s') !== undefined,
  };
}
