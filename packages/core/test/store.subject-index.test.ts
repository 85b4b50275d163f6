import { describe, expect, it } from 'vitest';
import { RecordTimes } from '../src/store/record-times.js';
import { SubjectIndex } from '../src/store/subject-index.js';
import { mulberry32 } from '../src/util/random.js';

/** A brute-force model: every row with its subject and three times. */
interface Row {
  subject: number;
  validFrom: number;
  validTo: number;
  invalidAt: number;
}

/** Record times holding `invalidAt`'s closing times in time order, as FactStore's load interns them before a bulk build. */
function closingTimes(invalidAt: Float64Array): RecordTimes {
  const times = new RecordTimes();
  for (const t of [...invalidAt].filter((x) => x !== Infinity).sort((a, b) => a - b)) times.id(t, 0);
  return times;
}

function visible(rows: Row[], subject: number, prefix: number, v: number, k: number): number[] {
  const out: number[] = [];
  for (let r = 0; r < Math.min(prefix, rows.length); r++) {
    const x = rows[r]!;
    if (x.subject === subject && x.invalidAt > k && x.validFrom <= v && v < x.validTo) out.push(r);
  }
  return out;
}

/**
 * `steps` random steps on `index` and on a plain row list: a new row (subject 0 for half of them, so it fills
 * many 8-slot blocks while the other `subjects - 1` get few) or the closing of a random row still open.
 */
function writeRandomRows(rand: () => number, index: SubjectIndex, steps: number, subjects: number): Row[] {
  const rows: Row[] = [];
  for (let step = 0; step < steps; step++) {
    if (rows.length > 0 && rand() < 0.3) {
      const r = Math.floor(rand() * rows.length);
      if (rows[r]!.invalidAt === Infinity) {
        rows[r]!.invalidAt = step;
        index.closed(r, step);
      }
      continue;
    }
    const subject = rand() < 0.5 ? 0 : 1 + Math.floor(rand() * (subjects - 1));
    const validFrom = rand() < 0.1 ? -Infinity : Math.floor(rand() * 100);
    const validTo = rand() < 0.5 ? Infinity : validFrom + 1 + Math.floor(rand() * 50);
    rows.push({ subject, validFrom, validTo, invalidAt: Infinity });
    index.add(rows.length - 1, subject, validFrom, validTo, Infinity);
  }
  return rows;
}

describe('SubjectIndex', () => {
  it('answers entity-local and whole-graph cuts and whole histories as a scan of every row would, across block boundaries and closings', () => {
    const rand = mulberry32(7);
    const index = new SubjectIndex();
    const subjects = 9;
    const rows = writeRandomRows(rand, index, 3000, subjects);
    for (let q = 0; q < 2000; q++) {
      const subject = Math.floor(rand() * (subjects + 2)); // includes subjects with no rows
      const prefix = Math.floor(rand() * (rows.length + 1));
      const v = Math.floor(rand() * 160) - 5;
      const k = rand() < 0.2 ? Infinity : Math.floor(rand() * 3000);
      const got: number[] = [];
      index.visibleRows(subject, prefix, v, k, got);
      expect(got).toEqual(visible(rows, subject, prefix, v, k));
      // The whole-graph form: every subject's visible rows, merged in row order.
      const whole = index.visibleAllRows(prefix, v, k);
      const want: number[] = [];
      for (let r = 0; r < prefix; r++) {
        const x = rows[r]!;
        if (x.invalidAt > k && x.validFrom <= v && v < x.validTo) want.push(r);
      }
      expect(whole).toEqual(want);
    }
    for (let r = 0; r < rows.length; r++) {
      expect([index.validFromOf(r), index.validToOf(r), index.invalidAtOf(r)]).toEqual([rows[r]!.validFrom, rows[r]!.validTo, rows[r]!.invalidAt]);
    }
    const times = index.timeColumns(rows.length);
    expect([...times.validFrom]).toEqual(rows.map((x) => x.validFrom));
    expect([...times.validTo]).toEqual(rows.map((x) => x.validTo));
    expect([...times.invalidAt]).toEqual(rows.map((x) => x.invalidAt));
    for (let subject = 0; subject < subjects + 2; subject++) {
      const all: number[] = [];
      index.allRows(subject, all);
      expect(all).toEqual(rows.flatMap((x, r) => (x.subject === subject ? [r] : [])));
    }
    expect(index.byteLength).toBeGreaterThan(rows.length * 28);
  });

  it('gives each entity-local match its slot times, and the whole-graph rows as an array, as a scan of every row would', () => {
    const rand = mulberry32(11);
    const index = new SubjectIndex();
    const rows = writeRandomRows(rand, index, 2000, 7);
    for (let q = 0; q < 1000; q++) {
      const subject = Math.floor(rand() * 8);
      const prefix = Math.floor(rand() * (rows.length + 1));
      const v = Math.floor(rand() * 160) - 5;
      const k = rand() < 0.2 ? Infinity : Math.floor(rand() * 2000);
      const got: number[] = [];
      const times: number[] = [];
      index.visibleRows(subject, prefix, v, k, got, times);
      const want = visible(rows, subject, prefix, v, k);
      expect(got).toEqual(want);
      expect(times).toEqual(want.flatMap((r) => [rows[r]!.validFrom, rows[r]!.validTo, rows[r]!.invalidAt]));
      const whole = index.visibleAllRows(prefix, v, k);
      const wantWhole = rows.flatMap((x, r) => (r < prefix && x.invalidAt > k && x.validFrom <= v && v < x.validTo ? [r] : []));
      expect(whole).toEqual(wantWhole);
    }
  });

  it('misses no match when valid times are not float32s (block summaries rounded outwards) and at their very edges', () => {
    const rand = mulberry32(23);
    const index = new SubjectIndex();
    const rows: Row[] = [];
    const base = Date.UTC(2024, 0, 1); // millisecond times: far from float32 precision
    for (let r = 0; r < 600; r++) {
      const sign = rand() < 0.2 ? -1 : 1; // some negative times too
      const validFrom = sign * (base + Math.floor(rand() * 5000)) + (rand() < 0.3 ? 0.25 : 0);
      const validTo = validFrom + 1 + Math.floor(rand() * 50);
      rows.push({ subject: Math.floor(rand() * 5), validFrom, validTo, invalidAt: Infinity });
      index.add(r, rows[r]!.subject, validFrom, validTo, Infinity);
    }
    for (let q = 0; q < 3000; q++) {
      const x = rows[Math.floor(rand() * rows.length)]!;
      // At a row's first instant, just before its end, at its end (not valid) and just outside its start.
      const v = [x.validFrom, x.validTo - 0.25, x.validTo, x.validFrom - 0.25][q % 4]!;
      const got: number[] = [];
      index.visibleRows(x.subject, rows.length, v, 0, got);
      expect(got).toEqual(visible(rows, x.subject, rows.length, v, 0));
      const whole = index.visibleAllRows(rows.length, v, 0);
      expect(whole).toEqual(rows.flatMap((y, r) => (y.validFrom <= v && v < y.validTo ? [r] : [])));
    }
  });

  it('builds the same index in one pass as by appends', () => {
    const validFrom = Float64Array.from([0, 5, -Infinity, 2, 3]);
    const validTo = Float64Array.from([10, Infinity, 4, 9, Infinity]);
    const invalidAt = Float64Array.from([Infinity, 7, Infinity, 3, Infinity]);
    const subjectOf = [2, 0, 2, 2, 0];
    const built = new SubjectIndex(closingTimes(invalidAt));
    built.build({ validFrom, validTo, invalidAt }, 5, Int32Array.from(subjectOf));
    for (const [v, k] of [[3, 5], [6, 8], [3, 2], [-100, Infinity]] as const) {
      for (const s of [0, 1, 2]) {
        const got: number[] = [];
        built.visibleRows(s, 5, v, k, got);
        const want = [0, 1, 2, 3, 4].filter((r) => subjectOf[r] === s && invalidAt[r]! > k && validFrom[r]! <= v && v < validTo[r]!);
        expect(got).toEqual(want);
      }
    }
  });
});

describe('SubjectIndex bulk build', () => {
  /** The index's arrays in their used part: what reads walk, so two indexes that agree here answer alike. */
  function layout(index: SubjectIndex, rows: number) {
    const x = index as unknown as { data: Float64Array; slotInts: Int32Array; slotsUsed: number; blockInts: Int32Array; blocksUsed: number; head: Int32Array; lastSlot: Int32Array; rowSlot: Int32Array };
    const heads = (a: Int32Array) => [...a].slice(0, [...a].findLastIndex((v) => v !== -1) + 1);
    return {
      slotInts: [...x.slotInts.subarray(0, 6 * x.slotsUsed)], // the slots' times too, bit for bit
      head: heads(x.head),
      lastSlot: heads(x.lastSlot),
      blockInts: [...x.blockInts.subarray(0, 4 * x.blocksUsed)],
      rowSlot: [...x.rowSlot.subarray(0, rows)],
    };
  }

  it('lays out the blocks exactly as appends row by row do, and appends after it continue alike', () => {
    const rand = mulberry32(11);
    const n = 5000;
    const subject = new Int32Array(n);
    const validFrom = new Float64Array(n);
    const validTo = new Float64Array(n);
    const invalidAt = new Float64Array(n);
    for (let r = 0; r < n; r++) {
      // Skewed: a few subjects fill many 8-slot blocks, most stay in their first block.
      subject[r] = rand() < 0.6 ? Math.floor(rand() * 5) : 5 + Math.floor(rand() * 400);
      validFrom[r] = rand() < 0.1 ? -Infinity : Math.floor(rand() * 100);
      validTo[r] = rand() < 0.5 ? Infinity : validFrom[r]! + 1 + Math.floor(rand() * 50);
      invalidAt[r] = rand() < 0.4 ? r + Math.floor(rand() * 100) : Infinity;
    }
    const appended = new SubjectIndex(closingTimes(invalidAt));
    for (let r = 0; r < n; r++) appended.add(r, subject[r]!, validFrom[r]!, validTo[r]!, invalidAt[r]!);
    const built = new SubjectIndex(closingTimes(invalidAt));
    built.build({ validFrom, validTo, invalidAt }, n, Int32Array.from(subject));
    expect(layout(built, n)).toEqual(layout(appended, n));
    for (let r = n; r < n + 300; r++) {
      const s = Math.floor(rand() * 420); // old subjects and new ones
      for (const index of [appended, built]) index.add(r, s, 0, Infinity, Infinity);
      if (r % 3 === 0) for (const index of [appended, built]) index.closed(r - 7, r);
    }
    expect(layout(built, n + 300)).toEqual(layout(appended, n + 300));
  });
});
