import { describe, expect, it } from 'vitest';
import { ingestEpisode, MemoryGraph, PalimpsestError } from '@palimpsest/core';
import { mulberry32, tablesOf } from '@palimpsest/core/internal';
import type { Operation } from '@palimpsest/core';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';
import { stateBytes } from './state-bytes.js';

/**
 * A seeded fuzzer over the whole public API, as a hostile caller would use it: wrong types, null and
 * undefined, NaN and infinities, -0, huge and malformed strings (lone surrogates, NUL), sparse arrays,
 * extra and missing fields, prototype keys as names, predicates and option keys, getters and proxies
 * that answer differently or throw on a later read, unknown ids, record time going backwards.
 *
 * Each call must be accepted, or refused with a PalimpsestError whose message starts with the call's
 * name, and a refusal must leave `exportState()` and `log()` byte-identical. At the end the log replays
 * into an identical memory, and what core accepted persist writes and reads back identical.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed_11);
const CALLS = Number(process.env.FUZZ_CALLS ?? 4000);
const DAY = 86_400_000;
const T0 = Date.parse('2025-01-01T00:00:00Z');

type Rng = () => number;

// ---- hostile values ----------------------------------------------------------------------------

/** On a clean call every generator gives a well-formed value (its first choices), so the memory grows. */
let clean = false;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * (clean ? 1 : list.length))]!;
const chance = (rng: Rng, p: number): boolean => rng() < p;

const HUGE = 'h'.repeat(50_000);
const NAMES = ['Alice', 'bob', 'Acme Corp', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'Zoë 😀', 'a\u0000b', '\uD800lone', 'trail\uDC00', ' ', '', 'x'.repeat(600), HUGE];
const PREDICATES = ['works_at', 'likes', 'price', '__proto__', 'constructor', 'toString', 'prototype', '', '   ', '\uDBFF', 'p\u0000q', 'y'.repeat(600)];
const TEXTS = ['hello', '', 'Alice met Bob at Acme.', 'nul\u0000inside', '\uD83D', HUGE, 'Tom likes jazz. Ann works at Globex.'];
const WEIRD: unknown[] = [undefined, null, NaN, Infinity, -Infinity, -0, 0, 1.5, -1, 10n, Symbol('s'), true, {}, [], () => 1, Object.create(null), new Date('bad')];

function time(rng: Rng, now: number): unknown {
  if (clean) return now + Math.floor(rng() * 3) * DAY;
  switch (Math.floor(rng() * 12)) {
    case 0:
    case 1:
    case 2:
      return now + Math.floor(rng() * 3) * DAY;
    case 3:
      return new Date(now - DAY).toISOString();
    case 4:
      return new Date(now);
    case 5:
      return now - 10 * DAY; // record time going backwards when used as recordedAt
    case 6:
      return -0;
    case 7:
      return pick(rng, ['next tuesday', '2025-13-45', '', HUGE, '2025-01-01T00:00:00Z\uD800']);
    case 8:
      return new Proxy(new Date(now), {});
    default:
      return pick(rng, WEIRD);
  }
}

function name(rng: Rng): unknown {
  if (clean) return chance(rng, 0.5) ? `Person ${Math.floor(rng() * 40)}` : ['Alice', 'bob', 'Acme Corp', 'Zoë 😀', '__proto__', 'constructor'][Math.floor(rng() * 6)];
  return chance(rng, 0.9) ? pick(rng, NAMES.slice(0, chance(rng, 0.7) ? 3 : NAMES.length)) : pick(rng, WEIRD);
}

function predicate(rng: Rng): unknown {
  if (clean) return PREDICATES.slice(0, 6)[Math.floor(rng() * 6)];
  return chance(rng, 0.9) ? pick(rng, PREDICATES.slice(0, chance(rng, 0.6) ? 3 : PREDICATES.length)) : pick(rng, WEIRD);
}

function id(rng: Rng, count: number): unknown {
  return clean || chance(rng, 0.8) ? Math.floor(rng() * (count + 2)) : pick(rng, [-1, 1.5, NaN, '0', -0, 2 ** 31, null, undefined, Symbol('id')]);
}

function ref(rng: Rng, mem: MemoryGraph): unknown {
  if (chance(rng, 0.6)) return name(rng);
  if (chance(rng, 0.8)) return hostile(rng, { id: id(rng, mem.size.entities) });
  return pick(rng, WEIRD);
}

function objectRef(rng: Rng, mem: MemoryGraph): unknown {
  if (chance(rng, 0.6)) return ref(rng, mem);
  const value = chance(rng, 0.6) ? pick(rng, [42, 'forty', true, false, -0, 0.5, 'x\uDFFF', '']) : pick(rng, WEIRD);
  return hostile(rng, { value });
}

function vector(rng: Rng): unknown {
  if (clean) return [rng(), rng(), -rng(), 0];
  switch (Math.floor(rng() * 9)) {
    case 0:
    case 1:
      return [rng(), rng(), -rng(), 0];
    case 2:
      return Float32Array.of(1, 0, -0, 0.5);
    case 3:
      return [1e39, 0, 0, 0];
    case 4:
      return [-0, 0, 1, NaN];
    case 5:
      return sparse([1, 2, 3, 4]);
    case 6:
      return { length: 4, 0: 1, 1: 2, 2: 3, 3: 4 };
    case 7:
      return [1, 2];
    default:
      return pick(rng, WEIRD);
  }
}

function sparse<T>(values: T[]): T[] {
  const out = values.slice();
  delete out[Math.min(1, out.length - 1)];
  return out;
}

function list<T>(rng: Rng, values: T[]): unknown {
  if (clean) return values;
  switch (Math.floor(rng() * 10)) {
    case 0:
      return sparse(values.length === 0 ? [undefined as T, undefined as T] : values);
    case 1:
      return new Array(3);
    case 2:
      return changing(values, values.slice(0, 1));
    case 3:
      return pick(rng, WEIRD);
    default:
      return values;
  }
}

/** An array proxy whose elements answer `first`, then `later` on every later read. */
function changing<T>(first: T[], later: T[]): T[] {
  let reads = 0;
  return new Proxy(first.slice(), {
    get(target, key, receiver) {
      if (key === 'length' || typeof key === 'symbol') return Reflect.get(target, key, receiver);
      return reads++ < first.length ? Reflect.get(target, key, receiver) : later[0];
    },
  });
}

/**
 * The object as given, or one of its hostile forms: an extra field, a missing field, a prototype key, a
 * getter that answers differently on its second read or throws on it, a proxy that throws, a
 * prototype-less copy, or no object at all.
 */
function hostile(rng: Rng, fields: Record<string, unknown>): unknown {
  if (clean) return fields;
  const keys = Object.keys(fields);
  switch (Math.floor(rng() * 24)) {
    case 0:
      return { ...fields, [pick(rng, ['extra', 'validfrom', 'toString', 'constructor'])]: 1 };
    case 1: {
      const copy = { ...fields };
      if (keys.length > 0) delete copy[pick(rng, keys)];
      return copy;
    }
    case 2:
      return Object.assign(JSON.parse('{"__proto__": {"x": 1}}') as object, fields);
    case 3:
    case 4: {
      if (keys.length === 0) return fields;
      const key = pick(rng, keys);
      const first = fields[key];
      const throws = chance(rng, 0.5);
      let reads = 0;
      const out = { ...fields };
      Object.defineProperty(out, key, {
        enumerable: true,
        get() {
          if (reads++ === 0) return first;
          if (throws) throw new TypeError('second read');
          return pick(rng, ['other', 7, undefined, { id: 0 }]);
        },
      });
      return out;
    }
    case 5:
      return new Proxy(fields, {
        ownKeys() {
          throw new RangeError('no keys');
        },
      });
    case 6:
      return Object.assign(Object.create(null) as object, fields);
    case 7:
      return pick(rng, [null, undefined, 5, 'str', [], Symbol('obj')]);
    default:
      return fields;
  }
}

// ---- the calls ---------------------------------------------------------------------------------

interface Ctx {
  rng: Rng;
  mem: MemoryGraph;
  clock: { now: number; mode: 'ok' | 'nan' | 'throws' | 'fraction' };
  episodes: number;
}

type Call = [name: string, run: (c: Ctx) => unknown];

function input(c: Ctx, fields: Record<string, unknown>): unknown {
  // Optional fields are left out half the time, so that the defaults are exercised too.
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (k.startsWith('!') || chance(c.rng, 0.5)) out[k.replace('!', '')] = v;
  return hostile(c.rng, out);
}

const extractors = (c: Ctx): unknown[] => [
  undefined,
  { extract: () => ({ entities: [{ name: 'Tom', type: 'person' }], facts: [{ subject: 'Tom', predicate: 'likes', object: 'jazz', confidence: 0.9 }] }) },
  { extract: () => ({ entities: [{ name: 'Ann', type: '\uD800' }], facts: [] }) },
  { extract: () => ({ entities: [{ name: 'Ann' }], facts: [{ subject: 'Ann', predicate: 'age', object: { value: -0 }, confidence: -0, validFrom: -0 }] }) },
  { extract: () => ({ entities: [{ name: 'Ann' }], facts: [{ subject: 'Ann', predicate: pick(c.rng, PREDICATES), object: { value: 1 }, confidence: 2 }] }) },
  { extract: () => sparse([1, 2]) },
  // Output that is itself hostile: getters, proxies, extra fields, prototype keys.
  {
    extract: () =>
      hostile(c.rng, {
        entities: [hostile(c.rng, { name: name(c.rng), type: 'person' })],
        facts: [hostile(c.rng, { subject: name(c.rng), predicate: predicate(c.rng), object: objectRef(c.rng, c.mem), confidence: 0.8, validFrom: time(c.rng, c.clock.now) })],
      }),
  },
  {
    extract: () => {
      throw new TypeError('extractor broke');
    },
  },
  { extract: () => ({ entities: [], facts: [{ subject: 'Ann', predicate: 'p', object: 'B', confidence: 1, validFrom: 10, validTo: 5 }] }) },
  {
    extract: () => {
      c.mem.entity({ name: 'sneaky' }); // writes during extraction
      return { entities: [], facts: [] };
    },
  },
  { extract: 5 },
];

function calls(): Call[] {
  return [
    ['MemoryGraph.entity', (c) => c.mem.entity(input(c, { '!name': name(c.rng), type: pick(c.rng, ['person', '\uD800', 5, '']), aliases: list(c.rng, [name(c.rng), name(c.rng)]), vector: vector(c.rng), recordedAt: time(c.rng, c.clock.now) }) as never)],
    ['MemoryGraph.merge', (c) => c.mem.merge(input(c, { '!into': ref(c.rng, c.mem), '!from': ref(c.rng, c.mem), recordedAt: time(c.rng, c.clock.now) }) as never)],
    ['MemoryGraph.definePredicate', (c) => c.mem.definePredicate(predicate(c.rng) as string, hostile(c.rng, { cardinality: pick(c.rng, ['one', 'many', 'few', undefined]), minConfidence: pick(c.rng, [0.5, -0, 2, NaN, undefined]) }) as never, time(c.rng, c.clock.now) as never)],
    ['MemoryGraph.assert', (c) => c.mem.assert(input(c, {
      '!subject': ref(c.rng, c.mem),
      '!predicate': predicate(c.rng),
      '!object': objectRef(c.rng, c.mem),
      validFrom: time(c.rng, c.clock.now - 30 * DAY),
      validTo: chance(c.rng, 0.5) ? Infinity : time(c.rng, c.clock.now + 30 * DAY),
      recordedAt: time(c.rng, c.clock.now),
      confidence: pick(c.rng, [1, 0.9, 0.3, -0, 1.2, NaN, '1']),
      source: pick(c.rng, ['chat', '\uDC00', 3]),
      evidence: list(c.rng, ['m1', 'm2']),
      reason: pick(c.rng, ['because', null]),
      edgeType: pick(c.rng, ['causal', 'magic', '__proto__']),
      episode: pick(c.rng, ['ep-0', 'ep-1', 'nope', 0]),
    }) as never)],
    ['MemoryGraph.retract', (c) => c.mem.retract(input(c, { '!subject': ref(c.rng, c.mem), '!predicate': predicate(c.rng), object: objectRef(c.rng, c.mem), validFrom: time(c.rng, c.clock.now), validTo: time(c.rng, c.clock.now + DAY), recordedAt: time(c.rng, c.clock.now), reason: pick(c.rng, ['no', '\uD800']) }) as never)],
    ['MemoryGraph.episode', (c) => c.mem.episode(input(c, { '!id': pick(c.rng, [`ep-${c.episodes++}`, 'ep-0', '', '\uD800', 7]), '!text': pick(c.rng, TEXTS), '!at': time(c.rng, c.clock.now), speaker: pick(c.rng, ['user', '\uDBFF', 1]), vector: vector(c.rng), entities: list(c.rng, [name(c.rng), { id: 0 }]), recordedAt: time(c.rng, c.clock.now) }) as never)],
    ['MemoryGraph.archive', (c) => c.mem.archive(list(c.rng, [id(c.rng, c.mem.size.versions)]) as never, hostile(c.rng, { recordedAt: time(c.rng, c.clock.now) }) as never)],
    ['MemoryGraph.unarchive', (c) => c.mem.unarchive(list(c.rng, [id(c.rng, c.mem.size.versions)]) as never, hostile(c.rng, { recordedAt: time(c.rng, c.clock.now) }) as never)],
    ['MemoryGraph.touch', (c) => c.mem.touch(list(c.rng, [id(c.rng, c.mem.size.versions)]) as never, hostile(c.rng, {}) as never)],
    ['MemoryGraph.setSalience', (c) => c.mem.setSalience(list(c.rng, [id(c.rng, c.mem.size.versions)]) as never, list(c.rng, [pick(c.rng, [0.5, -0, 1, 1.5, NaN, 1e-46])]) as never, hostile(c.rng, {}) as never)],
    ['MemoryGraph.now', (c) => c.mem.now()],
    ['MemoryGraph.facts', (c) => c.mem.facts(input(c, { validAt: time(c.rng, c.clock.now), knownAt: time(c.rng, c.clock.now), subject: ref(c.rng, c.mem), predicate: predicate(c.rng), object: objectRef(c.rng, c.mem), includeArchived: pick(c.rng, [true, false, 'no']) }) as never)],
    ['MemoryGraph.factIds', (c) => c.mem.factIds(input(c, { validAt: time(c.rng, c.clock.now), subject: ref(c.rng, c.mem), predicate: predicate(c.rng) }) as never)],
    ['MemoryGraph.history', (c) => c.mem.history(input(c, { '!subject': ref(c.rng, c.mem), predicate: predicate(c.rng), object: objectRef(c.rng, c.mem) }) as never)],
    ['MemoryGraph.changes', (c) => c.mem.changes(input(c, { '!since': time(c.rng, c.clock.now - DAY), until: time(c.rng, c.clock.now), axis: pick(c.rng, ['record', 'valid', 'sideways']), knownAt: time(c.rng, c.clock.now) }) as never)],
    ['MemoryGraph.neighbors', (c) => c.mem.neighbors(ref(c.rng, c.mem) as never, input(c, { validAt: time(c.rng, c.clock.now), predicate: predicate(c.rng), direction: pick(c.rng, ['in', 'out', 'both', 'up']), includeArchived: pick(c.rng, [true, 1]) }) as never)],
    ['MemoryGraph.recall', (c) => c.mem.recall(pick(c.rng, ['alice works', 'toString constructor', '', '\uD800', HUGE.slice(0, 5000), 5]) as string, recallOptions(c) as never)],
    ['MemoryGraph.toGraphology', (c) => c.mem.toGraphology(input(c, { validAt: time(c.rng, c.clock.now), includeArchived: pick(c.rng, [true, 'x']), literals: pick(c.rng, [false, null]) }) as never)],
    ['MemoryGraph.consolidate', (c) => c.mem.consolidate(input(c, { now: time(c.rng, c.clock.now + 60 * DAY), halfLifeMs: pick(c.rng, [DAY, -0, NaN, 0]), coldThreshold: pick(c.rng, [0.1, 2, -0]) }) as never)],
    ['MemoryGraph.at', (c) => c.mem.at(input(c, { validAt: time(c.rng, c.clock.now), knownAt: time(c.rng, c.clock.now) }) as never)],
    ['MemoryGraph.facts', (c) => c.mem.at({ validAt: c.clock.now, knownAt: c.clock.now }).facts(input(c, { subject: ref(c.rng, c.mem), predicate: predicate(c.rng), validAt: 0 }) as never)],
    ['MemoryGraph.neighbors', (c) => c.mem.at({ validAt: c.clock.now, knownAt: c.clock.now }).neighbors(ref(c.rng, c.mem) as never, input(c, { direction: pick(c.rng, ['in', 'sideways']) }) as never)],
    ['MemoryGraph.recall', (c) => c.mem.at({ validAt: c.clock.now, knownAt: c.clock.now }).recall('alice', input(c, { k: pick(c.rng, [3, -1]), knownAt: 0, track: pick(c.rng, [true, false]) }) as never)],
    ['MemoryGraph.toGraphology', (c) => c.mem.at({ validAt: c.clock.now, knownAt: c.clock.now }).toGraphology(input(c, { literals: pick(c.rng, [true, 'yes']) }) as never)],
    ['MemoryGraph.fact', (c) => c.mem.fact(id(c.rng, c.mem.size.versions) as number)],
    ['MemoryGraph.getEntity', (c) => c.mem.getEntity(ref(c.rng, c.mem) as never, hostile(c.rng, { knownAt: time(c.rng, c.clock.now) }) as never)],
    ['MemoryGraph.getEpisode', (c) => c.mem.getEpisode(pick(c.rng, ['ep-0', 'nope', '__proto__', null, 3]) as string)],
    ['MemoryGraph.size', (c) => c.mem.size],
    ['MemoryGraph.log', (c) => c.mem.log().length],
    ['ingestEpisode', (c) => ingestEpisode(c.mem, input(c, { '!id': pick(c.rng, [`ing-${c.episodes++}`, 'ep-0', '']), '!text': pick(c.rng, TEXTS.slice(0, 4).concat([TEXTS[6]!])), '!at': time(c.rng, c.clock.now), vector: vector(c.rng), recordedAt: time(c.rng, c.clock.now), entities: list(c.rng, ['Alice']) }) as never, hostile(c.rng, { extractor: pick(c.rng, extractors(c)), source: pick(c.rng, ['x', '\uD800']) }) as never)],
    ['MemoryGraph.replay', (c) => MemoryGraph.replay(mutatedLog(c) as never, hostile(c.rng, { now: () => c.clock.now }) as never)],
    ['MemoryGraph.fromState', (c) => MemoryGraph.fromState(mutatedState(c) as never, pick(c.rng, [undefined, {}, null, { extra: 1 }]) as never)],
    ['new MemoryGraph', (c) => new MemoryGraph(hostile(c.rng, { predicates: hostile(c.rng, JSON.parse('{"__proto__":{"cardinality":"one"},"toString":{}}') as object), minConfidence: pick(c.rng, [0.5, -0, 2]), dimensions: pick(c.rng, [4, -1, 1.5]) }) as never)],
  ];
}

function recallOptions(c: Ctx): unknown {
  const weights = pick(c.rng, [{ match: 2 }, { toString: 1 }, JSON.parse('{"__proto__": 1}') as object, { recency: 2 }, null]);
  const edgeTypeWeights = pick(c.rng, [{ causal: 2 }, JSON.parse('{"__proto__": 1}') as object, { constructor: 1 }]);
  return input(c, { k: pick(c.rng, [5, 0, -1, 1.5]), weights, edgeTypeWeights, strategy: pick(c.rng, ['bfs', 'activation', 'dfs']), vector: vector(c.rng), track: pick(c.rng, [true, false, 'yes']), validAt: time(c.rng, c.clock.now) });
}

function mutatedLog(c: Ctx): unknown {
  const ops: unknown[] = c.mem.log();
  const i = 1 + Math.floor(c.rng() * Math.max(1, ops.length - 1));
  const op = ops[i] as Record<string, unknown> | undefined;
  switch (Math.floor(c.rng() * 12)) {
    case 0:
      ops.splice(i, 0, pick(c.rng, [undefined, null, 5, 'op']));
      break;
    case 1:
      if (op) op.recordedAt = 10n;
      break;
    case 2:
      if (op) op.self = op;
      break;
    case 3:
      delete ops[i];
      break;
    case 4:
      ops[0] = { ...(ops[0] as object), minConfidence: pick(c.rng, [2, -0, 'x']) };
      break;
    case 5:
      if (op) op[pick(c.rng, ['extra', 'type', 'recordedAt', 'name', 'entityType', 'aliases', 'vector', 'subject', 'object', 'facts', 'values'])] = pick(c.rng, WEIRD.concat([[null], [1e39, 0, 0, 0], '\uD800', { name: 5 }]));
      break;
    case 6:
      ops.splice(i, 1);
      break;
    case 7:
      if (op) Object.defineProperty(op, 'type', { enumerable: true, get: () => { throw new TypeError('no type'); } });
      break;
    case 8:
      return pick(c.rng, [null, {}, [null], 'log']);
    default:
      break; // the log as written: it must replay
  }
  return ops;
}

function mutatedState(c: Ctx): unknown {
  const state = c.mem.exportState() as unknown as { columns: Record<string, unknown>; strings: Record<string, unknown>; config: Record<string, unknown> };
  const columns = Object.keys(state.columns);
  switch (Math.floor(c.rng() * 8)) {
    case 0:
      state.columns[pick(c.rng, columns)] = pick(c.rng, [null, undefined, [1, 2], new Float64Array(1), 5]);
      break;
    case 1:
      state.strings[pick(c.rng, Object.keys(state.strings))] = pick(c.rng, [null, ['\uD800'], sparse(['a', 'b']), [5]]);
      break;
    case 2:
      state.config.predicates = [{ name: '__proto__', cardinality: 'one', minConfidence: null }];
      break;
    case 3:
      state.config = pick(c.rng, [null, { ...state.config, predicates: null }, { ...state.config, minConfidence: NaN }]) as never;
      break;
    case 4:
      return pick(c.rng, [null, 5, {}, { formatVersion: 1 }]);
    default:
      break;
  }
  return state;
}

// ---- the run -----------------------------------------------------------------------------------

/** The whole memory as bytes (see state-bytes.ts). */
function fingerprint(mem: MemoryGraph): Buffer {
  return stateBytes(mem.exportState());
}

function describe_(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : String(typeof error);
}

describe('API fuzzer (seeded)', () => {
  it(`${CALLS} hostile calls: each accepted or refused by name with nothing changed; the log replays; persist writes what core accepted`, () => {
    const rng = mulberry32(SEED);
    const clock: Ctx['clock'] = { now: T0, mode: 'ok' };
    const mem = new MemoryGraph({
      now: () => {
        if (clock.mode === 'throws') throw new Error('clock broke');
        if (clock.mode === 'nan') return NaN;
        if (clock.mode === 'fraction') return clock.now + 0.5;
        return clock.now;
      },
      dimensions: 4,
      predicates: JSON.parse('{"price":{"cardinality":"one"},"__proto__":{"cardinality":"one","minConfidence":0.2}}') as never,
    });
    const c: Ctx = { rng, mem, clock, episodes: 0 };
    // Some valid history first, so that ids, merges and supersessions exist.
    mem.episode({ id: 'ep-0', text: 'Alice joined Acme.', at: T0, entities: ['Alice', 'Acme Corp'] });
    mem.assert({ subject: 'Alice', predicate: 'works_at', object: 'Acme Corp', episode: 'ep-0' });
    mem.assert({ subject: 'pro', predicate: 'price', object: { value: 40 }, validFrom: T0 - DAY });

    const table = calls();
    const failures: string[] = [];
    let accepted = 0;
    let refused = 0;
    for (let n = 0; n < CALLS; n++) {
      clock.now += Math.floor(rng() * 3) * 60_000;
      // Record time given ahead of the clock blocks clock-stamped writes; let the clock catch up at times.
      if (chance(rng, 0.2)) clock.now = Math.max(clock.now, tablesOf(mem)!.lastRecordedAt);
      clock.mode = !clean && chance(rng, 0.03) ? pick(rng, ['nan', 'throws', 'fraction'] as const) : 'ok';
      clean = chance(rng, 0.4);
      const [callName, run] = table[Math.floor(rng() * table.length)]!;
      const before = fingerprint(mem);
      const logBefore = mem.size.operations;
      try {
        run(c);
        accepted++;
      } catch (error) {
        refused++;
        if (process.env.FUZZ_DEBUG) console.log(callName, describe_(error).slice(0, 150));
        const named = error instanceof PalimpsestError && error.message.startsWith(`${callName}:`);
        if (!named) failures.push(`#${n} ${callName}: threw ${describe_(error)}`);
        else if (!fingerprint(mem).equals(before) || mem.size.operations !== logBefore) failures.push(`#${n} ${callName}: refused (${describe_(error)}) but the memory changed`);
      }
      clock.mode = 'ok';
      if (n % 500 === 499) {
        const again = MemoryGraph.replay(mem.log(), { now: () => clock.now });
        if (!fingerprint(again).equals(fingerprint(mem))) failures.push(`#${n}: the log no longer replays into the same memory`);
      }
    }

    clean = false;
    // The log replays into the same memory, byte for byte.
    const replayed = MemoryGraph.replay(mem.log(), { now: () => clock.now });
    expect(fingerprint(replayed).equals(fingerprint(mem))).toBe(true);
    expect(JSON.stringify(replayed.log())).toBe(JSON.stringify(mem.log()));
    // What core accepted, persist writes, and reads back identical.
    const decoded = decodeSnapshot(encodeSnapshot(mem), { now: () => clock.now });
    expect(stateBytes(decoded.exportState()).equals(stateBytes(mem.exportState()))).toBe(true);
    expect(JSON.stringify(decoded.log())).toBe(JSON.stringify(mem.log()));

    console.log(`api-fuzz seed ${SEED}: calls ${CALLS}, accepted ${accepted}, refused ${refused}, failures ${failures.length}; memory: ${JSON.stringify(mem.size)}`);
    expect(failures.slice(0, 30)).toEqual([]);
    expect(accepted).toBeGreaterThan(CALLS / 10);
    expect(refused).toBeGreaterThan(CALLS / 10);
  });
});
