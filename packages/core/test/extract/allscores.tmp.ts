import { CONVERSATIONS } from './conversations.data.js';
import { BLIND, HELD_OUT } from './held-out.data.js';
import { UNSEEN } from './unseen.data.js';
import { BLIND_SECOND, BLIND_THIRD } from './blind-second.data.js';
import { scoreConversation, summarise } from './score.js';
import { runFifth, runProbes } from './blind-fifth.run.js';
import { runSixth } from './blind-sixth.run.js';
const out: string[] = [];
for (const [n, s] of [['conversations', CONVERSATIONS], ['held-out', HELD_OUT], ['blind', BLIND], ['unseen', UNSEEN], ['blind-second', BLIND_SECOND], ['blind-third', BLIND_THIRD]] as const) {
  const r = s.flatMap(scoreConversation); const { total } = summarise(r);
  out.push(`${n}: ${total[0]}/${total[1]}`);
  if (process.argv.includes('-v')) for (const x of r) if (!x.right) out.push(`   ✗ ${x.conversation}: ${x.check.slice(0, 4).join(' ')} → [${x.got}] want [${x.check[4]}]`);
}
for (const [n, r] of [['fifth', runFifth()], ['fifth-probes', runProbes()], ['sixth', runSixth()]] as const) {
  out.push(`${n}: ${r.filter((x) => x.ok).length}/${r.length}`);
  if (process.argv.includes('-v') && n !== 'sixth') for (const x of r) if (!x.ok) out.push(`   ✗ ${x.conversation} #${x.index} got [${x.got}]`);
}
console.log(out.join('\n'));
