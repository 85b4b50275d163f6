/**
 * Vectors on disk, so an evaluation can stop and resume and others can reuse what was embedded.
 * One file per embedder: `.tmp/vectors/<slug of embedder id>.bin` (its `.id` twin holds the exact id),
 * made of records [32 bytes: sha256 of the UTF-8 text][dimensions × float32, little-endian], appended as
 * batches finish. A torn last record (from a crash mid-write) is cut off on opening.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CachedEmbedder {
  id: string;
  dimensions: number;
  embed(texts: readonly string[]): Float32Array[] | Promise<Float32Array[]>;
}

export function textKey(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export class VectorCache {
  readonly file: string;
  private readonly vectors = new Map<string, Float32Array>();
  private readonly record: number;

  constructor(readonly embedder: CachedEmbedder, dir: string) {
    mkdirSync(dir, { recursive: true });
    const slug = embedder.id.replace(/[^A-Za-z0-9.=-]+/g, '_');
    this.file = join(dir, `${slug}.bin`);
    writeFileSync(join(dir, `${slug}.id`), `${embedder.id}\n${embedder.dimensions}\n`);
    this.record = 32 + 4 * embedder.dimensions;
    if (existsSync(this.file)) {
      const buf = readFileSync(this.file);
      for (let at = 0; at + this.record <= buf.length; at += this.record) {
        const key = buf.subarray(at, at + 32).toString('hex');
        const v = new Float32Array(embedder.dimensions);
        for (let i = 0; i < v.length; i++) v[i] = buf.readFloatLE(at + 32 + 4 * i);
        this.vectors.set(key, v);
      }
      // A torn last record is cut off, so the next append starts on a record boundary.
      if (buf.length % this.record !== 0) truncateSync(this.file, buf.length - (buf.length % this.record));
    }
  }

  get size(): number {
    return this.vectors.size;
  }

  get(text: string): Float32Array | undefined {
    return this.vectors.get(textKey(text));
  }

  /** Embeds the texts not yet cached (each distinct text once), `chunk` at a time, appending as it goes. */
  async fill(texts: Iterable<string>, chunk = 64, progress?: (done: number, todo: number) => void): Promise<number> {
    const todo = new Map<string, string>();
    for (const t of texts) {
      const k = textKey(t);
      if (!this.vectors.has(k)) todo.set(k, t);
    }
    // similar lengths together: the model pads each batch to its longest text
    const entries = [...todo].sort((a, b) => a[1].length - b[1].length);
    for (let i = 0; i < entries.length; i += chunk) {
      const part = entries.slice(i, i + chunk);
      const vecs = await this.embedder.embed(part.map(([, t]) => t));
      const out = Buffer.alloc(this.record * part.length);
      part.forEach(([k, ], j) => {
        const v = vecs[j] as Float32Array;
        out.write(k, j * this.record, 'hex');
        for (let d = 0; d < v.length; d++) out.writeFloatLE(v[d] as number, j * this.record + 32 + 4 * d);
        this.vectors.set(k, v);
      });
      appendFileSync(this.file, out);
      progress?.(Math.min(i + chunk, entries.length), entries.length);
    }
    return entries.length;
  }
}
