/**
 * The committed fixture (fixtures/small.plmp, written by Node) for the browser test, and its expected reads
 * (fixtures/small.expected.json). Fails when the format or the engine's state drifts from the committed
 * bytes: regenerate with PALIMPSEST_WRITE_FIXTURE=1 (see fixtures/build.ts) and commit both files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';
import { loadSnapshot } from '@palimpsest/persist/node';
import { buildFixtureMemory, FIXTURE_NOW, fixtureReads } from './fixtures/build.js';

const bytesPath = fileURLToPath(new URL('./fixtures/small.plmp', import.meta.url));
/** The fixture as state format 2 wrote it (an episode's log record held its text): still read alike. */
const v2Path = fileURLToPath(new URL('./fixtures/small-v2.plmp', import.meta.url));
/** The fixture as written before snapshots kept recall's episode indexes: they are rebuilt on load. */
const noIndexesPath = fileURLToPath(new URL('./fixtures/small-no-indexes.plmp', import.meta.url));
const expectedPath = fileURLToPath(new URL('./fixtures/small.expected.json', import.meta.url));
const now = () => FIXTURE_NOW;

describe('the committed snapshot fixture', () => {
  it.runIf(process.env.PALIMPSEST_WRITE_FIXTURE === '1')('is (re)written on request', () => {
    const mem = buildFixtureMemory();
    writeFileSync(bytesPath, encodeSnapshot(mem));
    writeFileSync(expectedPath, JSON.stringify(fixtureReads(mem), null, 1) + '\n');
  });

  it('is exactly what this build writes for the fixture memory', () => {
    const committed = readFileSync(bytesPath);
    expect(Buffer.from(encodeSnapshot(buildFixtureMemory())).equals(committed)).toBe(true);
  });

  it('decodes to the committed expected reads, from bytes and from the file', async () => {
    const expected: unknown = JSON.parse(readFileSync(expectedPath, 'utf8'));
    expect(fixtureReads(decodeSnapshot(readFileSync(bytesPath), { now }))).toEqual(expected);
    expect(fixtureReads(await loadSnapshot(bytesPath, { now }))).toEqual(expected);
    expect(fixtureReads(buildFixtureMemory())).toEqual(expected);
  });

  it('written by state format 2 (episode text in the log too), decodes to the same reads and log', () => {
    const expected: unknown = JSON.parse(readFileSync(expectedPath, 'utf8'));
    const old = decodeSnapshot(readFileSync(v2Path), { now });
    expect(fixtureReads(old)).toEqual(expected);
    expect(old.log()).toEqual(buildFixtureMemory().log());
  });

  it("written before snapshots kept recall's indexes, decodes to the same reads, and recalls as the live memory", () => {
    const expected: unknown = JSON.parse(readFileSync(expectedPath, 'utf8'));
    const old = decodeSnapshot(readFileSync(noIndexesPath), { now });
    const live = buildFixtureMemory();
    expect(fixtureReads(old)).toEqual(expected);
    expect(old.log()).toEqual(live.log());
    for (const q of ['Where does Alice live?', 'What happened last week?', 'tea']) expect(old.recall(q, { k: 10 })).toEqual(live.recall(q, { k: 10 }));
    // saved again, it keeps the indexes it rebuilt: the bytes this build writes
    expect(Buffer.from(encodeSnapshot(old)).equals(readFileSync(bytesPath))).toBe(true);
  });
});
