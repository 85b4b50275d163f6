/**
 * The exact texts recall embeds, in one place, so that vectors made ahead of time (by `ingest`, or by a
 * caller with its own model) are the vectors recall would have made:
 * - an episode: `speaker: text` (or the text alone without a speaker);
 * - an entity: its display name as first written;
 * - a query: the query string as given.
 */
export function episodeEmbeddingText(text: string, speaker: string | undefined): string {
  return speaker === undefined ? text : `${speaker}: ${text}`;
}
