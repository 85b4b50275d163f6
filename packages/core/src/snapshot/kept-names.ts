// The terms of the entities' names and the literals in a snapshot (recall/name-tokens.ts), beside recall's
// episode indexes (recall-indexes.ts): a load reads them instead of tokenizing and stemming every name again.
// Derived data: a state without them (an older file, another tokenizer) loads by tokenizing, as before.
import { CorruptSnapshotError } from '../errors.js';
import { TOKENIZE } from '../recall/text.js';
import type { ColumnArray, MemoryState } from '../state.js';
import type { ColumnWriter, SnapshotSource } from './snapshot-source.js';
import type { MemoryTables } from '../graph/tables.js';
import { NameTokens } from '../recall/name-tokens.js';

/** What the kept terms were made by: another tokenizer makes other terms, so they are made again. */
export function keptNamesTag(): string {
  return `name-terms/${TOKENIZE.stemmer}/1`;
}

const TAG = 'recall.names';
const TOKENS = 'recall.names.terms';
const ENTITY_STARTS = 'recall.names.entityStarts';
const LITERAL_STARTS = 'recall.names.literalStarts';

/**
 * The state's columns and string lists with the names' terms added (every entity's and literal's; those recall
 * has not indexed yet are tokenized here, without making recall's engine). A memory without names adds none.
 */
export function withKeptNames<S extends SnapshotSource>(mem: MemoryTables, state: S): S {
  const en = mem.entities;
  if (en.count === 0 && mem.literals.length === 0) return state;
  const names = mem.recallIndexIfBuilt()?.names ?? new NameTokens();
  const kept = names.exportState((e) => en.displayName(e), en.count, mem.literals);
  const columns: Record<string, ColumnArray> = { ...state.columns, [ENTITY_STARTS]: kept.entityStarts, [LITERAL_STARTS]: kept.literalStarts };
  return { ...state, columns, strings: { ...state.strings, [TOKENS]: kept.tokens, [TAG]: [keptNamesTag()] } };
}

/**
 * Hands a loaded memory's recall engine the names' terms its state kept, when they are there and were made
 * by this tokenizer; damaged ones (lengths, starts that do not fit the entities and literals) are
 * CorruptSnapshotError naming the column.
 */
export function restoreKeptNames(mem: MemoryTables, state: MemoryState): void {
  const tag = state.strings[TAG];
  if (!Array.isArray(tag) || tag.length !== 1 || tag[0] !== keptNamesTag()) return;
  const bad = (why: string): never => {
    throw new CorruptSnapshotError(`MemoryGraph.fromState: recall's kept name terms: ${why}`);
  };
  const u32 = (name: string): Uint32Array => {
    const c = state.columns[name];
    return c instanceof Uint32Array ? c : bad(`column "${name}" is missing or not Uint32Array`);
  };
  const tokens = state.strings[TOKENS];
  if (!Array.isArray(tokens)) return bad(`string list "${TOKENS}" is missing`);
  const entityStarts = u32(ENTITY_STARTS);
  const literalStarts = u32(LITERAL_STARTS);
  const wrong = mem.recallIndex().names.restore({ tokens, entityStarts, literalStarts }, mem.entities.count, mem.literals.length);
  if (wrong !== undefined) bad(`"${ENTITY_STARTS}", "${LITERAL_STARTS}" and "${TOKENS}" do not fit: ${wrong}`);
}
