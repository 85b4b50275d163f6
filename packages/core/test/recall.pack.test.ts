import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../src/errors.js';
import { longestPrefixBySearch, oneLine, packContext, type PackEpisode, type PackFact } from '../src/recall/pack.js';
import { estimateTokens, textCounts } from '../src/recall/text.js';

const at = Date.UTC(2023, 4, 8, 13, 56);

/**
 * Packs one episode under `tokenBudget` and, when it was cut, checks the kept text is a prefix of the episode's
 * one-line text and that one more word would not have fitted. Returns the pack.
 */
function expectCutAsLateAsFits(text: string, id: string, tokenBudget: number): ReturnType<typeof packContext> {
  const r = packContext({ facts: [], episodes: [{ id, text, at, score: 1 }], tokenBudget });
  const whole = text.replace(/\s+/g, ' ').trim();
  const head = `Episodes:\n[2023-05-08T13:56Z ${id}] `;
  if (r.episodeCount === 0 || !r.text.endsWith('…')) return r;
  const kept = r.text.slice(head.length, -1);
  expect(whole.startsWith(kept)).toBe(true);
  const next = whole.indexOf(' ', kept.length + 1);
  const longer = next < 0 ? whole : whole.slice(0, next);
  if (longer.length > kept.length && longer !== whole) expect(estimateTokens(head + longer + '…')).toBeGreaterThan(tokenBudget);
  return r;
}

describe('packContext', () => {
  it('puts facts best first, then the episodes they cite, then other episodes best first', () => {
    const facts: PackFact[] = [
      { text: 'Caroline attended an LGBTQ support group on 2023-05-07', score: 0.5, evidence: ['D1:3'] },
      { text: 'Melanie painted a lake sunrise in 2022', score: 0.9, evidence: ['D1:14'] },
    ];
    const episodes: PackEpisode[] = [
      { id: 'D1:1', text: 'Hey Mel! Good to see you!', at, score: 0.99 },
      { id: 'D1:3', text: 'I went to a LGBTQ support group yesterday\nand it was so powerful.', at, score: 0.1 },
      { id: 'D1:14', text: 'Yeah, I painted that lake sunrise last year!', at, score: 0.2 },
    ];
    const r = packContext({ facts, episodes, tokenBudget: Infinity });
    expect(r.text.split('\n')).toEqual([
      'Facts:',
      '- Melanie painted a lake sunrise in 2022',
      '- Caroline attended an LGBTQ support group on 2023-05-07',
      'Episodes:',
      '[2023-05-08T13:56Z D1:14] Yeah, I painted that lake sunrise last year!',
      '[2023-05-08T13:56Z D1:3] I went to a LGBTQ support group yesterday and it was so powerful.',
      '[2023-05-08T13:56Z D1:1] Hey Mel! Good to see you!',
    ]);
    expect(r).toMatchObject({ factCount: 2, episodeCount: 3, tokens: estimateTokens(r.text) });
  });

  it('skips what does not fit and cuts a long episode at a word boundary', () => {
    const long = 'word '.repeat(400).trim();
    const r = packContext({ facts: [{ text: 'a short fact', score: 1 }], episodes: [{ id: 'e1', text: long, at, score: 1 }], tokenBudget: 60 });
    expect(r.factCount).toBe(1);
    expect(r.episodeCount).toBe(1);
    expect(r.text).toMatch(/\[2023-05-08T13:56Z e1\] (word )+word…$/);
    expect(r.tokens).toBeLessThanOrEqual(60);
    expect(r.tokens).toBeGreaterThan(45); // the room was used, not wasted
  });

  it('cuts a long episode as late as the budget allows, whatever its whitespace (property)', () => {
    const word = fc.stringMatching(/^[a-z漢]{1,9}$/);
    const gap = fc.constantFrom(' ', '  ', '\n', ' \n\t ', '\n\n\n');
    const textArb = fc.array(fc.tuple(word, gap), { minLength: 50, maxLength: 600 }).map((xs) => xs.map(([w, g]) => w + g).join(''));
    fc.assert(
      fc.property(textArb, fc.integer({ min: 14, max: 300 }), (text, tokenBudget) => {
        expectCutAsLateAsFits(text, 'e', tokenBudget);
      }),
      { numRuns: 300 },
    );
  });

  it('cuts an ASCII episode as late as the budget allows when punctuation drives the estimate, whatever its id (property)', () => {
    // bodies are cut by a search over their prefix counts (pack.ts longestFittingPrefix), not by textCounts of each
    const word = fc.stringMatching(/^[a-z0-9.,!?'()-]{1,9}$/);
    const gap = fc.constantFrom(' ', '  ', '\n', ' \t ');
    const textArb = fc.array(fc.tuple(word, gap), { minLength: 50, maxLength: 400 }).map((xs) => xs.map(([w, g]) => w + g).join(''));
    fc.assert(
      fc.property(textArb, fc.constantFrom('e', 'é漢', 'a b'), fc.integer({ min: 14, max: 300 }), (text, id, tokenBudget) => {
        const r = expectCutAsLateAsFits(text, id, tokenBudget);
        expect(r.tokens).toBeLessThanOrEqual(tokenBudget);
        expect(r.tokens).toBe(estimateTokens(r.text));
      }),
      { numRuns: 300 },
    );
  });

  it('collapses whitespace as replace(/\\s+/g, " ").trim() does, any whitespace (property)', () => {
    const piece = fc.constantFrom('a', 'bc', '漢', '😀', '\uD800', ' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u2028', '\u200b', '.');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (xs) => {
        const s = xs.join('');
        expect(oneLine(s)).toBe(s.replace(/\s+/g, ' ').trim());
      }),
      { numRuns: 2000 },
    );
  });

  it('returns an empty context for a zero budget and refuses a bad budget', () => {
    expect(packContext({ facts: [{ text: 'x', score: 1 }], episodes: [], tokenBudget: 0 })).toEqual({ text: '', tokens: 0, factCount: 0, episodeCount: 0 });
    expect(() => packContext({ facts: [], episodes: [], tokenBudget: -1 })).toThrow(InvalidArgumentError);
    expect(() => packContext({ facts: [], episodes: [], tokenBudget: 1.5 })).toThrow(/^packContext: tokenBudget/);
    expect(() => packContext({ facts: [{ text: 'x', score: NaN }], episodes: [], tokenBudget: 5 })).toThrow(/^packContext: facts\[0\]/);
  });

  it('never exceeds the budget, reports its own size, and keeps facts in score order (property)', () => {
    const text = fc.string({ maxLength: 200, unit: fc.constantFrom('a', 'b', 'é', ' ', '\n', '.', '7', '漢', '😀', 'word ', 'x') });
    const factArb = fc.record({ text, score: fc.double({ min: 0, max: 1, noNaN: true }), evidence: fc.array(fc.constantFrom('e0', 'e1', 'e2', 'e3'), { maxLength: 3 }) });
    const epArb = fc.record({
      id: fc.constantFrom('e0', 'e1', 'e2', 'e3', 'e4'),
      text,
      at: fc.integer({ min: 0, max: 4_000_000_000_000 }),
      score: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(factArb, { maxLength: 12 }), fc.array(epArb, { maxLength: 12 }), fc.integer({ min: 0, max: 400 }), (facts, episodes, tokenBudget) => {
        const r = packContext({ facts, episodes, tokenBudget });
        expect(r.tokens).toBeLessThanOrEqual(tokenBudget);
        expect(r.tokens).toBe(estimateTokens(r.text));
        const lines = r.text === '' ? [] : r.text.split('\n');
        const factLines = lines.filter((l) => l.startsWith('- '));
        expect(factLines.length).toBe(r.factCount);
        // packed facts appear in non-increasing score order
        const scoreOf = new Map<string, number[]>();
        for (const f of facts) scoreOf.set(`- ${f.text.replace(/\s+/g, ' ').trim()}`, [...(scoreOf.get(`- ${f.text.replace(/\s+/g, ' ').trim()}`) ?? []), f.score]);
        let prevMax = Infinity;
        for (const l of factLines) {
          const s = Math.max(...scoreOf.get(l)!);
          expect(Math.min(...scoreOf.get(l)!)).toBeLessThanOrEqual(prevMax);
          prevMax = Math.min(prevMax, s);
        }
        expect(lines.filter((l) => l.startsWith('[')).length).toBe(r.episodeCount);
        // with an unlimited budget everything is packed (distinct episode ids once each)
        const all = packContext({ facts, episodes, tokenBudget: Infinity });
        expect(all.factCount).toBe(facts.length);
        expect(all.episodeCount).toBe(new Set(episodes.map((e) => e.id)).size);
      }),
      { numRuns: 300, seed: 4242 },
    );
  });
});

describe('longestPrefixBySearch', () => {
  it('finds the prefix the binary search over whole-line counts found, for non-ASCII bodies', () => {
    const word = fc.stringMatching(/^[a-zé漢😀.,!]{1,8}$/);
    const gap = fc.constantFrom(' ', '  ', '—', '');
    const bodyArb = fc.array(fc.tuple(word, gap), { minLength: 1, maxLength: 120 }).map((xs) => xs.map(([w, g]) => w + g).join(''));
    fc.assert(
      fc.property(bodyArb, fc.constantFrom('', 'Facts:\n- x'), fc.integer({ min: 0, max: 400 }), (body, before, budget) => {
        const lead = '[2023-05-08T13:56Z e] ';
        const line = (p: string): string => (before === '' ? '' : before + '\n') + lead + p + '…';
        const bareCounts = textCounts(line(''));
        let lo = 0;
        let hi = body.length;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (estimateTokens(line(body.slice(0, mid))) <= budget) lo = mid;
          else hi = mid - 1;
        }
        expect(longestPrefixBySearch(body, bareCounts, budget)).toBe(lo);
      }),
      { numRuns: 1000 },
    );
  });
});
