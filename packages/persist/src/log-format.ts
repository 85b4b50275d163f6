/**
 * The operation log file format, version 2 (see LOG-FORMAT.md): UTF-8 text, one JSON object per line.
 *
 *   line 1   {"palimpsest":"log","version":2}
 *   line n   {"seq":<n-1>,"kind":1,"len":<L>,"crc":"<8 hex>","op":<the operation's L bytes of JSON>}
 *
 * `crc` is CRC-32C over the line without its eight hex digits, continued from the previous record's
 * `crc` (the first record continues from the header's CRC-32C): a chain, so every edit, deletion,
 * duplication or reordering breaks a check. Browser-safe: pure functions over bytes.
 */
import { crc32c } from './crc32c.js';

/** The log format this package writes. Version 1 is the unframed JSONL of earlier releases (read only). */
export const LOG_FORMAT_VERSION = 2;
/** The first line of a version-2 log, exactly (without its newline). */
export const LOG_HEADER = `{"palimpsest":"log","version":${LOG_FORMAT_VERSION}}`;
/** Record kinds: the encoding of the `op` payload. 1 = a JSON operation object. */
export const RECORD_KIND_JSON = 1;

const utf8 = new TextEncoder();
const HEADER_BYTES = utf8.encode(LOG_HEADER);
/** The chain's start: CRC-32C of the header line. */
export const CHAIN_SEED = crc32c(HEADER_BYTES);
const HEADER_PREFIX = '{"palimpsest":';

/** `{"seq":…,"kind":…,"len":…,"crc":"xxxxxxxx","op":` — digits without leading zeros, lowercase hex. */
const FRAME = /^\{"seq":(0|[1-9]\d{0,15}),"kind":([1-9]\d{0,2}),"len":(0|[1-9]\d{0,15}),"crc":"([0-9a-f]{8})","op":/;
/** Bytes of `","op":` that follow the checksum. */
const AFTER_CRC = 7;

export function headerLine(): Uint8Array {
  return HEADER_BYTES;
}

/** What the first line of a file says about its format. */
export type LogKind = { format: 2 } | { format: 1 } | { format: 'newer'; version: unknown } | { format: 'bad-header' };

/** Classifies a file by its first line (without the newline): the header, or an unframed log. */
export function classifyFirstLine(line: Uint8Array): LogKind {
  if (equalBytes(line, HEADER_BYTES)) return { format: 2 };
  const head = latin1(line, 0, HEADER_PREFIX.length);
  if (head !== HEADER_PREFIX) return { format: 1 };
  try {
    const value = JSON.parse(new TextDecoder().decode(line)) as { palimpsest?: unknown; version?: unknown };
    if (value.palimpsest === 'log' && typeof value.version === 'number' && value.version > LOG_FORMAT_VERSION) {
      return { format: 'newer', version: value.version };
    }
  } catch {
    // not JSON: a damaged header
  }
  return { format: 'bad-header' };
}

/** Does this line look like a version-2 record (so it cannot be an unframed operation)? */
export function looksFramed(line: Uint8Array): boolean {
  return latin1(line, 0, 7) === '{"seq":';
}

/** A record line (newline included) for `payload`, continuing the chain from `previous`. */
export function encodeRecord(seq: number, previous: number, payload: Uint8Array, kind = RECORD_KIND_JSON): { line: Uint8Array; crc: number } {
  const head = utf8.encode(`{"seq":${seq},"kind":${kind},"len":${payload.length},"crc":"`);
  const line = new Uint8Array(head.length + 8 + AFTER_CRC + payload.length + 2);
  line.set(head, 0);
  let at = head.length + 8;
  for (let i = 0; i < AFTER_CRC; i++) line[at + i] = '","op":'.charCodeAt(i);
  at += AFTER_CRC;
  line.set(payload, at);
  at += payload.length;
  line[at] = 0x7d; // }
  line[at + 1] = 0x0a; // \n
  const crc = crc32c(line.subarray(head.length + 8, at + 1), crc32c(head, previous));
  const hex = crc.toString(16).padStart(8, '0');
  for (let i = 0; i < 8; i++) line[head.length + i] = hex.charCodeAt(i);
  return { line, crc };
}

export type RecordCheck =
  | { ok: true; seq: number; kind: number; crc: number; payload: Uint8Array }
  | { ok: false; reason: string; seq?: number };

/**
 * Checks one record line (without its newline) that should carry `expectedSeq` and continue the chain
 * from `previous`: frame, length, checksum, sequence. The payload is returned unparsed.
 */
export function checkRecord(line: Uint8Array, expectedSeq: number, previous: number): RecordCheck {
  const m = FRAME.exec(latin1(line, 0, 96));
  if (!m) return { ok: false, reason: 'not a framed record' };
  const seq = Number(m[1]);
  const kind = Number(m[2]);
  const len = Number(m[3]);
  const stored = parseInt(m[4]!, 16);
  const start = m[0].length;
  if (start + len + 1 !== line.length || line[line.length - 1] !== 0x7d) {
    return { ok: false, seq, reason: `the record is ${line.length} bytes, its frame announces ${start + len + 1}` };
  }
  const hexAt = start - AFTER_CRC - 8;
  const crc = crc32c(line.subarray(hexAt + 8), crc32c(line.subarray(0, hexAt), previous));
  if (seq !== expectedSeq) {
    return { ok: false, seq, reason: `sequence number ${seq} where ${expectedSeq} was expected (a record is missing, repeated or moved)` };
  }
  if (crc !== stored) {
    return {
      ok: false,
      seq,
      reason: `checksum mismatch (stored ${m[4]}, computed ${crc.toString(16).padStart(8, '0')}): the record or the chain before it was altered`,
    };
  }
  return { ok: true, seq, kind, crc, payload: line.subarray(start, start + len) };
}

function latin1(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
