/**
 * Named errors. Every message begins with the call that refused, e.g.
 * `MemoryGraph.assert: validFrom (…) must be before validTo (…)`, and a refused call changes nothing.
 */
export class PalimpsestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PalimpsestError';
  }
}

/** An argument is malformed: wrong type, out of range, empty or over-long, wrong vector length. */
export class InvalidArgumentError extends PalimpsestError {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidArgumentError';
  }
}

/** An entity or fact id that the memory does not have. */
export class NotFoundError extends PalimpsestError {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** Record time would move backwards: an operation stamped before the latest one applied. */
export class TimeOrderError extends PalimpsestError {
  constructor(message: string) {
    super(message);
    this.name = 'TimeOrderError';
  }
}

/** A snapshot (or state) that is truncated, damaged or not a palimpsest snapshot at all. */
export class CorruptSnapshotError extends PalimpsestError {
  constructor(message: string) {
    super(message);
    this.name = 'CorruptSnapshotError';
  }
}

/** A snapshot written by another (usually newer) format version. */
export class SnapshotVersionError extends PalimpsestError {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotVersionError';
  }
}

/**
 * An operation log that is damaged, tampered with or out of sequence (a framed log's checksum, sequence
 * number or chain does not verify). A CorruptSnapshotError, so code that catches that keeps working.
 */
export class CorruptLogError extends CorruptSnapshotError {
  constructor(message: string) {
    super(message);
    this.name = 'CorruptLogError';
  }
}

/** Another writer holds the log's lock: a second appender on one log file is refused. */
export class LogLockedError extends PalimpsestError {
  constructor(message: string) {
    super(message);
    this.name = 'LogLockedError';
  }
}

/**
 * A memory opened with another embedder than the one its vectors came from (its configuration names the
 * embedder by `id` and `dimensions`): mixing two models' vectors would silently break recall.
 */
export class EmbedderMismatchError extends PalimpsestError {
  constructor(message: string) {
    super(message);
    this.name = 'EmbedderMismatchError';
  }
}

/**
 * A log appender hit a write error (a full disk, an I/O error): what was not on disk was never
 * acknowledged, and the appender refuses every later append. `cause` holds the file system's error.
 */
export class LogWriteError extends PalimpsestError {
  constructor(message: string) {
    super(message);
    this.name = 'LogWriteError';
  }
}

/** A load option (`predicates`, `minConfidence`, `dimensions`) disagrees with the stored configuration. `key` names it. */
export class ConfigMismatchError extends InvalidArgumentError {
  constructor(
    message: string,
    readonly key: string,
  ) {
    super(message);
    this.name = 'ConfigMismatchError';
  }
}

/**
 * `ingest` stopped: a model call (embedder or extractor) failed or returned something unusable. Turns
 * before `turnId` were written in full; nothing of `turnId` or any later turn was. `cause` holds the
 * model's own error.
 */
export class IngestError extends PalimpsestError {
  /** The first turn that was not written. */
  readonly turnId: string;
  /** Its position in the turns given to `ingest`. */
  readonly turnIndex: number;
  constructor(message: string, turnId: string, turnIndex: number, options?: { cause?: unknown }) {
    super(message);
    this.name = 'IngestError';
    this.turnId = turnId;
    this.turnIndex = turnIndex;
    if (options && 'cause' in options) this.cause = options.cause;
  }
}

/** An operation was cancelled through its AbortSignal; what it had finished stays (see each call). */
export class AbortError extends PalimpsestError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message);
    this.name = 'AbortError';
    if (options && 'cause' in options) this.cause = options.cause;
  }
}
