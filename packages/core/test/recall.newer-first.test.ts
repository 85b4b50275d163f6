/**
 * Of two sessions that answer a question alike, the newer comes first: what a user said last is what holds
 * now. Memories written as a user writes them, `ingestEpisode` turn by turn with sessions and the default
 * extractor, recalled through `recall` with its defaults.
 */
import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../src/graph/memory-graph.js';
import { ingestEpisode } from '../src/ingest/episode.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2023, 4, 1);

/** Sessions of (user, assistant) turns, one every three days, in this order. */
function memoryOf(sessions: Array<[string, string]>): MemoryGraph {
  let clock = T0;
  const mem = new MemoryGraph({ now: () => clock });
  sessions.forEach(([user, assistant], i) => {
    clock = T0 + i * 3 * DAY;
    ingestEpisode(mem, { id: `s${i}_1`, text: user, at: clock, speaker: 'user', session: `s${i}` });
    ingestEpisode(mem, { id: `s${i}_2`, text: assistant, at: clock, speaker: 'assistant', session: `s${i}` });
  });
  return mem;
}

const FILLER: Array<[string, string]> = [
  ['Can you suggest a recipe for a quick vegetable curry?', 'Sure: fry onions, add curry paste, vegetables and coconut milk.'],
  ['I am planning a weekend hike near the lake.', 'Pack water, a map and layers; the weather can turn quickly.'],
  ['What is a good way to learn Spanish verbs?', 'Practise the regular endings first, then the common irregular verbs.'],
];

describe('recall puts the newer of two alike answers first', () => {
  it('ranks the later of two alike statements above the earlier one, and packs it first', () => {
    const mem = memoryOf([
      FILLER[0]!,
      ['The weekly standup of our team moved to Thursdays at 10.', 'Noted, thanks for the update!'],
      FILLER[1]!,
      ['The weekly standup of our team moved to Mondays at 9.', 'Noted, thanks for the update!'],
      FILLER[2]!,
    ]);
    const r = mem.recall('What day is the weekly standup of our team?', { k: 5 });
    const ids = r.episodes.map((e) => e.id);
    expect(ids.indexOf('s3_1')).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf('s3_1')).toBeLessThan(ids.indexOf('s1_1') < 0 ? Infinity : ids.indexOf('s1_1'));
    expect(r.text.indexOf('Mondays')).toBeLessThan(r.text.indexOf('Thursdays'));
  });

  it('keeps the earlier one first for a question that asks for the first', () => {
    const mem = memoryOf([
      ['I ran my first 5k race in the park this morning.', 'Well done on finishing the race!'],
      FILLER[0]!,
      ['I ran a 5k race in the park again this morning.', 'Well done on finishing the race!'],
    ]);
    const ids = mem.recall('When did I run a 5k race in the park for the first time?', { k: 5 }).episodes.map((e) => e.id);
    expect(ids.indexOf('s0_1')).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf('s0_1')).toBeLessThan(ids.indexOf('s2_1') < 0 ? Infinity : ids.indexOf('s2_1'));
  });

  it('ranks the older first when the preferences for the latest are switched off (the options are what order them)', () => {
    const mem = memoryOf([
      ['The weekly standup of our team moved to Thursdays at 10.', 'Noted, thanks for the update!'],
      FILLER[1]!,
      ['The weekly standup of our team moved to Mondays at 9.', 'Noted, thanks for the update!'],
    ]);
    const on = mem.recall('What day is the weekly standup of our team?', { k: 4 }).episodes.map((e) => e.id);
    const off = mem.recall('What day is the weekly standup of our team?', { k: 4, recentBoost: 0, versionDepth: 0 }).episodes.map((e) => e.id);
    expect(on.indexOf('s2_1')).toBeLessThan(on.indexOf('s0_1'));
    expect(off.indexOf('s0_1')).toBeLessThan(off.indexOf('s2_1'));
  });
});
