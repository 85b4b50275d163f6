import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, episodeEmbeddingText } from '@palimpsest/core';
import { turnTextsInContext } from '../src/index.js';

describe('turnTextsInContext', () => {
  it('puts each turn after the line it answers, the first alone, as recall writes a turn', () => {
    const turns = [
      { speaker: 'Mel', text: 'Did you go camping with the kids?' },
      { speaker: 'Caroline', text: 'Yes! They loved it.' },
      { text: 'A note without a speaker.' },
    ];
    expect(turnTextsInContext(turns)).toEqual([
      'Mel: Did you go camping with the kids?',
      'Mel: Did you go camping with the kids?\nCaroline: Yes! They loved it.',
      'Caroline: Yes! They loved it.\nA note without a speaker.',
    ]);
    // the turn's own line is exactly what recall embeds for it
    expect(turnTextsInContext(turns)[1]!.endsWith(episodeEmbeddingText(turns[1]!.text, turns[1]!.speaker))).toBe(true);
    expect(turnTextsInContext([])).toEqual([]);
  });

  it('refuses what is not a list of turns, by name', () => {
    expect(() => turnTextsInContext('hello' as never)).toThrow(InvalidArgumentError);
    expect(() => turnTextsInContext([{ text: 'a' }, { text: 3 }] as never)).toThrow(/^turnTextsInContext: turns\[1\]\.text must be a string/);
    expect(() => turnTextsInContext([{ text: 'a', speaker: 7 }] as never)).toThrow(/^turnTextsInContext: turns\[0\]\.speaker/);
    expect(() => turnTextsInContext([null] as never)).toThrow(InvalidArgumentError);
  });
});
