import { runSixth } from './blind-sixth.run.js';
const r = runSixth();
const by = new Map<string, [number, number]>();
for (const x of r) { const c = by.get(x.category) ?? [0, 0]; c[0] += x.ok ? 1 : 0; c[1]++; by.set(x.category, c); }
const ok = r.filter((x) => x.ok).length;
console.log(`overall ${ok}/${r.length} = ${(100 * ok / r.length).toFixed(1)}%  conversations ${new Set(r.map((x) => x.conversation)).size}`);
const e = r.filter((x) => x.earlier); console.log(`earlier-belief checks ${e.filter((x) => x.ok).length}/${e.length}`);
for (const [k, [a, b]] of by) console.log(`  ${k}: ${a}/${b} = ${(100 * a / b).toFixed(0)}%`);
if (process.argv.includes('-v')) for (const x of r) if (!x.ok) console.log(`FAIL ${x.conversation} #${x.index} got [${x.got.join(', ')}]`);
