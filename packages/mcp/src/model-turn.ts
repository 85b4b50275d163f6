/**
 * `remember` with models: the extractor's answer and the turn's vector are asked for before the memory is
 * written, then handed to the synchronous `ingestEpisode`, which checks the extraction whole and writes the
 * turn all or nothing. A failed model call writes nothing.
 */
import { InvalidArgumentError, episodeEmbeddingText, parseIsoTime } from '@palimpsest/core';
import type { Embedder, Extraction, Extractor, IngestOptions, TimeInput } from '@palimpsest/core';

export interface ModelTurn {
  id: string;
  text: string;
  at: TimeInput;
  speaker?: string;
}

export interface AskedModels {
  /** For ingestEpisode: the built-in extractor (none configured), or one that returns the model's answer. */
  options: IngestOptions;
  /** The episode's vector from the configured embedder (spread into the episode). */
  vector: { vector?: Float32Array };
}

function readTime(text: string): number {
  try {
    return parseIsoTime(text, 'remember', 'at');
  } catch {
    return NaN;
  }
}

export async function askModels(turn: ModelTurn, models: { extractor?: Extractor; embedder?: Embedder }): Promise<AskedModels> {
  const asked: AskedModels = { options: {}, vector: {} };
  const { extractor, embedder } = models;
  // Read as the memory reads it (a time without a zone is UTC); a turn it refuses costs no model call.
  const at = typeof turn.at === 'number' ? turn.at : turn.at instanceof Date ? turn.at.getTime() : readTime(turn.at);
  // A turn without a usable time costs no model call: ingestEpisode refuses it by name.
  if (!Number.isFinite(at)) return asked;
  if (extractor !== undefined) {
    const answer = await extractor.extract([{ ...turn, at }]);
    if (!Array.isArray(answer) || answer.length !== 1) throw new InvalidArgumentError(`remember: the extractor "${extractor.id}" returned no single extraction for one turn`);
    const extraction = answer[0] as Extraction;
    asked.options = { extractor: { id: extractor.id, extract: () => [extraction] } };
  }
  if (embedder !== undefined) {
    const out = await embedder.embed([episodeEmbeddingText(turn.text, turn.speaker)]);
    // ingestEpisode checks the vector's length and numbers; here only that there is one.
    if (!Array.isArray(out) || out.length !== 1 || !(out[0] instanceof Float32Array)) {
      throw new InvalidArgumentError(`remember: the embedder "${embedder.id}" returned no single vector for one text`);
    }
    asked.vector = { vector: out[0] };
  }
  return asked;
}
