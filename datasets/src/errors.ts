/**
 * Named errors of @palimpsest/datasets. Each message begins with the call that refused, like the errors of
 * @palimpsest/core. They extend `Error` directly so that this package does not depend on the engine.
 */

/** A data set file is not in any of the places the loader searched. */
export class DatasetNotFoundError extends Error {
  /** Every path that was tried, in order. */
  readonly searched: string[];
  constructor(message: string, searched: string[]) {
    super(message);
    this.name = 'DatasetNotFoundError';
    this.searched = searched;
  }
}

/** A data set file was found but is not what the loader expects: truncated, not JSON, wrong shape. */
export class DatasetFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatasetFormatError';
  }
}

/** An option or argument is malformed: wrong type, out of range, unknown variant. */
export class DatasetArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatasetArgumentError';
  }
}
