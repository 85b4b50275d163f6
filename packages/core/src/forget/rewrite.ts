// The log as it reads after a forget: the operations that carried forgotten content removed, the ones that
// only cited it (an assertion with other evidence, an episode linking a forgotten entity) redacted, and entity
// ids renumbered so the log is the one a memory never given that content would have written. Pure: ops in,
// ops out. Operations naming fact versions (archive, retrieved, salience) keep their old ids here; rebuild.ts
// maps them onto the new versions as it replays.
import type { AliasOp, AssertOp, EntityOp, EpisodeOp, ForgetCounts, ObjectSpec, Operation, RetractOp } from '../log/log.js';
import type { ForgetTarget } from './scope.js';

export interface Rewritten {
  ops: Operation[];
  counts: ForgetCounts;
  /** Old entity id → new id, -1 for a forgotten entity. */
  entityMap: Int32Array;
  /** Whole-word matcher of the forgotten names (entity scope), for checking the reason. */
  names: ((text: string) => boolean) | undefined;
}

/** What the passes decided: operations dropped, episodes and entities forgotten. */
interface Marks {
  dropped: Uint8Array;
  episodes: Set<string>;
  entities: Set<number>;
  names: ((text: string) => boolean) | undefined;
}

/** Consumes `ops` (a decoded copy of the log): each is let go as its rewrite is made. */
export function rewriteOps(ops: Operation[], target: ForgetTarget, entityCount: number): Rewritten {
  const marks: Marks = { dropped: new Uint8Array(ops.length), episodes: new Set(), entities: new Set(), names: undefined };
  if (target.kind === 'episode') marks.episodes.add(target.episode);
  else if (target.kind === 'entity') markEntity(ops, target.entities, marks);
  else ops.forEach((op, i) => (marks.dropped[i] = matchesFactScope(op, target) ? 1 : 0));
  const evidence = markEpisodes(ops, marks);
  markDerivedEntities(ops, marks);
  return emit(ops, marks, evidence, entityCount);
}

function matchesFactScope(op: Operation, target: ForgetTarget): boolean {
  if (op.type !== 'assert' && op.type !== 'retract') return false;
  if (target.kind === 'source') return op.type === 'assert' && op.source === target.source;
  if (target.kind !== 'fact') return false;
  return op.subject === target.subject && op.predicate === target.predicate && op.object !== undefined && sameObject(op.object, target.object);
}

function sameObject(a: ObjectSpec | { name: string }, b: ObjectSpec): boolean {
  if ('id' in a) return 'id' in b && a.id === b.id;
  if ('value' in a) return 'value' in b && a.value === b.value;
  return false;
}

/**
 * A matcher of whole words: `names` anywhere in a text, case-insensitively, not inside a longer word
 * (forgetting "Al" leaves "Alice" alone).
 */
export function wholeWords(names: Iterable<string>): ((text: string) => boolean) | undefined {
  const list = [...new Set([...names].filter((n) => n.length > 0))].sort((a, b) => b.length - a.length);
  if (list.length === 0) return undefined;
  const escaped = list.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const re = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${escaped.join('|')})(?![\\p{L}\\p{N}_])`, 'iu');
  return (text) => re.test(text);
}

/**
 * Entity scope: the entity, its names, every operation that names it or holds one of its names as a whole
 * word (other entities, aliases, episodes, facts), and every episode linked to it.
 */
function markEntity(ops: readonly Operation[], seed: Set<number>, marks: Marks): void {
  const names: string[] = [];
  for (const op of ops) {
    if (op.type === 'entity' && seed.has(op.id)) names.push(op.name, ...(op.aliases ?? []));
    if (op.type === 'alias' && seed.has(op.entity)) names.push(...op.aliases);
  }
  const hit = wholeWords(names) ?? (() => false);
  marks.names = hit;
  const entities = marks.entities;
  for (const id of seed) entities.add(id);
  const refers = (x: number | ObjectSpec | { name: string } | undefined): boolean =>
    x !== undefined && (typeof x === 'number' ? entities.has(x) : 'id' in x ? entities.has(x.id) : 'name' in x ? hit(x.name) : typeof x.value === 'string' && hit(x.value));
  ops.forEach((op, i) => {
    switch (op.type) {
      case 'entity':
        if (entities.has(op.id) || hit(op.name) || (op.entityType !== undefined && hit(op.entityType))) entities.add(op.id);
        return;
      case 'episode':
        if (hit(op.text) || hit(op.id) || (op.speaker !== undefined && hit(op.speaker)) || (op.session !== undefined && hit(op.session)) || (op.entities ?? []).some((e) => entities.has(e))) marks.episodes.add(op.id);
        return;
      case 'assert':
      case 'retract':
        if (refers(op.subject) || refers(op.object) || (op.type === 'assert' && refers(op.onPremiseChange?.object)) || [...stringsOf(op)].some(hit)) marks.dropped[i] = 1;
        return;
      default:
        return;
    }
  });
}

/** The free strings of an assertion or retraction (provenance and evidence). */
function* stringsOf(op: AssertOp | RetractOp): Iterable<string> {
  if (op.reason !== undefined) yield op.reason;
  if (op.type === 'retract') return;
  if (op.source !== undefined) yield op.source;
  if (op.episode !== undefined) yield op.episode;
  for (const e of op.evidence ?? []) yield e;
}

/**
 * Assertions citing a forgotten episode (as `episode` or in `evidence`) lose the citation; one left with no
 * evidence and no episode was derived only from forgotten episodes and is dropped. Returns the redacted
 * assertions by index.
 */
function markEpisodes(ops: readonly Operation[], marks: Marks): Map<number, AssertOp> {
  const redacted = new Map<number, AssertOp>();
  if (marks.episodes.size === 0) return redacted;
  ops.forEach((op, i) => {
    if (op.type !== 'assert' || marks.dropped[i] === 1) return;
    const cites = (op.episode !== undefined && marks.episodes.has(op.episode)) || (op.evidence ?? []).some((e) => marks.episodes.has(e));
    if (!cites) return;
    const evidence = (op.evidence ?? []).filter((e) => !marks.episodes.has(e));
    const episode = op.episode !== undefined && !marks.episodes.has(op.episode) ? op.episode : undefined;
    if (evidence.length === 0 && episode === undefined) {
      marks.dropped[i] = 1;
      return;
    }
    // Replay re-logs every kept operation through the public calls, so key order here does not matter.
    const copy: AssertOp = { ...op };
    delete copy.evidence;
    delete copy.episode;
    if (evidence.length > 0) copy.evidence = evidence;
    if (episode !== undefined) copy.episode = episode;
    redacted.set(i, copy);
  });
  return redacted;
}

/** The entity ids an operation refers to (not counting its own creation, aliases or merges). */
function* entityRefs(op: Operation): Iterable<number> {
  if (op.type === 'assert' || op.type === 'retract') {
    if (typeof op.subject === 'number') yield op.subject;
    if (op.object !== undefined && 'id' in op.object) yield op.object.id;
    if (op.type === 'assert' && op.onPremiseChange !== undefined && 'id' in op.onPremiseChange.object) yield op.onPremiseChange.object.id;
  } else if (op.type === 'episode') yield* op.entities ?? [];
}

/**
 * An entity every reference to which is in forgotten content was derived only from it (an extracted name):
 * it is forgotten too. An entity no operation refers to (created on its own) stays.
 */
function markDerivedEntities(ops: readonly Operation[], marks: Marks): void {
  const kept = new Set<number>();
  const gone = new Set<number>();
  ops.forEach((op, i) => {
    const forgotten = marks.dropped[i] === 1 || (op.type === 'episode' && marks.episodes.has(op.id));
    for (const e of entityRefs(op)) (forgotten ? gone : kept).add(e);
  });
  for (const e of gone) if (!kept.has(e)) marks.entities.add(e);
}

function emit(ops: readonly Operation[], marks: Marks, redacted: Map<number, AssertOp>, entityCount: number): Rewritten {
  const counts: ForgetCounts = { episodes: 0, entities: 0, facts: 0, evidence: redacted.size, operations: 0 };
  const map = new Int32Array(entityCount).fill(-1);
  let next = 0;
  const out: Operation[] = [];
  const id = (old: number): number => map[old]!;
  const drop = (op: Operation): void => {
    counts.operations++;
    if (op.type === 'episode') counts.episodes++;
    else if (op.type === 'entity') counts.entities++;
    else if (op.type === 'assert' || op.type === 'retract') counts.facts++;
  };
  ops.forEach((op, i) => {
    (ops as (Operation | undefined)[])[i] = undefined; // let go as its rewrite is made: the input is not held twice
    let kept: Operation | undefined = redacted.get(i) ?? op;
    if (marks.dropped[i] === 1) kept = undefined;
    else if (op.type === 'entity') kept = marks.entities.has(op.id) ? undefined : renumberEntity(op, (map[op.id] = next++), marks.names);
    else if (op.type === 'episode') kept = marks.episodes.has(op.id) ? undefined : relinkEpisode(op, marks.entities, id);
    else if (op.type === 'alias') kept = marks.entities.has(op.entity) ? undefined : redactAliases(op, id(op.entity), marks.names);
    else if (op.type === 'merge') kept = marks.entities.has(op.into) || marks.entities.has(op.from) ? undefined : { ...op, into: id(op.into), from: id(op.from) };
    else if (kept.type === 'assert' || kept.type === 'retract') kept = renumberFact(kept, id);
    if (kept === undefined) drop(op);
    else {
      if (redacted.has(i) || changedContent(op, kept)) counts.operations++;
      out.push(kept);
    }
  });
  return { ops: out, counts, entityMap: map, names: marks.names };
}

function renumberEntity(op: EntityOp, id: number, names: Marks['names']): EntityOp {
  const aliases = names === undefined || op.aliases === undefined ? op.aliases : op.aliases.filter((a) => !names(a));
  const out: EntityOp = { ...op, id };
  if (aliases === undefined || aliases.length === 0) delete out.aliases;
  else out.aliases = aliases;
  return out;
}

function redactAliases(op: AliasOp, entity: number, names: Marks['names']): AliasOp | undefined {
  const aliases = names === undefined ? op.aliases : op.aliases.filter((a) => !names(a));
  return aliases.length === 0 ? undefined : { ...op, entity, aliases };
}

function relinkEpisode(op: EpisodeOp, forgotten: Set<number>, id: (old: number) => number): EpisodeOp {
  if (op.entities === undefined) return op;
  const out: EpisodeOp = { ...op, entities: op.entities.filter((e) => !forgotten.has(e)).map(id) };
  if (out.entities!.length === 0) delete out.entities;
  return out;
}

function renumberFact<T extends AssertOp | RetractOp>(op: T, id: (old: number) => number): T {
  const out = { ...op };
  if (typeof op.subject === 'number') out.subject = id(op.subject);
  if (op.object !== undefined && 'id' in op.object) out.object = { id: id(op.object.id) };
  const rule = op.type === 'assert' ? (op as AssertOp).onPremiseChange : undefined;
  if (rule !== undefined && 'id' in rule.object) (out as AssertOp).onPremiseChange = { object: { id: id(rule.object.id) } };
  return out;
}

/** Whether a kept operation lost content (aliases, links) beyond renumbering. */
function changedContent(before: Operation, after: Operation): boolean {
  if (before.type === 'entity' && after.type === 'entity') return (before.aliases?.length ?? 0) !== (after.aliases?.length ?? 0);
  if (before.type === 'alias' && after.type === 'alias') return before.aliases.length !== after.aliases.length;
  if (before.type === 'episode' && after.type === 'episode') return (before.entities?.length ?? 0) !== (after.entities?.length ?? 0);
  return false;
}
