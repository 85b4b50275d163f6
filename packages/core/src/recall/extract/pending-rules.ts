// Stated rules said before what they are about. "If the team lead changes, the weekly report goes to James
// Lee" may come before the speaker ever says who the lead is or where the report goes; the memory then has
// nothing to rest the rule on, and ingest skips it (extract/ingest-rules.ts). The extractor keeps such a rule
// and states it again with the turn that first tells its arrangement or its premise, so ingest attaches it
// then, against what the memory believes at that turn. What the extractor has heard is its own facts, turn
// by turn; a rule is kept until a turn restates it with both its arrangement and a premise heard.
import type { ExtractedBeliefRef, ExtractedFact, ExtractedRule } from '../../types.js';
import { fold } from './speakers.js';

/** At most this many rules wait at once (the oldest is dropped): a long conversation must not grow it without bound. */
const MAX_PENDING = 16;

const objectName = (f: ExtractedFact): string | undefined => (typeof f.object === 'string' ? fold(f.object) : undefined);
const samePredicate = (name: string, wanted: string): boolean => name === wanted || name.endsWith(`_${wanted}`);

export class PendingRules {
  private pending: ExtractedRule[] = [];
  /** subject|predicate and subject|predicate=object of every fact this extractor has given */
  private readonly heard = new Set<string>();

  /**
   * Records the turn's facts, and returns its rules with the waiting ones this turn's facts are about
   * appended; the turn's own rules whose arrangement or premise is still unheard start waiting.
   */
  settle(facts: readonly ExtractedFact[], rules: readonly ExtractedRule[]): ExtractedRule[] {
    if (facts.length === 0 && rules.length === 0) return rules as ExtractedRule[];
    const fresh = new Set<string>();
    for (const f of facts) {
      if (f.predicate === 'mentions' || f.predicate === 'event') continue; // a name heard is no arrangement
      const s = fold(f.subject);
      fresh.add(`${s}|${f.predicate}`);
      const o = objectName(f);
      if (o !== undefined) fresh.add(`${s}|${f.predicate}=${o}`);
    }
    for (const k of fresh) this.heard.add(k);
    let out = rules as ExtractedRule[];
    if (this.pending.length > 0) {
      const now = this.pending.filter((r) => this.tells(fresh, r.dependent) || r.premise.some((p) => this.tells(fresh, p, r.dependent.predicate)));
      if (now.length > 0) {
        out = [...rules, ...now.filter((r) => !rules.some((x) => sameRule(x, r)))];
        this.pending = this.pending.filter((r) => !now.includes(r) || !this.ready(r));
      }
    }
    for (const r of rules) {
      if (this.ready(r) || this.pending.some((x) => sameRule(x, r))) continue;
      this.pending.push(r);
      if (this.pending.length > MAX_PENDING) this.pending.shift();
    }
    return out;
  }

  /** Whether the extractor has heard both the rule's arrangement and one of its premises. */
  private ready(r: ExtractedRule): boolean {
    return this.tells(this.heard, r.dependent) && r.premise.some((p) => this.tells(this.heard, p, r.dependent.predicate));
  }

  /**
   * Whether a set of heard keys holds a fact about `ref`: its subject and predicate, or its subject and object
   * under a predicate other than `except` (a premise is never the arrangement itself, as ingest-rules.ts reads it).
   */
  private tells(keys: ReadonlySet<string>, ref: ExtractedBeliefRef, except?: string): boolean {
    const s = `${fold(ref.subject)}|`;
    const o = ref.object === undefined ? undefined : `=${fold(ref.object)}`;
    if (ref.predicate !== undefined && o === undefined && keys.has(`${s}${ref.predicate}`)) return true;
    for (const k of keys) {
      if (!k.startsWith(s)) continue;
      const eq = k.indexOf('=', s.length);
      if (o !== undefined && (eq < 0 || k.slice(eq) !== o)) continue;
      const p = k.slice(s.length, eq < 0 ? undefined : eq);
      if (ref.predicate !== undefined ? samePredicate(p, ref.predicate) : except === undefined || !samePredicate(p, except)) return true;
    }
    return false;
  }
}

function sameRule(a: ExtractedRule, b: ExtractedRule): boolean {
  return a.dependent.subject === b.dependent.subject && a.dependent.predicate === b.dependent.predicate && JSON.stringify(a.object) === JSON.stringify(b.object) && JSON.stringify(a.premise) === JSON.stringify(b.premise);
}
