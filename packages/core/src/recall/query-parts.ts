/**
 * A question that names two events ("how many days between the day I X and the day I Y", "which came
 * first, X or Y") needs the evidence of both; one BM25 pass lets the wordier event crowd out the other.
 * `queryParts` splits such a question at its joints so each event can be searched on its own.
 */
import { tokenize } from './text.js';

const JOINTS = /,?\s+(?:and|or|versus|vs\.?)\s+(?:the\s+(?:day|time|date|week|month)\s+)?|\s*[,;:]\s*|\s+(?:before|after|since|until|when)\s+/iu;

/** The parts of a two-event question (each with at least `minTerms` search terms), or [] when it has one. */
export function queryParts(question: string, minTerms = 2): string[] {
  const parts = question
    .split(JOINTS)
    .map((p) => p.trim())
    .filter((p) => tokenize(p).length >= minTerms);
  return parts.length >= 2 ? parts.slice(0, 4) : [];
}
