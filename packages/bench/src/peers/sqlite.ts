/**
 * The SQL peer: the seed's bi-temporal `edges` table in SQLite (better-sqlite3, in memory), answering the
 * same reads as the engine with SEMANTICS.md's read rule written in SQL:
 *   valid_at <= v AND v < valid_to AND recorded_at <= k AND k < invalid_at
 * Open ends are stored as sentinels, not NULL, so every predicate stays a plain range comparison an index
 * can serve: +∞ as 8.64e15 (the largest ECMAScript time), −∞ as −8.64e15; they are mapped back on read.
 * Indexes: the seed's two, (recorded_at, invalid_at) and (valid_at, valid_to); with `subjectIndex` also
 * (subject, valid_at) — the one an entity-local read needs, which the seed did not have. The table carries the
 * seed's UNIQUE constraint led by subject (`unique`, on by default), whose automatic index serves subject
 * lookups; its key is the whole version, (subject, predicate, object) and the four stamps: narrower keys
 * such as (…, valid_at, recorded_at) are not unique in the engine's rows, since one operation can close a
 * version and re-append its still-true part with the same start and record time.
 */
import type Database from 'better-sqlite3';
import type { Fact } from '@palimpsest/core';
import { InvalidArgumentError } from '@palimpsest/core';
import { betterSqlite3, requirePeer } from './native.js';

export const OPEN_FUTURE = 8.64e15;
export const OPEN_PAST = -8.64e15;

/** One fact version in a form both the engine and SQL can produce. Objects are names or `=` + JSON literal. */
export interface EdgeRow {
  id: number;
  subject: string;
  predicate: string;
  object: string;
  validFrom: number;
  validTo: number;
  recordedAt: number;
  invalidAt: number;
  confidence: number;
}

export function objectKey(o: Fact['object']): string {
  return 'value' in o ? '=' + JSON.stringify(o.value) : o.name;
}

export function factToRow(f: Fact): EdgeRow {
  return {
    id: f.id,
    subject: f.subject.name,
    predicate: f.predicate,
    object: objectKey(f.object),
    validFrom: f.validFrom,
    validTo: f.validTo,
    recordedAt: f.recordedAt,
    invalidAt: f.invalidAt,
    confidence: f.confidence,
  };
}

const toSql = (t: number): number => (t === Infinity ? OPEN_FUTURE : t === -Infinity ? OPEN_PAST : t);
const fromSql = (t: number): number => (t >= OPEN_FUTURE ? Infinity : t <= OPEN_PAST ? -Infinity : t);

interface SqlRow {
  id: number;
  subject: string;
  predicate: string;
  object: string;
  valid_at: number;
  valid_to: number;
  recorded_at: number;
  invalid_at: number;
  confidence: number;
}

function fromSqlRow(r: SqlRow): EdgeRow {
  return {
    id: r.id,
    subject: r.subject,
    predicate: r.predicate,
    object: r.object,
    validFrom: fromSql(r.valid_at),
    validTo: fromSql(r.valid_to),
    recordedAt: fromSql(r.recorded_at),
    invalidAt: fromSql(r.invalid_at),
    confidence: r.confidence,
  };
}

export interface SqlitePeerOptions {
  /** Add an index on (subject, valid_at) beside the seed's two. @default true */
  subjectIndex?: boolean;
  /** Declare the seed's UNIQUE constraint on the table (its index serves subject lookups). @default true */
  unique?: boolean;
}

/** The seed's UNIQUE constraint: one row per version (triple and four stamps), led by subject. */
export const SEED_UNIQUE = 'UNIQUE (subject, predicate, object, valid_at, valid_to, recorded_at, invalid_at)';

export class SqlitePeer {
  readonly subjectIndex: boolean;
  readonly unique: boolean;
  private readonly db: Database.Database;
  private loaded = false;
  private stmts!: {
    local: Database.Statement<[string, number, number, number, number]>;
    cut: Database.Statement<[number, number, number, number]>;
    cutIds: Database.Statement<[number, number, number, number]>;
    history: Database.Statement<[string]>;
    changesAdded: Database.Statement<[number, number, number]>;
    changesRemoved: Database.Statement<[number, number, number]>;
  };

  constructor(options: SqlitePeerOptions = {}) {
    this.subjectIndex = options.subjectIndex ?? true;
    this.unique = options.unique ?? true;
    const Sqlite = requirePeer(betterSqlite3());
    this.db = new Sqlite(':memory:');
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.exec(`CREATE TABLE edges (
      id INTEGER PRIMARY KEY,
      subject TEXT NOT NULL,
      predicate TEXT NOT NULL,
      object TEXT NOT NULL,
      valid_at INTEGER NOT NULL,
      valid_to INTEGER NOT NULL,
      recorded_at INTEGER NOT NULL,
      invalid_at INTEGER NOT NULL,
      confidence REAL NOT NULL${this.unique ? `,
      ${SEED_UNIQUE}` : ''}
    )`);
  }

  /** Loads rows, then builds the indexes (bulk load first, as one would). Once only. */
  load(rows: Iterable<EdgeRow>): number {
    if (this.loaded) throw new InvalidArgumentError('SqlitePeer.load: already loaded');
    const insert = this.db.prepare(
      'INSERT INTO edges (id, subject, predicate, object, valid_at, valid_to, recorded_at, invalid_at, confidence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    let n = 0;
    this.db.transaction(() => {
      for (const r of rows) {
        insert.run(r.id, r.subject, r.predicate, r.object, toSql(r.validFrom), toSql(r.validTo), toSql(r.recordedAt), toSql(r.invalidAt), r.confidence);
        n++;
      }
    })();
    this.db.exec('CREATE INDEX edges_record ON edges (recorded_at, invalid_at)');
    this.db.exec('CREATE INDEX edges_valid ON edges (valid_at, valid_to)');
    if (this.subjectIndex) this.db.exec('CREATE INDEX edges_subject ON edges (subject, valid_at)');
    this.db.exec('ANALYZE');
    const cols = 'id, subject, predicate, object, valid_at, valid_to, recorded_at, invalid_at, confidence';
    this.stmts = {
      local: this.db.prepare(
        `SELECT ${cols} FROM edges WHERE subject = ? AND valid_at <= ? AND ? < valid_to AND recorded_at <= ? AND ? < invalid_at`,
      ),
      cut: this.db.prepare(`SELECT ${cols} FROM edges WHERE valid_at <= ? AND ? < valid_to AND recorded_at <= ? AND ? < invalid_at`),
      cutIds: this.db.prepare(`SELECT id FROM edges WHERE valid_at <= ? AND ? < valid_to AND recorded_at <= ? AND ? < invalid_at`).pluck(),
      history: this.db.prepare(`SELECT ${cols} FROM edges WHERE subject = ? ORDER BY id`),
      changesAdded: this.db.prepare(`SELECT ${cols} FROM edges WHERE ? < recorded_at AND recorded_at <= ? AND ? < invalid_at ORDER BY id`),
      changesRemoved: this.db.prepare(`SELECT ${cols} FROM edges WHERE ? < invalid_at AND invalid_at <= ? AND recorded_at <= ? ORDER BY id`),
    };
    this.loaded = true;
    return n;
  }

  private ready(call: string): void {
    if (!this.loaded) throw new InvalidArgumentError(`${call}: load() the peer first`);
  }

  /** Entity-local cut: the subject's versions valid at v and believed at k. */
  facts(subject: string, validAt: number, knownAt: number): EdgeRow[] {
    this.ready('SqlitePeer.facts');
    const v = toSql(validAt);
    const k = toSql(knownAt);
    return (this.stmts.local.all(subject, v, v, k, k) as SqlRow[]).map(fromSqlRow);
  }

  /** Whole-graph cut. */
  cut(validAt: number, knownAt: number): EdgeRow[] {
    this.ready('SqlitePeer.cut');
    const v = toSql(validAt);
    const k = toSql(knownAt);
    return (this.stmts.cut.all(v, v, k, k) as SqlRow[]).map(fromSqlRow);
  }

  /** Whole-graph cut, ids only (the engine's `factIds`): what the cut costs without building row objects. */
  cutIds(validAt: number, knownAt: number): number[] {
    this.ready('SqlitePeer.cutIds');
    const v = toSql(validAt);
    const k = toSql(knownAt);
    return this.stmts.cutIds.all(v, v, k, k) as number[];
  }

  /** Every version ever written for the subject. */
  history(subject: string): EdgeRow[] {
    this.ready('SqlitePeer.history');
    return (this.stmts.history.all(subject) as SqlRow[]).map(fromSqlRow);
  }

  /**
   * Record-axis changes over (since, until], as the engine defines them: added = versions recorded in the
   * window and still believed at `until`; removed = versions believed at `since` and closed in the window.
   */
  changes(since: number, until: number): { added: EdgeRow[]; removed: EdgeRow[] } {
    this.ready('SqlitePeer.changes');
    const s = toSql(since);
    const u = toSql(until);
    return {
      added: (this.stmts.changesAdded.all(s, u, u) as SqlRow[]).map(fromSqlRow),
      removed: (this.stmts.changesRemoved.all(s, u, s) as SqlRow[]).map(fromSqlRow),
    };
  }

  /** The query plan SQLite picks for the entity-local read (for the report). */
  planLocal(): string {
    this.ready('SqlitePeer.planLocal');
    const rows = this.db
      .prepare(`EXPLAIN QUERY PLAN SELECT id FROM edges WHERE subject = ? AND valid_at <= ? AND ? < valid_to AND recorded_at <= ? AND ? < invalid_at`)
      .all('x', 0, 0, 0, 0) as Array<{ detail: string }>;
    return rows.map((r) => r.detail).join('; ');
  }

  close(): void {
    this.db.close();
  }
}

/** The canonical comparison key of a version: (subject, predicate, object, four stamps). */
export function rowKey(r: EdgeRow): string {
  return `${r.subject}\u0001${r.predicate}\u0001${r.object}\u0001${r.validFrom}\u0001${r.validTo}\u0001${r.recordedAt}\u0001${r.invalidAt}`;
}

export interface Agreement {
  agree: boolean;
  /** Sizes of the two answers. */
  left: number;
  right: number;
  /** Up to 3 keys present on one side only (as multisets). */
  onlyLeft: string[];
  onlyRight: string[];
}

/** Compares two answers as multisets of rowKey. */
export function compareAnswers(left: readonly EdgeRow[], right: readonly EdgeRow[]): Agreement {
  const counts = new Map<string, number>();
  for (const r of left) {
    const k = rowKey(r);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  for (const r of right) {
    const k = rowKey(r);
    counts.set(k, (counts.get(k) ?? 0) - 1);
  }
  const onlyLeft: string[] = [];
  const onlyRight: string[] = [];
  for (const [k, c] of counts) {
    if (c > 0 && onlyLeft.length < 3) onlyLeft.push(k);
    if (c < 0 && onlyRight.length < 3) onlyRight.push(k);
  }
  let agree = true;
  for (const c of counts.values()) if (c !== 0) agree = false;
  return { agree, left: left.length, right: right.length, onlyLeft, onlyRight };
}
