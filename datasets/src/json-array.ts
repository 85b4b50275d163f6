import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { DatasetFormatError } from './errors.js';

/** Opens a `.json` or `.json.gz` file as a stream of decompressed bytes. */
export function openJson(path: string, chunkBytes = 1 << 20): Readable {
  const file = createReadStream(path, { highWaterMark: chunkBytes });
  if (!path.endsWith('.gz')) return file;
  const gunzip = createGunzip({ chunkSize: Math.max(64, chunkBytes) });
  // A read error on the file must surface through the stream the caller iterates.
  file.on('error', (err) => gunzip.destroy(err));
  return file.pipe(gunzip);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

/**
 * Reads a file holding one JSON array of objects and hands each element, parsed, to `onElement` with its
 * position. Elements are cut out of the byte stream and parsed one at a time, so the whole file never exists
 * as one string: the peak memory is the parsed result plus one element, not the raw text on top of it.
 * (UTF-8 continuation bytes are all ≥ 0x80, so scanning bytes for structural ASCII characters is safe.)
 * @param wanted elements at other positions are skipped unparsed (a split costs no parsing of the other split).
 * @param chunkBytes read size (tests use tiny chunks to exercise elements split across chunks).
 * @returns the number of elements.
 * @throws DatasetFormatError when the file is not such an array, is truncated, or an element is not valid JSON.
 */
export async function forEachArrayElement(
  path: string,
  call: string,
  onElement: (value: unknown, position: number) => void,
  wanted: (position: number) => boolean = () => true,
  chunkBytes = 1 << 20,
): Promise<number> {
  let depth = 0; // 0 before the array, 1 inside it, ≥ 2 inside an element
  let inString = false;
  let escaped = false;
  let ended = false;
  let position = 0;
  let parts: Buffer[] = [];
  let offset = 0; // bytes before the current chunk, for error messages
  const fail = (what: string, at: number): never => {
    throw new DatasetFormatError(`${call}: ${path}: ${what} at byte ${offset + at}`);
  };
  let stream: Readable;
  try {
    stream = openJson(path, chunkBytes);
  } catch (err) {
    throw new DatasetFormatError(`${call}: ${path}: cannot open (${(err as Error).message})`);
  }
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let start = depth >= 2 ? 0 : -1; // where the current element begins in this chunk
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i]!;
        if (inString) {
          // Most bytes are inside strings: jump to the next quote and look back for escaping backslashes.
          if (escaped) {
            escaped = false;
            continue;
          }
          const q = chunk.indexOf(QUOTE, i);
          const end = q < 0 ? chunk.length : q;
          let k = end;
          while (k > i && chunk[k - 1] === BACKSLASH) k--;
          const odd = ((end - k) & 1) === 1;
          if (q < 0) {
            escaped = odd; // a trailing odd run escapes the first byte of the next chunk
            i = chunk.length;
          } else {
            i = q;
            if (!odd) inString = false;
          }
          continue;
        }
        if (depth >= 2) {
          if (b === QUOTE) inString = true;
          else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
          else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
            depth--;
            if (depth === 1) {
              parts.push(chunk.subarray(start, i + 1));
              if (!wanted(position)) {
                parts = [];
                start = -1;
                position++;
                continue;
              }
              const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
              parts = [];
              start = -1;
              let value: unknown;
              try {
                value = JSON.parse(bytes.toString('utf8'));
              } catch (err) {
                fail(`element ${position} is not valid JSON (${(err as Error).message})`, i);
              }
              onElement(value, position++);
            }
          }
          continue;
        }
        if (isSpace(b)) continue;
        if (ended) fail('unexpected data after the top-level array', i);
        if (depth === 0) {
          if (b !== OPEN_BRACKET) fail('expected a top-level JSON array', i);
          depth = 1;
        } else if (b === OPEN_BRACE) {
          depth = 2;
          start = i;
        } else if (b === CLOSE_BRACKET) {
          ended = true;
          depth = 0;
        } else if (b !== COMMA) {
          fail('expected every array element to be an object', i);
        }
      }
      if (start >= 0) parts.push(chunk.subarray(start));
      offset += chunk.length;
    }
  } catch (err) {
    stream.destroy();
    // Only failures of the file or the gunzip stream (they carry a code) are re-labelled; the rest pass as is.
    if ((err as NodeJS.ErrnoException).code === undefined) throw err;
    throw new DatasetFormatError(`${call}: ${path}: cannot read (${(err as Error).message})`);
  }
  if (!ended) throw new DatasetFormatError(`${call}: ${path}: truncated: the top-level array is not closed`);
  return position;
}
