// Explicit reasons: "I take the bus because I live in Boston", "Because I work at Acme, I have a permit",
// "I live in Boston, so I have a bus pass". The fact the main clause states rests on the facts the reason
// clause states (their dependsOn), so when the reason stops being believed the memory flags the consequence.
import type { ExtractedFact, ExtractedPremise } from '../../types.js';
import type { Sentence } from './names.js';
import { mayGiveReason } from './triggers.js';

/** A sentence split into what follows and why. */
interface Reasoned {
  consequence: string;
  reason: string;
}

const BECAUSE_AFTER = /^(.+?),?\s+(?:because|since)\s+(?:of the fact that\s+)?(.+)$/i;
const BECAUSE_FIRST = /^(?:because|since)\s+(.+?),\s*(.+)$/i;
const SO_AFTER = /^(.+?),?\s+(?:so|and so|which is why|that's why|that is why)\s+(.+)$/i;

function reasonedParts(sentence: string): Reasoned | undefined {
  if (!mayGiveReason(sentence)) return undefined;
  const s = sentence.trim().replace(/[.!?]+$/, '');
  let m = BECAUSE_FIRST.exec(s);
  if (m !== null) return { reason: m[1]!, consequence: m[2]! };
  m = SO_AFTER.exec(s);
  if (m !== null && /^i\b/i.test(m[2]!)) return { reason: m[1]!, consequence: m[2]! };
  m = BECAUSE_AFTER.exec(s);
  // "since" also opens durations ("since 2019"): a reason clause has a subject of its own
  if (m !== null && /^(?:i|we|my|our)\b/i.test(m[2]!)) return { consequence: m[1]!, reason: m[2]! };
  return undefined;
}

/** A habit or possession the consequence states plainly ("I take the bus", "I have a parking permit"). */
const PLAIN = /^i\s+(?:still\s+|usually\s+|always\s+|now\s+)?(take|ride|drive|have|own|use|need|keep|pay for|go to|walk to|bike to|cycle to|commute by)\s+(.{2,60})$/i;

function plainFact(consequence: string, speaker: string): ExtractedFact | undefined {
  const m = PLAIN.exec(consequence.trim());
  if (m === null) return undefined;
  const verb = m[1]!.toLowerCase();
  const predicate = verb === 'have' || verb === 'own' ? 'has' : verb.replace(/\s+/g, '_');
  const object = m[2]!.trim().replace(/^(?:a|an|the|my)\s+/i, '');
  if (object === '' || /\b(?:because|if|when)\b/i.test(object)) return undefined;
  return { subject: speaker, predicate, object: { value: object.toLowerCase() }, confidence: 0.7, edgeType: 'causal', evidence: consequence.trim() };
}

/** Does the fact's object (or predicate words) appear in the clause? */
function saidIn(f: ExtractedFact, clause: string): boolean {
  const c = clause.toLowerCase();
  const object = typeof f.object === 'string' ? f.object : String(f.object.value);
  return object.length > 0 && c.includes(object.toLowerCase());
}

/**
 * Links the turn's facts by the reasons it states: for each reasoned sentence, the facts read from its reason
 * clause become premises of the facts read from its consequence (a plain habit or possession there is added
 * as a fact of its own). `facts` is changed in place; "mentions" facts are neither premise nor consequence.
 */
export function linkReasons(text: string, sentences: readonly Sentence[], speaker: string, facts: ExtractedFact[]): void {
  // no fact that could rest on a reason (most turns): no sentence is read
  if (!facts.some((f) => f.predicate !== 'mentions' && f.dependsOn === undefined)) return;
  for (const s of sentences) {
    const parts = reasonedParts(text.slice(s.start, s.end));
    if (parts === undefined) continue;
    const premises: ExtractedPremise[] = [];
    facts.forEach((f, index) => {
      if (f.predicate !== 'mentions' && f.dependsOn === undefined && saidIn(f, parts.reason) && !saidIn(f, parts.consequence)) premises.push({ index });
    });
    if (premises.length === 0) continue;
    let dependents = facts.filter((f) => f.predicate !== 'mentions' && saidIn(f, parts.consequence) && !saidIn(f, parts.reason));
    if (dependents.length === 0) {
      const plain = plainFact(parts.consequence, speaker);
      if (plain === undefined) continue;
      facts.push(plain);
      dependents = [plain];
    }
    for (const d of dependents) d.dependsOn = [...(d.dependsOn ?? []), ...premises];
  }
}
