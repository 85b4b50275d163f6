import { runSixth } from './blind-sixth.run.js';
import { SIXTH_PROBES } from './blind-sixth-probes.data.js';
for (const r of runSixth(SIXTH_PROBES)) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.conversation} #${r.index} got [${r.got}]`);
