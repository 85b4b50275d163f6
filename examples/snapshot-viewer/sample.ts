/**
 * The sample snapshot the viewer opens by default: the worked example of SEMANTICS.md (the Pro plan's
 * price, 40 from Jan 1; learned on Mar 15 that it became 50 on Mar 1) and a little around it.
 */
import { MemoryGraph } from '@palimpsest/core';

export function sampleMemory(): MemoryGraph {
  const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`);
  let clock = day('2025-01-01');
  const mem = new MemoryGraph({ now: () => clock, predicates: { price: { cardinality: 'one' }, plan: { cardinality: 'one' } } });
  for (const [name, type] of [['Pro plan', 'plan'], ['Acme', 'company'], ['Alice', 'person']] as const) mem.entity({ name, type });
  mem.assert({ subject: 'Pro plan', predicate: 'price', object: { value: 40 }, validFrom: clock, source: 'pricing page' });
  mem.assert({ subject: 'Acme', predicate: 'plan', object: 'Pro plan', validFrom: clock, source: 'crm' });
  mem.assert({ subject: 'Alice', predicate: 'works_at', object: 'Acme', validFrom: clock, confidence: 0.9, source: 'chat' });
  clock = day('2025-03-15');
  mem.assert({ subject: 'Pro plan', predicate: 'price', object: { value: 50 }, validFrom: day('2025-03-01'), source: 'billing' });
  return mem;
}
