/**
 * A LoCoMo conversation as a memory, the way the benchmark builds one (packages/bench, workload 1): every
 * turn an episode at its own time, recorded in time order (record time = the turn's time, as if the
 * memory had listened live), and core's RuleExtractor's entities (with their types) and facts asserted
 * with the turn as evidence. The real data set when it is present (conv-26), else the seeded generator's
 * conversation, which has the same shape.
 */
import { MemoryGraph, RuleExtractor } from '@palimpsest/core';
import { datasetsAvailable, generateConversations, loadLocomo } from '@palimpsest/datasets';
import type { Conversation } from '@palimpsest/datasets';

export async function locomoConversation(): Promise<{ conversation: Conversation; source: string }> {
  if (datasetsAvailable().locomo) {
    const all = await loadLocomo();
    const conversation = all.find((c) => c.id === 'conv-26') ?? all[0];
    if (conversation) return { conversation, source: `LoCoMo ${conversation.id}` };
  }
  const [conversation] = generateConversations({ seed: 26, conversations: 1 });
  return { conversation: conversation!, source: `generated ${conversation!.id} (LoCoMo not found)` };
}

export function conversationMemory(conv: Conversation): MemoryGraph {
  let last = 0;
  const mem = new MemoryGraph({ now: () => last });
  const extractor = new RuleExtractor({ knownNames: conv.speakers });
  for (const session of conv.sessions) {
    for (const t of session.turns) {
      const at = Math.max(last, t.at);
      const x = extractor.extract([{ id: t.id, text: t.text, at, speaker: t.speaker }])[0]!;
      for (const e of x.entities) mem.entity({ name: e.name, ...(e.type === undefined ? {} : { type: e.type }), recordedAt: at });
      mem.episode({ id: t.id, text: t.text, at, speaker: t.speaker, recordedAt: at, entities: x.entities.map((e) => e.name) });
      for (const f of x.facts) {
        const { subject, predicate, object, validTo, confidence, edgeType } = f; // not the span it was read from
        mem.assert({
          subject, predicate, object, confidence, validFrom: f.validFrom ?? t.at, recordedAt: at, episode: t.id, evidence: [t.id], source: 'RuleExtractor',
          ...(validTo === undefined ? {} : { validTo }), ...(edgeType === undefined ? {} : { edgeType }),
        });
      }
      last = at;
    }
  }
  return mem;
}
