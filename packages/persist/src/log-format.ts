/**
 * The operation log file format, version 2 (see LOG-FORMAT.md; 4, binary with a commit block, is the default for new logs):
 * UTF-8 text, one JSON object per line.
 *
 *   line 1   {"palimpsest":"log","version":2}
 *   line n   {"seq":<n-1>,"kind":1,"len":<L>,"crc":"<8 hex>","op":<the operation's L bytes of JSON>}
 *
 * `crc` is CRC-32C over the line without its eight hex digits, continued from the previous record's
 * `crc` (the first record continues from the header's CRC-32C): a chain, so every edit, deletion,
 * duplication or reordering breaks a check. Browser-safe: pure functions over bytes.
 */
import { crc32c } from './crc32c.js';
import { v3HeaderLine } from './log-binary.js';
import { readV4Header } from './log-commit.js';

/**
 * The log format this package writes to a new log by default: 4, binary frames (log-binary.ts) behind a
 * header naming the log's base and a commit block (log-commit.ts); 3 is the same frames without them. Version 2
 * (this file) is written on request and continued; version 1 is the unframed JSONL of earlier releases
 * (read, and converted to 2 by an appender).
 */
export const LOG_FORMAT_VERSION = 4;
/** The newest log format this package reads. */
export const NEWEST_READ = 4;
/** The first line of a new log in the default format (LOG_FORMAT_VERSION; base 0), exactly (without its newline). */
export const LOG_HEADER = '{"palimpsest":"log","version":4,"base":0}';
/** The first line of a version-2 log, exactly (without its newline). */
export const LOG_V2_HEADER = '{"palimpsest":"log","version":2}';
/** Record kinds: the encoding of the `op` payload. 1 = a JSON operation object. */
export const RECORD_KIND_JSON = 1;

const utf8 = new TextEncoder();
const HEADER_BYTES = utf8.encode(LOG_V2_HEADER);
/** The chain's start: CRC-32C of the header line. */
export const CHAIN_SEED = crc32c(HEADER_BYTES);
const HEADER_PREFIX = '{"palimpsest":';

/** Bytes of `","op":` that follow the checksum. */
const AFTER_CRC = 7;
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const SEQ = ascii('{"seq":');
const KIND = ascii(',"kind":');
const LEN = ascii(',"len":');
const CRC = ascii(',"crc":"');
const OP = ascii('","op":');

export function headerLine(): Uint8Array {
  return HEADER_BYTES;
}

/** What the first line of a file says about its format. */
export type LogKind = { format: 4; base: number } | { format: 3 } | { format: 2 } | { format: 1 } | { format: 'newer'; version: unknown } | { format: 'bad-header' };

/** Classifies a file by its first line (without the newline): the header, or an unframed log. */
export function classifyFirstLine(line: Uint8Array): LogKind {
  if (equalBytes(line, HEADER_BYTES)) return { format: 2 };
  if (equalBytes(line, v3HeaderLine())) return { format: 3 };
  const base = readV4Header(line);
  if (base !== undefined) return { format: 4, base };
  const head = latin1(line, 0, HEADER_PREFIX.length);
  if (head !== HEADER_PREFIX) return { format: 1 };
  try {
    const value = JSON.parse(new TextDecoder().decode(line)) as { palimpsest?: unknown; version?: unknown };
    if (value.palimpsest === 'log' && typeof value.version === 'number' && value.version > NEWEST_READ) {
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

function putAscii(out: Uint8Array, at: number, bytes: Uint8Array): number {
  out.set(bytes, at);
  return at + bytes.length;
}

function putNumber(out: Uint8Array, at: number, n: number): number {
  const digits = String(n);
  for (let i = 0; i < digits.length; i++) out[at + i] = digits.charCodeAt(i);
  return at + digits.length;
}

const HEX = ascii('0123456789abcdef');

/** A record line (newline included) for `payload`, continuing the chain from `previous`. */
export function encodeRecord(seq: number, previous: number, payload: Uint8Array, kind = RECORD_KIND_JSON): { line: Uint8Array; crc: number } {
  const line = new Uint8Array(96 + payload.length);
  let at = putAscii(line, 0, SEQ);
  at = putNumber(line, at, seq);
  at = putAscii(line, at, KIND);
  at = putNumber(line, at, kind);
  at = putAscii(line, at, LEN);
  at = putNumber(line, at, payload.length);
  at = putAscii(line, at, CRC);
  const hexAt = at;
  at = putAscii(line, at + 8, OP);
  line.set(payload, at);
  at += payload.length;
  line[at++] = 0x7d; // }
  const crc = crc32c(line.subarray(hexAt + 8, at), crc32c(line.subarray(0, hexAt), previous));
  for (let i = 0; i < 8; i++) line[hexAt + i] = HEX[(crc >>> (28 - 4 * i)) & 15]!;
  line[at++] = 0x0a; // \n
  return { line: line.subarray(0, at), crc };
}

export type RecordCheck =
  | { ok: true; seq: number; kind: number; crc: number; payload: Uint8Array }
  | { ok: false; reason: string; seq?: number };

/** Matches `bytes` at `at`; returns the position after, or -1. */
function expect(line: Uint8Array, at: number, bytes: Uint8Array): number {
  if (at + bytes.length > line.length) return -1;
  for (let i = 0; i < bytes.length; i++) if (line[at + i] !== bytes[i]) return -1;
  return at + bytes.length;
}

/** A decimal without leading zeros of at most `max` digits at `at`: [value, end], or undefined. */
function number(line: Uint8Array, at: number, max: number): [number, number] | undefined {
  let n = 0;
  let i = at;
  while (i < line.length && i - at < max && line[i]! >= 0x30 && line[i]! <= 0x39) n = n * 10 + (line[i++]! - 0x30);
  if (i === at || (line[at] === 0x30 && i - at > 1)) return undefined;
  return [n, i];
}

/**
 * Checks one record line (without its newline) that should carry `expectedSeq` and continue the chain
 * from `previous`: frame, length, checksum, sequence. The payload is returned unparsed.
 */
export function checkRecord(line: Uint8Array, expectedSeq: number, previous: number): RecordCheck {
  const bad: RecordCheck = { ok: false, reason: 'not a framed record' };
  let at = expect(line, 0, SEQ);
  const seqN = at < 0 ? undefined : number(line, at, 15);
  if (!seqN) return bad;
  const seq = seqN[0];
  at = expect(line, seqN[1], KIND);
  const kindN = at < 0 ? undefined : number(line, at, 3);
  if (!kindN || kindN[0] === 0) return bad;
  at = expect(line, kindN[1], LEN);
  const lenN = at < 0 ? undefined : number(line, at, 15);
  if (!lenN) return bad;
  const hexAt = expect(line, lenN[1], CRC);
  if (hexAt < 0 || hexAt + 8 > line.length) return bad;
  let stored = 0;
  for (let i = 0; i < 8; i++) {
    const c = line[hexAt + i]!;
    const v = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
    if (v < 0) return bad;
    stored = stored * 16 + v;
  }
  const start = expect(line, hexAt + 8, OP);
  if (start < 0) return bad;
  const len = lenN[0];
  if (start + len + 1 !== line.length || line[line.length - 1] !== 0x7d) {
    return { ok: false, seq, reason: `the record is ${line.length} bytes, its frame announces ${start + len + 1}` };
  }
  if (seq !== expectedSeq) {
    return { ok: false, seq, reason: `sequence number ${seq} where ${expectedSeq} was expected (a record is missing, repeated or moved)` };
  }
  const crc = crc32c(line.subarray(hexAt + 8), crc32c(line.subarray(0, hexAt), previous));
  if (crc !== stored) {
    const hex = (n: number) => n.toString(16).padStart(8, '0');
    return { ok: false, seq, reason: `checksum mismatch (stored ${hex(stored)}, computed ${hex(crc)}): the record or the chain before it was altered` };
  }
  return { ok: true, seq, kind: kindN[0], crc, payload: line.subarray(start, start + len) };
}

function latin1(bytes: Uint8Array, from: number, to: number): string {
  let out = '';
  for (let i = from; i < Math.min(to, bytes.length); i++) out += String.fromCharCode(bytes[i]!);
  return out;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
