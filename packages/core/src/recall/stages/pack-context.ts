/**
 * Stage 5, pack: the episodes and the facts (one line each, with their valid times) into the context an agent
 * reads, within the token budget (recall/pack.ts). Evidence first: the episodes take the budget they need,
 * the facts only what is left, and only facts that bear on the question: their text matches it at least
 * `factFloor` of the best-matching fact's match, or they are about an entity the question names or one a
 * named entity's own facts lead to, subject to object ("Alex's team": Alex works on ProjectX, ProjectX uses
 * PostgreSQL). Never back to a subject: "user mentions Wells Fargo" does not make every fact about the user
 * ("user has car") bear on a question naming Wells Fargo.
 */
import type { Fact } from '../../types.js';
import { isoMinute } from '../../util/time.js';
import { packContext } from '../pack.js';
import { estimateTokens } from '../text.js';
import { currentFirst } from './current-first.js';
import type { PackEpisode, PackFact } from '../pack.js';
import type { RecalledFact } from '../options.js';

export function packStage(
  question: string,
  facts: RecalledFact[],
  matches: number[],
  named: ReadonlySet<number>,
  evidenceOf: string[][],
  ranked: PackEpisode[],
  tokenBudget: number,
  factFloor: number,
  marked: (episodes: PackEpisode[]) => PackEpisode[] = (e) => e,
  knownAt = Infinity,
): { text: string; tokens: number } {
  const packFacts: PackFact[] = [];
  const cited: string[] = [];
  const ends = (f: RecalledFact): number[] => ('id' in f.object ? [f.subject.id, f.object.id] : [f.subject.id]);
  // the named entities and one hop on from them, subject to object, over the returned facts
  const near = new Set(named);
  for (const f of facts) if (named.has(f.subject.id) && 'id' in f.object) near.add(f.object.id);
  facts.forEach((f, i) => {
    if (factFloor === 0 || (matches[i]! > 0 && matches[i]! >= factFloor) || ends(f).some((e) => near.has(e))) {
      packFacts.push({ text: factLine(f, knownAt), score: f.score, evidence: evidenceOf[i]! });
      cited.push(...evidenceOf[i]!);
    }
  });
  // the episodes the relevant facts cite first (best fact first), then the others best first; then the newer
  // of two conflicting ones before the older (currentFirst)
  const byId = new Map(ranked.map((e) => [e.id, e] as [string, PackEpisode]));
  const ordered = [...new Set([...cited.filter((id) => byId.has(id)), ...ranked.map((e) => e.id)])].map((id) => byId.get(id)!);
  // marks (earlier versions of current facts) after the grouping, which reads the episodes' own words
  const episodes = marked(currentFirst(question, ordered));
  const evidence = packContext({ facts: [], episodes, tokenBudget, cited: episodes.map((e) => e.id) });
  if (packFacts.length === 0 || evidence.tokens >= tokenBudget) return { text: evidence.text, tokens: evidence.tokens };
  // the facts in what the episodes left (one token kept for the newline between), below them
  const rest = packContext({ facts: packFacts, episodes: [], tokenBudget: tokenBudget - evidence.tokens - 1 });
  if (rest.factCount === 0) return { text: evidence.text, tokens: evidence.tokens };
  const text = evidence.text === '' ? rest.text : `${evidence.text}\n${rest.text}`;
  const tokens = estimateTokens(text);
  return tokens <= tokenBudget ? { text, tokens } : { text: evidence.text, tokens: evidence.tokens };
}

/**
 * One line per fact for the packed context: "Alex works on ProjectX (2024-01-05 – now)". A fact whose premise
 * the memory stopped believing by `knownAt` says so, so a model reading the context does not restate it as
 * current: "Maya takes bus (2024-02-01 – now) [unsupported since 2024-06-03: what it rested on changed]".
 */
export function factLine(f: Fact, knownAt = Infinity): string {
  const object = 'value' in f.object ? String(f.object.value) : f.object.name;
  const day = (ms: number): string => isoMinute(ms)?.slice(0, 10) ?? String(ms);
  const from = Number.isFinite(f.validFrom) ? day(f.validFrom) : '';
  const to = Number.isFinite(f.validTo) ? day(f.validTo) : '';
  const when = from === '' && to === '' ? '' : ` (${from || '…'} – ${to || 'now'})`;
  const unsupported = f.unsupportedSince !== undefined && f.unsupportedSince <= knownAt ? ` [unsupported since ${day(f.unsupportedSince)}: what it rested on changed]` : '';
  return `${f.subject.name} ${f.predicate.replace(/_/g, ' ')} ${object}${when}${unsupported}`;
}
