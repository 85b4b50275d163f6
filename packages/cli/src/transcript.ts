/** Reads a transcript: one JSON object per line, {"speaker"?, "text", "at", "id"?, "session"?}; blank lines are skipped. */
import { readFile } from 'node:fs/promises';
import { InvalidArgumentError, NotFoundError } from '@palimpsest/core';

export interface TranscriptTurn {
  text: string;
  at: string | number;
  speaker?: string;
  id?: string;
  /** The conversation or thread the turn belongs to. */
  session?: string;
}

/** Every line is checked before anything is ingested, so a bad transcript changes nothing. */
export async function readTranscript(path: string): Promise<TranscriptTurn[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new NotFoundError(`palimpsest ingest: no transcript at ${path}`);
    throw e;
  }
  const turns: TranscriptTurn[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const where = `palimpsest ingest: ${path} line ${i + 1}`;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch (e) {
      throw new InvalidArgumentError(`${where} is not JSON (${(e as Error).message})`);
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new InvalidArgumentError(`${where} is not a JSON object`);
    const t = v as Record<string, unknown>;
    if (typeof t.text !== 'string') throw new InvalidArgumentError(`${where}: "text" must be a string`);
    if (typeof t.at !== 'string' && typeof t.at !== 'number') throw new InvalidArgumentError(`${where}: "at" must be an ISO-8601 time or milliseconds`);
    if (t.speaker !== undefined && typeof t.speaker !== 'string') throw new InvalidArgumentError(`${where}: "speaker" must be a string`);
    if (t.id !== undefined && (typeof t.id !== 'string' || t.id === '')) throw new InvalidArgumentError(`${where}: "id" must be a non-empty string`);
    if (t.session !== undefined && typeof t.session !== 'string') throw new InvalidArgumentError(`${where}: "session" must be a string`);
    turns.push({
      text: t.text,
      at: t.at,
      ...(typeof t.speaker === 'string' ? { speaker: t.speaker } : {}),
      ...(typeof t.id === 'string' ? { id: t.id } : {}),
      ...(typeof t.session === 'string' ? { session: t.session } : {}),
    });
  });
  return turns;
}
