/**
 * Memory results as plain JSON for tools and command lines (the MCP server, `palimpsest --json`): times
 * become ISO-8601 strings, and an open end (±Infinity: a fact still valid, or never invalidated) becomes null.
 */
import type { AssertResult, Changes, Entity, Episode, Fact, MemoryGraph, RecallResult, RetractResult } from '@palimpsest/core';

export function isoTime(ms: number): string | null {
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

export interface FactJson {
  id: number;
  subject: string;
  subjectId: number;
  predicate: string;
  /** An entity's name, or the literal value. */
  object: string | number | boolean;
  objectId?: number;
  validFrom: string | null;
  validTo: string | null;
  recordedAt: string | null;
  invalidAt: string | null;
  confidence: number;
  source?: string;
  evidence: string[];
  reason?: string;
  edgeType?: string;
  episode?: string;
  archivedAt?: string | null;
  supersededBy?: number[];
}

export function factJson(f: Fact): FactJson {
  const o = f.object;
  return {
    id: f.id,
    subject: f.subject.name,
    subjectId: f.subject.id,
    predicate: f.predicate,
    object: 'name' in o ? o.name : o.value,
    ...('name' in o ? { objectId: o.id } : {}),
    validFrom: isoTime(f.validFrom),
    validTo: isoTime(f.validTo),
    recordedAt: isoTime(f.recordedAt),
    invalidAt: isoTime(f.invalidAt),
    confidence: f.confidence,
    ...(f.source === undefined ? {} : { source: f.source }),
    evidence: f.evidence,
    ...(f.reason === undefined ? {} : { reason: f.reason }),
    ...(f.edgeType === undefined ? {} : { edgeType: f.edgeType }),
    ...(f.episode === undefined ? {} : { episode: f.episode }),
    ...(f.archivedAt === undefined ? {} : { archivedAt: isoTime(f.archivedAt) }),
    ...(f.supersededBy === undefined ? {} : { supersededBy: f.supersededBy }),
  };
}

export function recallJson(r: RecallResult) {
  return {
    text: r.text,
    tokens: r.tokens,
    facts: r.facts.map((f) => ({ ...factJson(f), score: f.score, path: f.path })),
    entities: r.entities.map((e) => ({ id: e.id, name: e.name, score: e.score })),
    episodes: r.episodes.map((e) => ({ id: e.id, text: e.text, at: isoTime(e.at), score: e.score })),
  };
}

export function changesJson(c: Changes) {
  return { added: c.added.map(factJson), removed: c.removed.map(factJson) };
}

export function episodeJson(e: Episode) {
  return { id: e.id, text: e.text, at: isoTime(e.at), ...(e.speaker === undefined ? {} : { speaker: e.speaker }), ...(e.session === undefined ? {} : { session: e.session }) };
}

export function entityJson(e: Entity) {
  return { id: e.id, name: e.displayName, ...(e.type === undefined ? {} : { type: e.type }) };
}

/** An assertion's outcome with the fact version that now carries it. */
export function assertJson(mem: MemoryGraph, r: AssertResult) {
  return {
    status: r.status,
    ...(r.id === undefined ? {} : { fact: factJson(mem.fact(r.id)) }),
    closed: r.closed,
    added: r.added,
  };
}

export function retractJson(r: RetractResult) {
  return { closed: r.closed, added: r.added };
}
