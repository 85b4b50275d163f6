import { MemoryGraph, ingestEpisode } from '../../src/index.js';
import { day } from './turn-by-turn.js';
import { SIXTH } from './blind-sixth.data.js';
const d = (t: number) => (Number.isFinite(t) ? new Date(t).toISOString().slice(0, 10) : t > 0 ? '∞' : '-∞');
const args = process.argv.slice(2).filter((a) => a !== '--');
let convs = SIXTH.filter((c) => args.some((a) => c.name.includes(a)));
if (args[0] === 'turns') convs = [{ name: 'adhoc', category: '', turns: args.slice(1).map((t, i) => [`2026-0${1 + i}-05`, t] as [string, string]), checks: [] }];
for (const conv of convs) {
  let now = day(conv.turns[0]![0]);
  const mem = new MemoryGraph({ now: () => now });
  conv.turns.forEach(([date, text], i) => { now = day(date); ingestEpisode(mem, { id: `t${i}`, text, at: now, ...(conv.speaker === null ? {} : { speaker: 'Maya' }) }); });
  console.log(`== ${conv.name}`);
  for (const [date, t] of conv.turns) console.log(`   ${date} ${t}`);
  const all = mem.facts({ validAt: undefined as never, knownAt: undefined as never }).length; void all;
  const names = new Map<number, string>();
  for (const op of mem.log() as Array<Record<string, unknown>>) if ((op as { name?: string }).name !== undefined && (op as { id?: number }).id !== undefined) names.set((op as { id: number }).id, (op as { name: string }).name);
  const nm = (x: unknown): string => typeof x === 'number' ? (names.get(x) ?? String(x)) : typeof x === 'object' && x !== null && 'id' in x ? (names.get((x as { id: number }).id) ?? JSON.stringify(x)) : JSON.stringify(x);
  for (const op of mem.log() as Array<Record<string, unknown>>) {
    const o = op as { op?: string; type?: string; subject?: unknown; predicate?: string; object?: unknown; validFrom?: number; validTo?: number; recordedAt?: number };
    const kind = o.op ?? o.type;
    if (kind !== 'assert' && kind !== 'retract') continue;
    if (o.predicate === 'mentions' || o.predicate === 'said') continue;
    console.log(`  ${d(o.recordedAt!)} ${kind} ${nm(o.subject)} ${o.predicate} ${nm(o.object)} [${d(o.validFrom ?? NaN)}, ${d(o.validTo ?? Infinity)})`);
  }
}
