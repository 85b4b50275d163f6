import { splitClauses, readClause, normalise } from '../../src/recall/extract/clauses.js';
import { stateHits } from '../../src/recall/extract/state-rules.js';
for (const s of process.argv.slice(2).filter((a) => a !== '--')) {
  let prev;
  for (const c of splitClauses(normalise(s))) { const cl = readClause(c, prev); prev = cl; console.log(JSON.stringify(cl), JSON.stringify(stateHits(cl, { lastPlace: undefined, isHome: () => false }))); }
}
