/**
 * Stage 5, pack: the facts (one line each, with their valid times) and the episodes into the context an
 * agent reads, within the token budget (recall/pack.ts).
 */
import type { Fact } from '../../types.js';
import { isoMinute } from '../../util/time.js';
import { packContext } from '../pack.js';
import type { PackEpisode, PackFact } from '../pack.js';
import type { RecalledFact } from '../options.js';

export function packStage(facts: RecalledFact[], evidenceOf: string[][], episodes: PackEpisode[], tokenBudget: number): { text: string; tokens: number } {
  const packFacts: PackFact[] = facts.map((f, i) => ({ text: factLine(f), score: f.score, evidence: evidenceOf[i]! }));
  const packed = packContext({ facts: packFacts, episodes, tokenBudget });
  return { text: packed.text, tokens: packed.tokens };
}

/** One line per fact for the packed context: "Alex works on ProjectX (2024-01-05 – now)". */
export function factLine(f: Fact): string {
  const object = 'value' in f.object ? String(f.object.value) : f.object.name;
  const day = (ms: number): string => isoMinute(ms)?.slice(0, 10) ?? String(ms);
  const from = Number.isFinite(f.validFrom) ? day(f.validFrom) : '';
  const to = Number.isFinite(f.validTo) ? day(f.validTo) : '';
  const when = from === '' && to === '' ? '' : ` (${from || '…'} – ${to || 'now'})`;
  return `${f.subject.name} ${f.predicate.replace(/_/g, ' ')} ${object}${when}`;
}
