/**
 * What to embed for a conversation turn so a sentence encoder knows what it answers: the turn before it,
 * then the turn itself, each as recall writes a turn (`speaker: text`, core's `episodeEmbeddingText`).
 * A reply ("Yes! It was so much fun, the kids loved it") says little alone; with the line it answers ("Did
 * you go camping with the kids last weekend?") its vector lands near the question about it. Chosen with USE
 * lite on LoCoMo dev (conv-26, conv-30): evidence recall@5 / @10 0.711 / 0.812 → 0.720 / 0.835; on test
 * 0.672 / 0.779 → 0.695 / 0.778 (packages/bench quality.js --turn-context; README "Through the engine").
 *
 * Vectors made this way are the caller's own (`mem.episode({ …, vector })`): recall embeds an episode that
 * has no vector as `speaker: text` alone, so give every turn its vector when you use this.
 */
import { InvalidArgumentError, episodeEmbeddingText } from '@palimpsest/core';

export interface ContextTurn {
  text: string;
  speaker?: string;
}

/**
 * The text to embed for each turn of one conversation, in order: the first turn alone, every other one
 * after the previous turn's line ("previous speaker: previous text\nspeaker: text").
 */
export function turnTextsInContext(turns: readonly ContextTurn[]): string[] {
  if (!Array.isArray(turns)) throw new InvalidArgumentError('turnTextsInContext: turns must be an array of { text, speaker? }');
  const lines = turns.map((t: unknown, i) => {
    const turn = t as ContextTurn | null;
    if (turn === null || typeof turn !== 'object' || typeof turn.text !== 'string') {
      throw new InvalidArgumentError(`turnTextsInContext: turns[${i}].text must be a string`);
    }
    if (turn.speaker !== undefined && typeof turn.speaker !== 'string') {
      throw new InvalidArgumentError(`turnTextsInContext: turns[${i}].speaker must be a string when given`);
    }
    return episodeEmbeddingText(turn.text, turn.speaker);
  });
  return lines.map((line, i) => (i === 0 ? line : `${lines[i - 1]!}\n${line}`));
}
