import { PalimpsestError } from '@palimpsest/core';

/**
 * A request to the model server failed for good: an HTTP error status (after the retries allowed for 429
 * and 5xx), a network error, or a timeout. `status` is the last HTTP status (undefined when no response
 * came), `attempts` how many requests were made.
 */
export class ModelRequestError extends PalimpsestError {
  readonly status: number | undefined;
  readonly attempts: number;
  constructor(message: string, status: number | undefined, attempts: number, options?: { cause?: unknown }) {
    super(message);
    this.name = 'ModelRequestError';
    this.status = status;
    this.attempts = attempts;
    if (options && 'cause' in options) this.cause = options.cause;
  }
}

/** The server answered 2xx with something unusable: not JSON, or not the shape the API promises. */
export class ModelResponseError extends PalimpsestError {
  constructor(message: string) {
    super(message);
    this.name = 'ModelResponseError';
  }
}
