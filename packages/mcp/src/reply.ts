/**
 * How a tool's answer is written for an agent: compact JSON (numbers rounded, whole-second times, entity ids
 * only when asked, empty fields left out) or plain text lines, and bounded as a whole by a token budget
 * (the longest list loses its last items first; the reply then says how many it holds of how many).
 */
import { estimateTokens } from '@palimpsest/core';
import type { Fact, MemoryGraph, RecalledFact } from '@palimpsest/core';

export type ReplyFormat = 'json' | 'text';

export interface ReplyShape {
  /** Entity ids beside entity names (fact ids are always there: retract_fact takes them). */
  ids: boolean;
}

/** A confidence or a weight: three decimals (0.699999988 → 0.7). */
export const rounded = (x: number): number => Math.round(x * 1000) / 1000;
/** A score: three significant digits. */
export const scored = (x: number): number => (Number.isFinite(x) ? Number(x.toPrecision(3)) : x);

/** ISO-8601 in UTC without empty parts: "2024-05-01" at midnight, whole seconds without ".000"; null = open. */
export function when(ms: number): string | null {
  if (!Number.isFinite(ms)) return null;
  const iso = new Date(ms).toISOString();
  if (iso.endsWith('T00:00:00.000Z')) return iso.slice(0, 10);
  return iso.endsWith('.000Z') ? `${iso.slice(0, 19)}Z` : iso;
}

/**
 * One fact version, compact. validTo null: still true; invalidAt appears only once the memory stopped believing it.
 * A version resting on others lists them (dependsOn); once a premise stopped being believed, `unsupported`
 * says since when and which (left out for a read at a `knownAt` before that: the memory then believed it supported).
 */
export function factOut(f: Fact, shape: ReplyShape, knownAt?: number): Record<string, unknown> {
  const unsupported = f.unsupportedSince !== undefined && !(knownAt !== undefined && knownAt < f.unsupportedSince);
  const o = f.object;
  return {
    id: f.id,
    subject: f.subject.name,
    ...(shape.ids ? { subjectId: f.subject.id } : {}),
    predicate: f.predicate,
    object: 'name' in o ? o.name : o.value,
    ...(shape.ids && 'name' in o ? { objectId: o.id } : {}),
    validFrom: when(f.validFrom),
    validTo: when(f.validTo),
    recordedAt: when(f.recordedAt),
    ...(Number.isFinite(f.invalidAt) ? { invalidAt: when(f.invalidAt) } : {}),
    confidence: rounded(f.confidence),
    ...(f.source === undefined ? {} : { source: f.source }),
    ...(f.evidence.length === 0 ? {} : { evidence: f.evidence }),
    ...(f.reason === undefined ? {} : { reason: f.reason }),
    ...(f.edgeType === undefined ? {} : { edgeType: f.edgeType }),
    ...(f.episode === undefined ? {} : { episode: f.episode }),
    ...(f.archivedAt === undefined ? {} : { archivedAt: when(f.archivedAt) }),
    ...(f.supersededBy === undefined || f.supersededBy.length === 0 ? {} : { supersededBy: f.supersededBy }),
    ...(f.dependsOn === undefined ? {} : { dependsOn: f.dependsOn }),
    ...(f.onPremiseChange === undefined ? {} : { onPremiseChange: 'name' in f.onPremiseChange.object ? { object: f.onPremiseChange.object.name } : { value: f.onPremiseChange.object.value } }),
    ...(unsupported ? { unsupported: { since: when(f.unsupportedSince!), premise: f.unsupportedPremise } } : {}),
  };
}

/** An entity's display name by id ("#id" if it is gone from view). */
export function entityName(mem: MemoryGraph, id: number): string {
  return mem.getEntity({ id })?.displayName ?? `#${id}`;
}

/** A recalled fact: its relevance and the path that led to it, as entity names. */
export function recalledOut(mem: MemoryGraph, f: RecalledFact, shape: ReplyShape, knownAt?: number): Record<string, unknown> {
  return {
    ...factOut(f, shape, knownAt),
    score: scored(f.score),
    path: f.path.map((id) => entityName(mem, id)),
    ...(shape.ids ? { pathIds: f.path } : {}),
  };
}

/** One value as text: strings bare, lists comma-separated, objects as "key value" pairs. */
function inline(v: unknown): string {
  if (v === null) return 'open';
  if (Array.isArray(v)) return v.map(inline).join(', ');
  if (typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k} ${inline(x)}`)
      .join('; ');
  }
  return String(v);
}

/**
 * A fact as one line: "#12 Maya lives_in Lisbon · valid 2024-01-01 → now · recorded … · confidence 0.7". A
 * version the memory no longer believes (superseded or retracted: a history reply) says so first, so an
 * agent cannot read its open end as "still true": "#11 … · no longer believed since 2025-03-01 (was valid
 * 2020-01-01 → open) · …".
 */
function factLine(f: Record<string, unknown>): string {
  const rest = Object.entries(f)
    .filter(([k]) => !['id', 'subject', 'predicate', 'object', 'validFrom', 'validTo', 'invalidAt', 'unsupported'].includes(k))
    .map(([k, x]) => `${k} ${inline(x)}`);
  const from = f['validFrom'] ?? 'always';
  const to = f['validTo'] ?? undefined;
  const valid = f['invalidAt'] === undefined ? `valid ${from} → ${to ?? 'now'}` : `no longer believed since ${inline(f['invalidAt'])} (was valid ${from} → ${to ?? 'open'})`;
  // A belief whose premise closed leads with it, as a closed version does: it is no longer to be taken as true.
  const u = f['unsupported'] as { since: string; premise: number } | undefined;
  const lead = u === undefined ? [] : [`unsupported since ${u.since}: premise #${u.premise} closed`];
  return [`#${f['id']} ${f['subject']} ${f['predicate']} ${JSON.stringify(f['object'])}`, ...lead, valid, ...rest].join(' · ');
}

const isFact = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && 'predicate' in x && 'subject' in x && 'id' in x;

/** The reply as text: scalars as "key: value", lists one item a line ("- …"), facts as fact lines, `text` verbatim. */
export function asText(reply: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const [key, v] of Object.entries(reply)) {
    if (key === 'text' && typeof v === 'string') {
      lines.push(v);
    } else if (Array.isArray(v)) {
      lines.push(`${key}:${v.length === 0 ? ' none' : ''}`);
      for (const item of v) lines.push(`- ${isFact(item) ? factLine(item) : inline(item)}`);
    } else if (isFact(v)) {
      lines.push(`${key}: ${factLine(v)}`);
    } else {
      lines.push(`${key}: ${inline(v)}`);
    }
  }
  return lines.join('\n');
}

export function serialise(reply: Record<string, unknown>, format: ReplyFormat): string {
  return format === 'text' ? asText(reply) : JSON.stringify(reply);
}

/**
 * The reply cut to `budget` tokens as written in `format`: while it is too long, the longest list loses its
 * last item, and `shown` records, per cut list, how many of how many it kept. A reply with no list left to
 * cut is returned as it is (the caller bounds its text first).
 */
export function fitted(reply: Record<string, unknown>, format: ReplyFormat, budget: number | undefined): Record<string, unknown> {
  if (budget === undefined || estimateTokens(serialise(reply, format)) <= budget) return reply;
  const out: Record<string, unknown> = { ...reply };
  const totals = new Map<string, number>();
  for (const [k, v] of Object.entries(out)) if (Array.isArray(v)) totals.set(k, v.length);
  const lists = [...totals.keys()];
  for (const k of lists) out[k] = [...(out[k] as unknown[])];
  // Drop in halves first (long replies), then one by one, so the cut costs a few dozen measures, not one per item.
  const measure = (): number => estimateTokens(serialise(withShown(out, totals), format));
  for (let step = 0; step < 10_000 && measure() > budget; step++) {
    const longest = lists.filter((k) => (out[k] as unknown[]).length > 0).sort((a, b) => (out[b] as unknown[]).length - (out[a] as unknown[]).length)[0];
    if (longest === undefined) break;
    const list = out[longest] as unknown[];
    const over = measure() / budget;
    list.length = over > 2 && list.length > 4 ? Math.floor(list.length / 2) : list.length - 1;
  }
  return withShown(out, totals);
}

function withShown(out: Record<string, unknown>, totals: Map<string, number>): Record<string, unknown> {
  const shown: Record<string, string> = {};
  for (const [k, total] of totals) {
    const kept = (out[k] as unknown[]).length;
    if (kept < total) shown[k] = `${kept} of ${total}`;
  }
  return Object.keys(shown).length === 0 ? out : { ...out, shown };
}
