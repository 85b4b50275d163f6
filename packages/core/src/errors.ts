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
