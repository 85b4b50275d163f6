import { readName } from './objects.js';
import type { StateFact, TurnState } from './state.js';
import { count, shiftDay } from './times.js';

/**
 * How long an earlier home or job lasted, told beside the change that ended it: "after ten years in
 * Memphis" (with a move), "32 years at St. Mary's" (with a retirement), "Before that I was at Hulu for three
 * years" (with a new job). The earlier one held for that long up to the change, so a read of those years
 * finds it; a span with no change in the turn says nothing about when it ended, and is left alone.
 */

const N = '(\\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)';
const ABOUT = '(?:(?:about|almost|nearly|over|around|roughly|some|more than)\\s+)?';
// "after ten years in Memphis", "32 years at St. Mary's"
const SPAN_BEFORE = new RegExp(`\\b${ABOUT}${N}\\s+(years?|decades?|months?)\\s+(in|at|with)\\s+(?=\\p{Lu})`, 'giu');
// "before that I was at Hulu for three years"
const SPAN_AFTER = new RegExp(`\\b(?:before that|before this|previously|prior to that),?\\s+(?:I|we)\\s+(?:was|were|had been|worked|lived)\\s+(in|at|with|for)\\s+(?=\\p{Lu})`, 'giu');
const FOR_N = new RegExp(`^\\s+for\\s+${ABOUT}${N}\\s+(years?|decades?|months?)\\b`, 'i');

// every span form says a unit then in/at/with, or an opener of what came before; most turns say neither
const MAY_SPAN = /\b(?:years?|decades?|months?)\s+(?:in|at|with)\b|\b(?:before that|before this|previously|prior to that)\b/i;

interface Span { preposition: string; name: string; n: number; unit: string }

function spans(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(SPAN_BEFORE)) {
    const name = readName(text.slice(m.index + m[0].length));
    if (name !== undefined && Number.isFinite(count(m[1]!))) out.push({ preposition: m[3]!.toLowerCase(), name: name.value, n: count(m[1]!), unit: m[2]! });
  }
  for (const m of text.matchAll(SPAN_AFTER)) {
    const name = readName(text.slice(m.index + m[0].length));
    const len = name === undefined ? null : FOR_N.exec(name.rest);
    if (name !== undefined && len !== null && Number.isFinite(count(len[1]!))) out.push({ preposition: m[1]!.toLowerCase(), name: name.value, n: count(len[1]!), unit: len[2]! });
  }
  return out;
}

/** When the turn changed the speaker's home or job: a move's start, a job's end, else a new job's start. */
function changeAt(out: TurnState, speaker: string, predicate: string, name: string): number | undefined {
  const moved = out.facts.find((f) => f.subject === speaker && f.predicate === predicate && f.validFrom !== undefined && f.edgeType === 'semantic' && !('name' in f.object && f.object.name === name));
  if (predicate === 'lives_in') return moved?.validFrom;
  const ended = out.retractions.find((r) => r.subject === speaker && r.predicate === predicate && Number.isFinite(r.validFrom) && r.validTo === undefined);
  return ended?.validFrom ?? moved?.validFrom;
}

/** Adds the earlier home or job each span in the turn tells of, held up to the turn's change. */
export function priorSpans(text: string, speaker: string, out: TurnState, confidence: Readonly<Record<string, number>>): void {
  if (!MAY_SPAN.test(text)) return;
  for (const span of spans(text)) {
    const predicate = span.preposition === 'in' ? 'lives_in' : 'works_at';
    const end = changeAt(out, speaker, predicate, span.name);
    if (end === undefined) continue;
    const fact: StateFact = { subject: speaker, predicate, object: { name: span.name, type: predicate === 'lives_in' ? 'place' : 'organization' }, validFrom: shiftDay(end, -span.n, span.unit.replace(/s$/, '')), validTo: end, confidence: confidence[predicate] ?? 0.7, edgeType: 'semantic' };
    out.facts.push(fact);
  }
}
