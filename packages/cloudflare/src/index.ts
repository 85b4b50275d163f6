/**
 * @palimpsest/cloudflare from Node (tools, tests, scripts): the limits, the access rules, the snapshot naming and the errors.
 * The Worker itself (MemoryObject and the fetch handler) is `@palimpsest/cloudflare/worker`, or the
 * ready bundle dist/worker.bundle.js.
 */
export { DEFAULT_LIMITS, MEMORY_ID, readLimits } from './config.js';
export type { Env, Limits } from './config.js';
export { MemoryLimitError, StorageError } from './errors.js';
export { DEFAULT_MAX_MEMORY_BYTES, ISOLATE_BYTES, OPS_TO_SNAPSHOT, PEAK_BUDGET_BYTES, PEAK_FIXED_BYTES, PEAK_MARGIN, PEAK_PER_STORED_BYTE, PEAK_PER_TEXT_BYTE, RESERVED_BYTES, peakEstimate, textBytes } from './memory-budget.js';
export { AccessError, MIN_TOKEN_LENGTH, readAccess } from './access.js';
export type { Access } from './access.js';
export { JSON_ROUTES } from './http.js';
export { snapshotKey, snapshotPrefix } from './snapshots.js';
