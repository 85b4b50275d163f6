/**
 * Log format 3 (LOG-FORMAT.md): framed, checksummed binary records, the default for new logs (format 2 on
 * request, `{ format: 2 }`). It reads back as exactly the JSON operations format 2 gives, a torn tail is told
 * from damage, every altered byte is refused by name, and an appender continues a log in its own format.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CorruptLogError, EDGE_TYPES, MemoryGraph } from '@palimpsest/core';
import { mulberry32 } from '@palimpsest/core/internal';
import type { Operation } from '@palimpsest/core';
import { encodeSnapshot, LOG_FORMAT_VERSION, LOG_HEADER } from '@palimpsest/persist';
import { openLogAppender, readLog, repairLog, writeLog } from '@palimpsest/persist/node';

const dir = mkdtempSync(join(tmpdir(), 'palimpsest-log3-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const HEADER = '{"palimpsest":"log","version":3}\n';

/** A memory whose log holds every kind of operation, literals of every type and every optional field. */
function memory(): { mem: MemoryGraph; now: () => number } {
  let t = 1_700_000_000_000;
  const now = () => t;
  const random = mulberry32(33);
  const mem = new MemoryGraph({ now, predicates: { status: { cardinality: 'one' } }, minConfidence: 0.2 });
  mem.episode({ id: 'ep "1"', text: 'Ann met Bob — ü😀', at: t, speaker: 'Ann', entities: ['Ann', 'Bob'] });
  mem.entity({ name: 'Carol', type: 'person', aliases: ['Caz'] });
  const literals: Array<string | number | boolean> = ['x', 'quote " \\ \n', '', 0, -0, 1.5, -1e300, 2 ** 53, true, false];
  for (let i = 0; i < 400; i++) {
    t += Math.floor(random() * 3) * 1000;
    const subject = ['Ann', 'Bob', 'Carol'][i % 3]!;
    if (random() < 0.75) {
      mem.assert({
        subject,
        predicate: ['status', 'knows', 'likes'][Math.floor(random() * 3)]!,
        object: random() < 0.5 ? { value: literals[Math.floor(random() * literals.length)]! } : ['Ann', 'Bob', 'Carol', 'Dan'][Math.floor(random() * 4)]!,
        ...(random() < 0.3 ? { validFrom: random() < 0.3 ? -Infinity : t - 5000 } : {}),
        ...(random() < 0.3 ? { validTo: t + 9000 } : {}),
        ...(random() < 0.4 ? { confidence: [1, 0.5, 0.1, 0.123456789][Math.floor(random() * 4)]! } : {}),
        ...(random() < 0.3 ? { source: 'extractor' } : {}),
        ...(random() < 0.3 ? { evidence: ['m1', 'm2 ü'] } : {}),
        ...(random() < 0.2 ? { reason: 'because\n' } : {}),
        ...(random() < 0.2 ? { edgeType: EDGE_TYPES[i % EDGE_TYPES.length]! } : {}),
        ...(random() < 0.2 ? { episode: 'ep "1"' } : {}),
      });
    } else {
      const o = random();
      mem.retract({
        subject,
        predicate: ['status', 'knows', 'likes'][Math.floor(random() * 3)]!,
        ...(o < 0.3 ? { object: 'Bob' } : o < 0.5 ? { object: { value: 'x' } } : {}),
        ...(random() < 0.3 ? { validFrom: t - 3000 } : {}),
        ...(random() < 0.2 ? { reason: 'no longer' } : {}),
      });
    }
  }
  mem.merge({ into: 'Ann', from: 'Carol' });
  return { mem, now };
}

describe('log format 3: binary frames', () => {
  it('reads back exactly what format 2 reads, in fewer bytes, and replays to the same snapshot', async () => {
    const { mem, now } = memory();
    const v2 = join(dir, 'a2.jsonl');
    const v3 = join(dir, 'a3.log');
    const ops = mem.log();
    await writeLog(v2, ops, { format: 2 });
    expect(await writeLog(v3, ops, { format: 3 })).toBe(ops.length);
    expect(readFileSync(v3).subarray(0, HEADER.length).toString()).toBe(HEADER);
    const a = await readLog(v2);
    const b = await readLog(v3);
    expect(b.format).toBe(3);
    expect(b.torn).toBeUndefined();
    // Same values and the same key order (persist writes JSON.stringify of what it reads).
    expect(JSON.stringify(b.ops)).toBe(JSON.stringify(a.ops));
    expect(statSync(v3).size).toBeLessThan(statSync(v2).size * 0.6);
    expect(Buffer.from(encodeSnapshot(MemoryGraph.replay(b.ops, { now }))).equals(Buffer.from(encodeSnapshot(mem)))).toBe(true);
  });

  it('keeps operations it cannot write as binary as their JSON (other shapes, unknown keys)', async () => {
    const path = join(dir, 'odd.log');
    const ops = [
      { type: 'assert', recordedAt: 1, subject: { name: 'Zed' }, predicate: 'p', object: { name: 'Q' }, validFrom: null, confidence: 0.1, rejected: true },
      { predicate: 'p', type: 'retract', recordedAt: 2, subject: 1, validFrom: null }, // keys out of order
      { type: 'assert', recordedAt: 3, subject: 0, predicate: 'p', object: { value: 'lone \ud800' }, validFrom: 1, confidence: 1 },
      { type: 'assert', recordedAt: 4, subject: 0, predicate: 'p', object: { id: 1 }, validFrom: 1, confidence: 1, extra: [1, { a: 2 }] },
      { type: 'something-new', recordedAt: 5, facts: [1, 2] },
    ];
    await writeLog(path, ops, { format: 3 });
    const back = await readLog(path);
    expect(JSON.stringify(back.ops)).toBe(JSON.stringify(JSON.parse(JSON.stringify(ops))));
  });

  it('a torn last frame is reported as torn, with the prefix; repairLog cuts it off', async () => {
    const { mem } = memory();
    const path = join(dir, 'torn.log');
    await writeLog(path, mem.log(), { format: 3 });
    const size = statSync(path).size;
    for (const cut of [1, 5, 9, 12, 20]) {
      await writeLog(path, mem.log(), { format: 3 });
      truncateSync(path, size - cut);
      const r = await readLog(path);
      expect(r.torn?.kind).toBe('torn');
      expect(r.ops).toEqual(mem.log().slice(0, -1));
      expect(r.torn!.line).toBe(mem.log().length + 1);
    }
    const dropped = await repairLog(path);
    expect(dropped?.kind).toBe('torn');
    const fixed = await readLog(path);
    expect(fixed.torn).toBeUndefined();
    expect(fixed.ops).toEqual(mem.log().slice(0, -1));
  });

  it('every altered byte after the header is refused as damage (CorruptLogError), or recovered up to it', async () => {
    const { mem } = memory();
    const ops = mem.log().slice(0, 40);
    const path = join(dir, 'flip.log');
    await writeLog(path, ops, { format: 3 });
    const original = readFileSync(path);
    const random = mulberry32(7);
    for (let k = 0; k < 60; k++) {
      const bytes = Buffer.from(original);
      const at = HEADER.length + Math.floor(random() * (bytes.length - HEADER.length));
      bytes[at] ^= 1 << Math.floor(random() * 8);
      writeFileSync(path, bytes);
      const r = await readLog(path, { recover: true });
      // Damage, never a torn tail: a flipped length fails its own check.
      expect(r.damage?.kind, `byte ${at}`).toBe('damage');
      expect(r.torn).toBeUndefined();
      expect(r.ops).toEqual(ops.slice(0, r.ops.length));
      await expect(readLog(path)).rejects.toThrow(CorruptLogError);
    }
  });

  it('an appender continues a version-3 log in version 3, and a new one on request', async () => {
    const { mem } = memory();
    const ops: Operation[] = mem.log();
    const path = join(dir, 'append.log');
    await writeLog(path, ops.slice(0, 100), { format: 3 });
    const appender = await openLogAppender(path);
    for (const op of ops.slice(100)) appender.append(op);
    await appender.close();
    const r = await readLog(path);
    expect(r.format).toBe(3);
    expect(r.ops).toEqual(ops);
    const fresh = join(dir, 'fresh.log');
    const second = await openLogAppender(fresh, { format: 3 });
    for (const op of ops.slice(0, 10)) second.append(op);
    await second.close();
    expect((await readLog(fresh)).format).toBe(3);
    expect((await readLog(fresh)).ops).toEqual(ops.slice(0, 10));
    // A version-2 log stays version 2 whatever is asked.
    const v2 = join(dir, 'stay2.jsonl');
    await writeLog(v2, ops.slice(0, 5), { format: 2 });
    const third = await openLogAppender(v2, { format: 3 });
    third.append(ops[5]);
    await third.close();
    expect((await readLog(v2)).format).toBe(2);
    expect((await readLog(v2)).ops).toEqual(ops.slice(0, 6));
  });

  it('is written on request; the default for a new log is its successor, format 4 (the same frames behind a base and a commit block)', async () => {
    const { mem } = memory();
    const ops: Operation[] = mem.log().slice(0, 20);
    expect(LOG_FORMAT_VERSION).toBe(4);
    expect(LOG_HEADER).toBe('{"palimpsest":"log","version":4,"base":0}');
    const written = join(dir, 'default.log');
    await writeLog(written, ops);
    expect(readFileSync(written).subarray(0, LOG_HEADER.length + 1).toString()).toBe(`${LOG_HEADER}\n`);
    expect(await readLog(written)).toEqual({ ops, format: 4, base: 0 });
    const explicit = join(dir, 'explicit.log');
    await writeLog(explicit, ops, { format: 3 });
    expect(readFileSync(explicit).subarray(0, HEADER.length).toString()).toBe(HEADER);
    expect(await readLog(explicit)).toEqual({ ops, format: 3 });
    // Format 4 is format 3's frames (their chain seeded from its own header) behind a longer header and the 24-byte commit block.
    expect(readFileSync(written).length - readFileSync(explicit).length).toBe(LOG_HEADER.length - HEADER.length + 1 + 24);
    const text = join(dir, 'text.jsonl');
    await writeLog(text, ops, { format: 2 });
    expect(readFileSync(text, 'utf8').startsWith('{"palimpsest":"log","version":2}\n')).toBe(true);
    expect(await readLog(text)).toEqual({ ops, format: 2 });
    // An appender on a missing or empty file writes the version-4 header; the bytes are writeLog's.
    for (const name of ['new.log', 'empty.log']) {
      const path = join(dir, name);
      if (name === 'empty.log') writeFileSync(path, '');
      const appender = await openLogAppender(path);
      for (const op of ops) appender.append(op);
      await appender.close();
      expect(readFileSync(path).equals(readFileSync(written)), name).toBe(true);
    }
    const asked = join(dir, 'asked2.jsonl');
    const appender = await openLogAppender(asked, { format: 2 });
    for (const op of ops) appender.append(op);
    await appender.close();
    expect(readFileSync(asked).equals(readFileSync(text))).toBe(true);
    // An existing version-2 log is continued as version 2 by a default appender.
    const more = await openLogAppender(text);
    more.append(ops[0]);
    await more.close();
    expect(await readLog(text)).toEqual({ ops: [...ops, ops[0]], format: 2 });
  });

  it('refuses a bad format option by name', async () => {
    await expect(writeLog(join(dir, 'x.log'), [], { format: 5 as 3 })).rejects.toThrow(/^writeLog: format must be 2, 3 or 4, got 5/);
    await expect(openLogAppender(join(dir, 'y.log'), { format: 1 as 3 })).rejects.toThrow(/^openLogAppender: format must be 2, 3 or 4, got 1/);
    await expect(writeLog(join(dir, 'x.log'), [], { format: 3, base: 2 })).rejects.toThrow(/^writeLog: base needs format 4/);
    await expect(writeLog(join(dir, 'x.log'), [], { base: -1 })).rejects.toThrow(/^writeLog: base must be a whole number/);
  });
});
