import { MemoryGraph, ingestEpisode } from '../../src/index.js';
for (const turns of process.argv.slice(2).filter((a) => a !== '--').map((a) => a.split(' | '))) {
  let now = Date.parse('2026-01-05T12:00:00Z');
  const mem = new MemoryGraph({ now: () => now });
  turns.forEach((text, i) => { now = Date.parse('2026-01-05T12:00:00Z') + i * 30 * 86400000; ingestEpisode(mem, { id: `t${i}`, text, at: now }); });
  console.log(turns.join(' | '));
  for (const f of mem.facts({})) if (!['mentions', 'event', 'said'].includes(f.predicate)) console.log(`   ${f.subject.name} ${f.predicate} ${'name' in f.object ? f.object.name : f.object.value}`);
}
