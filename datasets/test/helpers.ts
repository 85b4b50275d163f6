import { findDataset } from '../src/index.js';

/** Real-data tests skip (never fail) when the files are absent; the reason is in the test name. */
export const hasLocomo = findDataset('locomo') !== undefined;
export const hasOracle = findDataset('longmemeval-oracle') !== undefined;
export const hasS = findDataset('longmemeval-s') !== undefined;
/** LongMemEval_S in full (~3 s, ~400 MB) and the 1M-op checks run only with PALIMPSEST_LONG_TESTS=1. */
export const longTests = process.env['PALIMPSEST_LONG_TESTS'] === '1';
