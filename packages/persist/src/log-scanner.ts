/**
 * The log verifier over bytes, browser-safe (no Node built-ins): the version-2 frame and chain
 * (log-format.ts) or, for an unframed version-1 log, that each line is a JSON object; versions 3 and 4 as
 * binary frames. The Scanner stops trusting the file at the first line that fails and only counts what
 * follows, so callers get the verified prefix, where it ends, and whether the failure is a torn last
 * append or damage before the end. log-scan.ts streams a file through it; decodeLog reads bytes in memory
 * (a log file opened in a browser).
 */
import { CorruptLogError, SnapshotVersionError } from '@palimpsest/core';
import type { Operation } from '@palimpsest/core';
import { LogTruncatedError } from './log-errors.js';
import { decodePayload, FRAME_HEAD, V3_CHAIN_SEED } from './log-binary.js';
import { COMMIT_BYTES, readCommitBlock } from './log-commit.js';
import { crc32c } from './crc32c.js';
import { CHAIN_SEED, checkRecord, classifyFirstLine, looksFramed, NEWEST_READ, RECORD_KIND_JSON } from './log-format.js';


/** Where a log stops verifying. */
export interface LogFailure {
  /**
   * `torn`: the last line, without its newline, is incomplete (a crash mid-append). `damage`: anything
   * else. `truncated` (repairLog of a format-4 log): the file ends before records it had acknowledged.
   */
  kind: 'torn' | 'damage' | 'truncated';
  /** 1-based line number of the first line that fails. */
  line: number;
  /** Byte offset where that line starts: the length of the verified prefix. */
  offset: number;
  /** Why it fails. */
  reason: string;
  /** Its text, as far as it goes (at most 200 characters; undecodable bytes become U+FFFD). */
  text: string;
  /** Lines from the failing one to the end of the file (1 for a torn tail). */
  droppedLines: number;
  /** Bytes from `offset` to the end of the file. */
  droppedBytes: number;
  /** `truncated` only: acknowledged operations no longer in the file. */
  lost?: number;
}

/** A format-4 log with fewer whole records than its commit block says were acknowledged: it was cut short. */
export interface LogTruncation {
  /** Records the commit block names as acknowledged. */
  acknowledged: number;
  /** Whole, verified records in the file. */
  present: number;
  /** acknowledged - present: operations that were acknowledged and are gone. */
  lost: number;
}

export interface LogScanResult {
  /** 1: unframed JSONL of earlier releases; 2: framed and chained (an empty file counts as 2); 3: binary frames; 4: binary frames with base and commit block. */
  format: 1 | 2 | 3 | 4;
  /** Format 4: operations before this log's first record (log-commit.ts). */
  base?: number;
  /** Format 4: records the commit block names as acknowledged, and where the block is in the file. */
  commit?: { acknowledged: number; offset: number };
  /** Format 4: present when the file holds fewer records than were acknowledged (cut short). */
  truncated?: LogTruncation;
  ops: Operation[];
  /** Length in bytes of the verified prefix (header included). */
  goodBytes: number;
  /** Number of the last verified record (version 2; 0 when there is none). */
  lastSeq: number;
  /** The last verified record's checksum, which continues the chain (version 2). */
  chain: number;
  /** Whether the verified prefix ends with a newline (a version-1 log's last line may lack it). */
  terminated: boolean;
  failure?: LogFailure;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

function parseObject(bytes: Uint8Array): { op?: Operation; error?: string } {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return { error: 'invalid UTF-8' };
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { op: value as Operation };
    return { error: 'not a JSON object' };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

export class Scanner {
  format: 1 | 2 | 3 | 4 = 2;
  base?: number;
  commit?: { acknowledged: number; offset: number };
  /** Version 3: bytes after the header not yet made into frames. */
  private pendingFrames: Uint8Array = new Uint8Array(0);
  ops: Operation[] = [];
  goodBytes = 0;
  lastSeq = 0;
  chain = CHAIN_SEED;
  terminated = true;
  failure?: LogFailure;
  private line = 0;
  private offset = 0;

  constructor(
    private readonly caller: string,
    private readonly path: string,
    private readonly keepOps: boolean,
  ) {}

  feed(bytes: Uint8Array, terminated: boolean): void {
    this.line++;
    const start = this.offset;
    this.offset += bytes.length + (terminated ? 1 : 0);
    if (this.failure) {
      this.failure.droppedLines++;
      this.failure.droppedBytes = this.offset - this.failure.offset;
      return;
    }
    const reason = this.verify(bytes, terminated);
    if (reason === undefined) {
      this.goodBytes = this.offset;
      this.terminated = terminated;
      return;
    }
    this.failure = {
      kind: terminated ? 'damage' : 'torn',
      line: this.line,
      offset: start,
      reason,
      text: lenientUtf8.decode(bytes.subarray(0, 800)).slice(0, 200),
      droppedLines: 1,
      droppedBytes: this.offset - start,
    };
  }

  /** undefined when the line verifies; else why not. */
  private verify(bytes: Uint8Array, terminated: boolean): string | undefined {
    if (this.line === 1) {
      const kind = classifyFirstLine(bytes);
      if (kind.format === 'newer') {
        throw new SnapshotVersionError(
          `${this.caller}: ${this.path}: log format version ${String(kind.version)} is newer than this reader's ${NEWEST_READ}; upgrade @palimpsest/persist to read it`,
        );
      }
      if (kind.format === 'bad-header') return 'damaged log header';
      if (kind.format === 2) return terminated ? undefined : 'the header line is incomplete';
      if (kind.format === 3) {
        if (!terminated) return 'the header line is incomplete';
        this.format = 3;
        this.chain = V3_CHAIN_SEED;
        return undefined;
      }
      if (kind.format === 4) {
        if (!terminated) return 'the header line is incomplete';
        this.format = 4;
        this.base = kind.base;
        this.chain = crc32c(bytes);
        return undefined;
      }
      this.format = 1;
    }
    return this.format === 2 ? this.verifyRecord(bytes, terminated) : this.verifyUnframed(bytes);
  }

  private verifyRecord(bytes: Uint8Array, terminated: boolean): string | undefined {
    // A record is complete only with its newline, which every writer writes in the same write.
    if (!terminated) return 'the last record has no newline (an append cut off)';
    const check = checkRecord(bytes, this.lastSeq + 1, this.chain);
    if (!check.ok) return check.reason;
    if (check.kind !== RECORD_KIND_JSON) {
      throw new SnapshotVersionError(`${this.caller}: ${this.path}: record ${check.seq} has kind ${check.kind}, unknown to this reader; upgrade @palimpsest/persist`);
    }
    const parsed = parseObject(check.payload);
    if (!parsed.op) return `the operation is ${parsed.error}`; // only a writer's bug gets here: the checksum held
    this.lastSeq = check.seq;
    this.chain = check.crc;
    if (this.keepOps) this.ops.push(parsed.op);
    return undefined;
  }

  private verifyUnframed(raw: Uint8Array): string | undefined {
    const bytes = raw[raw.length - 1] === 0x0d ? raw.subarray(0, raw.length - 1) : raw;
    if (looksFramed(bytes)) return 'a framed record in a log without the version-2 header (line 1 was removed or altered)';
    if (bytes.every((b) => b === 0x20 || b === 0x09)) return undefined; // blank lines were always allowed
    const parsed = parseObject(bytes);
    if (!parsed.op) return parsed.error;
    if (this.keepOps) this.ops.push(parsed.op);
    return undefined;
  }

  /** Is this a version-3 or 4 log whose header has been read (the rest is frames, not lines)? */
  framed(): boolean {
    return this.format >= 3;
  }

  /**
   * Version 3: the bytes after the header, a chunk at a time. Each whole frame is verified (its chained
   * CRC-32C, then its payload decoded); a frame that ends past the bytes read so far waits for the next chunk.
   * Frames are counted as lines (the header is line 1) in what a failure reports.
   */
  feedFrames(chunk: Uint8Array): void {
    if (this.failure) {
      this.failure.droppedBytes += chunk.length;
      return;
    }
    let bytes = chunk;
    if (this.pendingFrames.length > 0) {
      bytes = new Uint8Array(this.pendingFrames.length + chunk.length);
      bytes.set(this.pendingFrames);
      bytes.set(chunk, this.pendingFrames.length);
    }
    let at = 0;
    if (this.format === 4 && this.commit === undefined) {
      // Format 4: the commit block comes first (counted with the header, line 1).
      if (bytes.length < COMMIT_BYTES) {
        this.pendingFrames = bytes.slice();
        return;
      }
      const acknowledged = readCommitBlock(bytes);
      if (acknowledged === undefined) {
        this.failure = { kind: 'damage', line: 1, offset: this.offset, reason: 'the commit block fails its check', text: '', droppedLines: 1, droppedBytes: bytes.length };
        this.pendingFrames = new Uint8Array(0);
        return;
      }
      this.commit = { acknowledged, offset: this.offset };
      at = COMMIT_BYTES;
      this.offset += COMMIT_BYTES;
      this.goodBytes = this.offset;
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    while (at + FRAME_HEAD <= bytes.length) {
      const length = view.getUint32(at, true);
      // A length that fails its own check is damage; a checked one that runs past the bytes waits (or is torn at the end).
      const headOk = crc32c(bytes.subarray(at, at + 4)) === view.getUint32(at + 4, true);
      if (headOk && at + FRAME_HEAD + length > bytes.length) break;
      const payload = headOk ? bytes.subarray(at + FRAME_HEAD, at + FRAME_HEAD + length) : bytes.subarray(at, at + FRAME_HEAD);
      this.line++;
      const reason = headOk ? this.verifyFrame(payload, view.getUint32(at + 8, true)) : 'the record\'s length fails its check (the frame was altered)';
      if (reason !== undefined) {
        this.failure = { kind: 'damage', line: this.line, offset: this.offset, reason, text: lenientUtf8.decode(payload.subarray(0, 800)).slice(0, 200), droppedLines: 1, droppedBytes: bytes.length - at };
        this.pendingFrames = new Uint8Array(0);
        return;
      }
      at += FRAME_HEAD + length;
      this.offset += FRAME_HEAD + length;
      this.goodBytes = this.offset;
    }
    this.pendingFrames = bytes.slice(at);
  }

  private verifyFrame(payload: Uint8Array, stored: number): string | undefined {
    const crc = crc32c(payload, this.chain);
    if (crc !== stored) {
      const hex = (n: number) => n.toString(16).padStart(8, '0');
      return `checksum mismatch (stored ${hex(stored)}, computed ${hex(crc)}): the record or the chain before it was altered`;
    }
    const op = decodePayload(payload);
    if (op === undefined) {
      throw new SnapshotVersionError(`${this.caller}: ${this.path}: record ${this.lastSeq + 1} has kind ${payload[0]}, unknown to this reader; upgrade @palimpsest/persist`);
    }
    if (typeof op === 'string') return op; // only a writer's bug gets here: the checksum held
    this.lastSeq++;
    this.chain = crc;
    if (this.keepOps) this.ops.push(op as unknown as Operation);
    return undefined;
  }

  /** Version 3, at the end of the file: bytes of an incomplete frame are a torn append. */
  finishFrames(): void {
    if (this.failure || (this.pendingFrames.length === 0 && !(this.format === 4 && this.commit === undefined))) return;
    const rest = this.pendingFrames;
    if (this.format === 4 && this.commit === undefined) {
      this.failure = { kind: 'torn', line: 1, offset: this.offset, reason: 'the commit block is incomplete (the log\'s creation was cut off)', text: '', droppedLines: 1, droppedBytes: rest.length };
      return;
    }
    this.failure = {
      kind: 'torn',
      line: this.line + 1,
      offset: this.offset,
      reason: 'the last record is incomplete (an append cut off)',
      text: lenientUtf8.decode(rest.subarray(0, 800)).slice(0, 200),
      droppedLines: 1,
      droppedBytes: rest.length,
    };
  }

  result(): LogScanResult {
    const out: LogScanResult = {
      format: this.format,
      ops: this.ops,
      goodBytes: this.goodBytes,
      lastSeq: this.lastSeq,
      chain: this.chain,
      terminated: this.terminated,
    };
    if (this.failure) out.failure = this.failure;
    if (this.base !== undefined) out.base = this.base;
    if (this.commit !== undefined) {
      out.commit = this.commit;
      if (this.lastSeq < this.commit.acknowledged) {
        out.truncated = { acknowledged: this.commit.acknowledged, present: this.lastSeq, lost: this.commit.acknowledged - this.lastSeq };
      }
    }
    return out;
  }
}

/** The named error for a format-4 log cut short: acknowledged operations are missing from its end. */
export function truncatedError(caller: string, path: string, t: LogTruncation): LogTruncatedError {
  return new LogTruncatedError(
    `${caller}: ${path} was cut short: it holds ${t.present} records, ${t.acknowledged} were acknowledged (${t.lost} acknowledged operations lost); ` +
      'readLog(path, { recover: true }) returns what is left with a report, repairLog(path) accepts the loss',
    t.lost,
  );
}

/** The named error for damage before the end of a log. */
export function damageError(caller: string, path: string, scan: LogScanResult): CorruptLogError {
  const f = scan.failure!;
  return new CorruptLogError(
    `${caller}: ${path}: line ${f.line} is damaged (${f.reason}); the ${scan.ops.length} operations before it verify: ` +
      'readLog(path, { recover: true }) returns them and repairLog(path) keeps them',
  );
}
