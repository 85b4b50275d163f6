/**
 * @palimpsest/persist: one self-describing binary snapshot per memory (FlatBuffers body, checksummed
 * frame). Browser-safe: this entry uses no Node built-ins; files and appending operation logs are in `./node`; decodeLog reads a log
 * file's bytes already in memory.
 */
export { decodeSnapshot, encodeSnapshot } from './snapshot.js';
export type { SnapshotOptions } from './snapshot.js';
export { encodeState } from './snapshot-encode.js';
export { decodeState } from './snapshot-decode.js';
export type { DecodeOptions } from './snapshot-decode.js';
export { MAX_BODY_BYTES, SNAPSHOT_FORMAT_VERSION, SNAPSHOT_HEADER_BYTES, SNAPSHOT_MAGIC } from './snapshot-frame.js';
export { crc32 } from './crc32.js';
export { crc32c } from './crc32c.js';
export { LOG_FORMAT_VERSION, LOG_HEADER } from './log-format.js';
export { decodeLog } from './log-decode.js';
export type { DecodedLog } from './log-decode.js';
export { assertJson, changesJson, entityJson, episodeJson, factJson, isoTime, recallJson, retractJson } from './json.js';
export type { FactJson } from './json.js';
export { folderFiles, generationOf, generationsIn, isMemoryFileName, LOG_FILE, logName, SNAPSHOT_FILE, snapshotName } from './folder-layout.js';
