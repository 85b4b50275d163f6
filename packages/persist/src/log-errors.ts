/** Errors of log files that say more than CorruptLogError (each is one, so code that catches it keeps working). */
import { CorruptLogError } from '@palimpsest/core';

/** A log that ends before records it had acknowledged (its commit block names more): `lost` operations are gone. */
export class LogTruncatedError extends CorruptLogError {
  constructor(
    message: string,
    readonly lost: number,
  ) {
    super(message);
    this.name = 'LogTruncatedError';
  }
}

/** A log that does not continue the snapshot or log before it: operations are missing between them (or repeated). */
export class LogGapError extends CorruptLogError {
  constructor(
    message: string,
    /** Operations missing between the two (negative: repeated). */
    readonly missing: number,
  ) {
    super(message);
    this.name = 'LogGapError';
  }
}
