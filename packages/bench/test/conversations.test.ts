import { describe, expect, it } from 'vitest';
import { generateConversations } from '@palimpsest/datasets';
import { runLocomo, BM25, type Extractor } from '../src/workloads/conversations.js';

describe('LoCoMo-shaped ingest with the built-in extractor', () => {
  it('asserts the extractor\'s facts with their episode as evidence, and scores the BM25 baseline', async () => {
    // core's RuleExtractor straight from its module, whether or not index.ts exports it yet
    const { RuleExtractor } = await import('../../core/src/recall/extractor.js');
    const convs = generateConversations({ seed: 5, conversations: 1, sessionsPerConversation: 3, turnsPerSession: 8 });
    const out = await runLocomo(convs, 'gen', { keepLast: true, makeExtractor: () => new RuleExtractor() as unknown as Extractor });
    const ingest = out.results.find((r) => r.workload === '1 ingest')!;
    const turns = convs[0]!.sessions.reduce((n, s) => n + s.turns.length, 0);
    expect(ingest.extra?.['episodes']).toBe(turns); // every turn, through ingestEpisode; no session documents
    const facts = ingest.extra?.['facts'] as number;
    expect(facts).toBeGreaterThan(0);
    const mem = out.lastMemory!;
    const all = mem.facts({ validAt: mem.now(), knownAt: mem.now() });
    expect(all.length).toBeGreaterThan(0);
    for (const f of all) {
      expect(f.source).toBe('extractor'); // ingestEpisode's default source
      // a re-assertion reinforces the version and adds its episode to the evidence
      expect(f.evidence.length).toBeGreaterThan(0);
      for (const e of f.evidence) expect(mem.getEpisode(e)).toBeDefined();
    }
    expect(out.notes.some((n) => n.includes('through ingestEpisode with the default extractor'))).toBe(true);
    const bm = out.quality.filter((q) => q.system === BM25 && q.group === 'all');
    expect(bm.map((q) => q.metric).sort()).toEqual(['evidence recall@10', 'evidence recall@25', 'evidence recall@5']);
    // recall@k can only grow with k
    const v = (k: number) => bm.find((q) => q.metric === `evidence recall@${k}`)!.value;
    expect(v(5)).toBeLessThanOrEqual(v(10));
    expect(v(10)).toBeLessThanOrEqual(v(25));
  });
});
