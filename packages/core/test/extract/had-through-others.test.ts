// Pets and things the speaker has through someone else: "my daughter talked me into two goldfish", "my son
// convinced me to adopt a kitten", "my mom gave me her old car", "we ended up with a rescue dog", "I came
// home with a puppy". The speaker has them from then; an ending later closes the one it names.
import { describe, expect, it } from 'vitest';
import type { MemoryGraph } from '../../src/index.js';
import { conversation, day } from './turn-by-turn.js';

const has = (mem: MemoryGraph, validAt: string, knownAt: string): string[] =>
  mem
    .facts({ subject: 'Maya', predicate: 'has', validAt: day(validAt), knownAt: day(knownAt) })
    .map((f) => ('name' in f.object ? f.object.name : String(f.object.value)))
    .sort();

describe('what someone else got the speaker to have', () => {
  it('"my daughter talked me into two goldfish, Bubbles and Nemo", then Nemo died', () => {
    const mem = conversation([
      ['2026-05-01', 'my daughter talked me into two goldfish, Bubbles and Nemo'],
      ['2026-05-20', 'Nemo died this morning, Bubbles seems fine'],
    ]);
    expect(has(mem, '2026-05-01', '2026-05-01')).toEqual(['Bubbles', 'Nemo']);
    expect(has(mem, '2026-05-20', '2026-05-20')).toEqual(['Bubbles']);
    expect(has(mem, '2026-05-21', '2026-05-10')).toEqual(['Bubbles', 'Nemo']);
    expect(has(mem, '2026-04-01', '2026-05-20')).toEqual([]);
  });

  it('"my son convinced me to adopt a kitten named Mochi", then Mochi rehomed', () => {
    const mem = conversation([
      ['2026-02-01', 'My son convinced me to adopt a kitten named Mochi.'],
      ['2026-08-01', 'We rehomed Mochi with my aunt, the allergies were too much.'],
    ]);
    expect(has(mem, '2026-03-01', '2026-03-01')).toEqual(['Mochi']);
    expect(has(mem, '2026-08-02', '2026-08-02')).toEqual([]);
    expect(has(mem, '2026-08-02', '2026-07-01')).toEqual(['Mochi']);
  });

  it('"we ended up with a rescue dog called Bruno" and "I came home with a puppy"', () => {
    const mem = conversation([
      ['2026-03-01', 'We went to look at cats and ended up with a rescue dog called Bruno.'],
      ['2026-04-01', 'Went to the shelter for a cat, came home with a puppy instead.'],
    ]);
    expect(has(mem, '2026-03-01', '2026-03-01')).toEqual(['Bruno']);
    expect(has(mem, '2026-04-01', '2026-04-01')).toEqual(['Bruno', 'puppy']);
    expect(has(mem, '2026-04-01', '2026-03-15')).toEqual(['Bruno']);
  });

  it('"my mom gave me her old car", then the car sold', () => {
    const mem = conversation([
      ['2026-01-15', 'My mom gave me her old car when she retired.'],
      ['2026-09-01', 'I sold the car last week, I bike everywhere now.'],
    ]);
    expect(has(mem, '2026-02-01', '2026-02-01')).toEqual(['car']);
    expect(has(mem, '2026-09-01', '2026-09-01')).toEqual([]);
    expect(has(mem, '2026-09-01', '2026-08-01')).toEqual(['car']);
  });

  it('gives the speaker nothing that is not a pet or a thing, nor a wish', () => {
    const mem = conversation([
      ['2026-01-15', 'My sister talked me into a trip to Rome.'],
      ['2026-02-15', 'If my husband convinced me to get a dog I would call it Pixel.'],
    ]);
    expect(has(mem, '2026-03-01', '2026-03-01')).toEqual([]);
  });
});
