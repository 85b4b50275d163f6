// The sixth blind suite: written from the issue and the public API before reading the extractor (its data
// was committed first). Checks the extractor still misses are listed in KNOWN_MISSES (run as it.fails, so a
// fix shows up as a failure to remove from the list).
import { describe, it, expect } from 'vitest';
import { SIXTH } from './blind-sixth.data.js';
import { runBlind } from './blind-run.js';
import { SIXTH_PROBES } from './blind-sixth-probes.data.js';
import { summarise } from './score.js';

/**
 * "conversation #check" of reads the rule extractor is known to get wrong (reported, not hidden). The first
 * score, before any rule was changed for this suite, was 181/242 (74.8%); 61 checks were listed here then.
 * - "a rowing machine I use as a coat rack": the things a speaker has are a closed list of nouns (pets,
 *   vehicles, instruments, homes…), so an open-ended possession is not read, and the list "a piano that nobody
 *   plays and a rowing machine" stops at the relative clause.
 * - "We adopted a third! A little tabby called Olive.": the adoption names nothing and the next sentence has
 *   no verb; a fragment that only names an animal is not joined to the sentence before it.
 */
const KNOWN_MISSES = new Set<string>([
  'gave the piano away #0',
  'gave the piano away #1',
  'gave the piano away #2',
  'Pepper, Salt and Olive #2',
]);

const results = runBlind(SIXTH);

describe('sixth blind suite score', () => {
  it('reports its score per kind', () => {
    const { total: [right, all], byCategory } = summarise(results.map((r) => ({ category: r.category, right: r.ok })));
    console.log(`sixth blind checks: ${right}/${all}\n${[...byCategory].map(([k, [a, b]]) => `  ${k}: ${a}/${b}`).join('\n')}`);
    expect(right).toBe(results.length - KNOWN_MISSES.size);
  });
});

describe('sixth blind suite', () => {
  for (const conv of SIXTH) {
    describe(conv.name, () => {
      conv.checks.forEach((check, i) => {
        const key = `${conv.name} #${i}`;
        const r = results.find((x) => x.conversation === conv.name && x.index === i)!;
        const title = `${key}: ${check.subject ?? 'the speaker'} ${check.predicate} at ${check.validAt} known after ${check.after}`;
        (KNOWN_MISSES.has(key) ? it.fails : it)(title, () => {
          expect(r.ok, `got [${r.got.join(', ')}] for ${JSON.stringify(check)}`).toBe(true);
        });
      });
    });
  }
});

describe('sixth suite probes (written after reading the rules, one per family the suite led to)', () => {
  for (const r of runBlind(SIXTH_PROBES)) {
    it(`${r.conversation} #${r.index}`, () => {
      expect(r.ok, `got [${r.got.join(', ')}]`).toBe(true);
    });
  }
});
