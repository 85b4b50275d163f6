import { MemoryGraph, ingestEpisode } from '../../src/index.js';
const d = (t: number) => (Number.isFinite(t) ? new Date(t).toISOString().slice(0, 10) : t > 0 ? '∞' : '-∞');
const convs: string[][] = process.argv.slice(2).filter((a) => a !== '--').map((a) => a.split(' | '));
for (const turns of convs) {
  let now = Date.parse('2026-06-08T12:00:00Z');
  const mem = new MemoryGraph({ now: () => now });
  turns.forEach((text, i) => { now = Date.parse('2026-06-08T12:00:00Z') + i * 30 * 86400000; ingestEpisode(mem, { id: `t${i}`, text, at: now, speaker: 'Maya' }); });
  const lines: string[] = [];
  for (const f of mem.facts({ knownAt: now, validAt: undefined as never })) void f;
  for (const f of mem.history({ subject: 'Maya' }).concat(...[...new Set(turns.join(' ').match(/\b[A-Z][a-z]+\b/g) ?? [])].filter((n) => n !== 'Maya' && mem.getEntity(n) !== undefined).map((n) => mem.history({ subject: n })))) {
    if (['mentions', 'event', 'said'].includes(f.predicate) || f.invalidAt !== Infinity) continue;
    lines.push(`${f.subject.name} ${f.predicate} ${'name' in f.object ? f.object.name : f.object.value} [${d(f.validFrom)}, ${d(f.validTo)})`);
  }
  console.log(`${turns.join(' | ')}\n   ${[...new Set(lines)].join('\n   ')}`);
}
