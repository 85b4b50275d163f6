import { describe, expect, it } from 'vitest';
import { ADVERSARIAL_ANSWER, DatasetNotFoundError, loadLocomo, parseEvidence } from '../src/index.js';
import type { Conversation } from '../src/index.js';
import { hasLocomo } from './helpers.js';

describe('parseEvidence', () => {
  it('splits and repairs the malformed shapes found in the release', () => {
    expect(parseEvidence('D8:6; D9:17')).toEqual(['D8:6', 'D9:17']);
    expect(parseEvidence('D9:1 D4:4 D4:6')).toEqual(['D9:1', 'D4:4', 'D4:6']);
    expect(parseEvidence('D:11:26')).toEqual(['D11:26']);
    expect(parseEvidence('D30:05')).toEqual(['D30:5']);
    expect(parseEvidence(' D1:3 ')).toEqual(['D1:3']);
    expect(parseEvidence('D')).toEqual([]);
  });
});

describe('loadLocomo', () => {
  it('throws DatasetNotFoundError naming the path and the upstream source when the file is absent', async () => {
    const err = await loadLocomo({ path: '/nonexistent/locomo10.json' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatasetNotFoundError);
    expect((err as Error).message).toMatch(/^loadLocomo: /);
    expect((err as Error).message).toContain('/nonexistent/locomo10.json');
    expect((err as Error).message).toContain('snap-research/LoCoMo');
    expect((err as DatasetNotFoundError).searched).toEqual(['/nonexistent/locomo10.json']);
  });

  describe.skipIf(!hasLocomo)('on the real file (skips without it)', () => {
    let data: Conversation[] = [];
    const load = async () => (data.length > 0 ? data : (data = await loadLocomo()));

    it('has the published counts', async () => {
      const convs = await load();
      expect(convs).toHaveLength(10);
      expect(convs.reduce((n, c) => n + c.sessions.length, 0)).toBe(272);
      expect(convs.reduce((n, c) => n + c.sessions.reduce((m, s) => m + s.turns.length, 0), 0)).toBe(5882);
      const questions = convs.flatMap((c) => c.questions);
      expect(questions).toHaveLength(1986);
      const byCategory = [1, 2, 3, 4, 5].map((k) => questions.filter((q) => q.category === k).length);
      expect(byCategory).toEqual([282, 321, 96, 841, 446]);
      expect(convs.reduce((n, c) => n + (c.observations?.length ?? 0), 0)).toBe(2541);
    });

    it('ignores conv-26 date keys of sessions without turns', async () => {
      const c = (await load()).find((x) => x.id === 'conv-26')!;
      expect(c.sessions.map((s) => s.index)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
      expect(c.speakers).toEqual(['Caroline', 'Melanie']);
    });

    it('dates sessions and orders turns on the time axis', async () => {
      const c = (await load())[0]!;
      expect(c.sessions[0]!.date).toBe(Date.UTC(2023, 4, 8, 13, 56)); // "1:56 pm on 8 May, 2023"
      for (const conv of await load()) {
        for (const s of conv.sessions) {
          s.turns.forEach((t, i) => {
            expect(t.at).toBe(s.date + i * 1000);
            expect(t.id.startsWith(`D${s.index}:`)).toBe(true);
          });
        }
      }
    });

    it('keeps image captions: text is what was said plus the caption in brackets', async () => {
      const turn = (await load())[0]!.sessions[0]!.turns.find((t) => t.id === 'D1:5')!;
      expect(turn.image?.caption).toBe('a photo of a dog walking past a wall with a painting of a woman');
      expect(turn.rawText).toBe('The transgender stories were so inspiring! I was so happy and thankful for all the support.');
      expect(turn.text).toBe(`${turn.rawText} [${turn.image!.caption}]`);
      const images = (await load()).flatMap((c) => c.sessions.flatMap((s) => s.turns.filter((t) => t.image)));
      expect(images.length).toBeGreaterThan(0);
      expect(images.every((t) => t.text.endsWith(`[${t.image!.caption}]`))).toBe(true);
    });

    it('gives every answer as a string, and category 5 the not-mentioned answer plus the adversarial one', async () => {
      const questions = (await load()).flatMap((c) => c.questions);
      expect(questions.every((q) => typeof q.answer === 'string' && q.answer.length > 0)).toBe(true);
      const cat5 = questions.filter((q) => q.category === 5);
      expect(cat5.every((q) => typeof q.adversarialAnswer === 'string')).toBe(true);
      // 444 have only adversarial_answer; two also carry an explicit answer ("No"), which is kept.
      expect(cat5.filter((q) => q.answer === ADVERSARIAL_ANSWER)).toHaveLength(444);
      expect(cat5.filter((q) => q.answer === 'No')).toHaveLength(2);
      expect(questions.filter((q) => q.category !== 5 && q.adversarialAnswer !== undefined)).toHaveLength(0);
    });

    it('cleans evidence: every id names an existing turn; malformed entries are split or repaired', async () => {
      const convs = await load();
      for (const c of convs) {
        const ids = new Set(c.sessions.flatMap((s) => s.turns.map((t) => t.id)));
        for (const q of c.questions) for (const e of q.evidence) expect(ids.has(e)).toBe(true);
      }
      const all = convs.flatMap((c) => c.questions);
      expect(all.filter((q) => q.evidence.length === 0)).toHaveLength(4);
      const fixed = all.filter((q) => q.rawEvidence !== undefined);
      const byRaw = new Map(fixed.map((q) => [q.rawEvidence!.join('|'), q.evidence]));
      expect(byRaw.get('D8:6; D9:17')).toEqual(['D8:6', 'D9:17']);
      expect(byRaw.get('D:11:26')).toBeUndefined(); // part of a longer list:
      expect(fixed.some((q) => q.rawEvidence!.includes('D:11:26') && q.evidence.includes('D11:26'))).toBe(true);
      expect(fixed.some((q) => q.rawEvidence!.includes('D30:05') && q.evidence.includes('D30:5'))).toBe(true);
      expect(byRaw.get('D9:1 D4:4 D4:6')).toEqual(['D9:1', 'D4:4', 'D4:6']);
      // Ids of turns that do not exist (conv-42 "D10:19", conv-47 "D4:36") and a bare "D" are dropped.
      expect(fixed.some((q) => q.rawEvidence!.includes('D10:19') && !q.evidence.includes('D10:19'))).toBe(true);
      expect(fixed.length).toBe(10);
    });
  });
});
