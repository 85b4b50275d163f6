import { PalimpsestError } from '@palimpsest/core';

/**
 * A write refused because the memory has reached its size limit (`maxMemoryBytes`): one Durable Object
 * holds one memory in one isolate, and a memory past what the isolate holds comfortably would be evicted
 * mid-write instead. The memory is unchanged; reads still work.
 */
export class MemoryLimitError extends PalimpsestError {
  constructor(message: string) {
    super(message);
    this.name = 'MemoryLimitError';
  }
}

/**
 * A write the Durable Object's storage refused (a value past SQLite's size limit, storage unavailable). The
 * memory is loaded again from storage, so it shows nothing of the write; later writes are stored as usual.
 */
export class StorageError extends PalimpsestError {
  constructor(message: string) {
    super(message);
    this.name = 'StorageError';
  }
}
