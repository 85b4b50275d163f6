/**
 * The snapshot frame: the fixed header in front of the FlatBuffers body, written by the encoder and checked
 * by the decoder before anything in the body is read. Browser-safe: no Node built-ins.
 *
 * File layout (all integers little-endian):
 *
 *   offset  size  field
 *   0       8     magic "PLMPSNAP"
 *   8       4     format version (SNAPSHOT_FORMAT_VERSION)
 *   12      4     body length in bytes
 *   16      4     CRC-32 of the body
 *   20      4     reserved, zero
 *   24      n     body: a FlatBuffers buffer (schema/snapshot.fbs, file identifier "PLMP")
 *
 * The frame (magic, version, length, checksum) is checked before any FlatBuffers offset is followed, and
 * every offset the decoder then follows is bounds-checked by `BodyReader` (the FlatBuffers JS runtime has
 * no verifier), so damaged or hostile input ends in CorruptSnapshotError, never in another exception.
 */
import { CorruptSnapshotError, InvalidArgumentError, SnapshotVersionError } from '@palimpsest/core';

/** The first eight bytes of every snapshot file. */
export const SNAPSHOT_MAGIC = 'PLMPSNAP';
/** The file format this reader and writer speak; a newer one is refused with SnapshotVersionError. */
export const SNAPSHOT_FORMAT_VERSION = 1;
/** Bytes before the FlatBuffers body (a multiple of 8, so the body's 8-byte alignment holds in the file). */
export const SNAPSHOT_HEADER_BYTES = 24;
/** FlatBuffers' single-buffer limit: offsets are 32-bit and buffers must stay below 2 GiB. */
export const MAX_BODY_BYTES = 0x7fffffff;

function hexPrefix(bytes: Uint8Array): string {
  return Array.from(bytes.subarray(0, 8), (x) => x.toString(16).padStart(2, '0')).join(' ');
}

/** Checks the frame and returns the body. Throws CorruptSnapshotError / SnapshotVersionError. */
export function checkFrame(caller: string, bytes: Uint8Array, checksum: (bytes: Uint8Array) => number): Uint8Array {
  const n = bytes.length;
  if (n === 0) throw new CorruptSnapshotError(`${caller}: empty input (0 bytes) is not a palimpsest snapshot`);
  for (let i = 0; i < Math.min(8, n); i++) {
    if (bytes[i] !== SNAPSHOT_MAGIC.charCodeAt(i)) {
      throw new CorruptSnapshotError(
        `${caller}: not a palimpsest snapshot (starts with ${hexPrefix(bytes)}, expected the magic "${SNAPSHOT_MAGIC}")`,
      );
    }
  }
  if (n < SNAPSHOT_HEADER_BYTES) {
    throw new CorruptSnapshotError(`${caller}: truncated: ${n} bytes, shorter than the ${SNAPSHOT_HEADER_BYTES}-byte header`);
  }
  const dv = new DataView(bytes.buffer, bytes.byteOffset, SNAPSHOT_HEADER_BYTES);
  const version = dv.getUint32(8, true);
  if (version === 0) throw new CorruptSnapshotError(`${caller}: damaged header: format version 0`);
  if (version > SNAPSHOT_FORMAT_VERSION) {
    throw new SnapshotVersionError(
      `${caller}: snapshot format version ${version} is newer than this reader's ${SNAPSHOT_FORMAT_VERSION}; upgrade @palimpsest/persist to read it`,
    );
  }
  const bodyLength = dv.getUint32(12, true);
  const stored = dv.getUint32(16, true);
  if (dv.getUint32(20, true) !== 0) throw new CorruptSnapshotError(`${caller}: damaged header: reserved bytes 20..24 are not zero`);
  const expected = SNAPSHOT_HEADER_BYTES + bodyLength;
  if (n < expected) throw new CorruptSnapshotError(`${caller}: truncated: the header announces ${expected} bytes, got ${n}`);
  if (n > expected) throw new CorruptSnapshotError(`${caller}: ${n - expected} unexpected bytes after the ${expected}-byte snapshot`);
  if (bodyLength < 8) throw new CorruptSnapshotError(`${caller}: damaged header: body length ${bodyLength} is too small`);
  const body = bytes.subarray(SNAPSHOT_HEADER_BYTES);
  const computed = checksum(body);
  if (computed !== stored) {
    throw new CorruptSnapshotError(
      `${caller}: checksum mismatch (stored 0x${stored.toString(16).padStart(8, '0')}, computed 0x${computed.toString(16).padStart(8, '0')}): the snapshot is damaged`,
    );
  }
  return body;
}

/**
 * Writes the header in front of a body that starts at `start` in `all` (the builder's buffer, built with
 * room in front). Returns a view of `all` when the slack before the header is small, else one exact copy.
 */
export function frameBody(caller: string, all: Uint8Array, start: number, checksum: (bytes: Uint8Array) => number): Uint8Array {
  const bodyLength = all.length - start;
  if (bodyLength > MAX_BODY_BYTES) throw tooLarge(caller, bodyLength);
  let file: Uint8Array;
  const slack = start - SNAPSHOT_HEADER_BYTES;
  // Hand out a view of the builder's buffer unless the size bound's slack in front of it is a noticeable
  // share (small files): then one small copy gives an exact buffer.
  if (slack >= 0 && slack * 16 <= all.length) {
    file = all.subarray(slack);
  } else {
    file = new Uint8Array(SNAPSHOT_HEADER_BYTES + bodyLength);
    file.set(all.subarray(start), SNAPSHOT_HEADER_BYTES);
  }
  const header = new DataView(file.buffer, file.byteOffset, SNAPSHOT_HEADER_BYTES);
  for (let i = 0; i < 8; i++) header.setUint8(i, SNAPSHOT_MAGIC.charCodeAt(i));
  header.setUint32(8, SNAPSHOT_FORMAT_VERSION, true);
  header.setUint32(12, bodyLength, true);
  header.setUint32(16, checksum(file.subarray(SNAPSHOT_HEADER_BYTES)), true);
  header.setUint32(20, 0, true);
  return file;
}

/** The refusal for a body past FlatBuffers' 2 GiB limit; `estimate` says whether `bytes` is a lower bound. */
export function tooLarge(caller: string, bytes: number, estimate: 'about' | 'at least' = 'about'): InvalidArgumentError {
  const gib = (bytes / 2 ** 30).toFixed(2);
  return new InvalidArgumentError(
    `${caller}: the snapshot body would need ${estimate} ${bytes} bytes (${gib} GiB), past FlatBuffers' single-buffer limit of ${MAX_BODY_BYTES} bytes (2 GiB); ` +
      'keep the operation log (writeLog) for a memory this large, or split it',
  );
}
