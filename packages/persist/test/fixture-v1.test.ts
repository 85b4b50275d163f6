/**
 * A snapshot written before the log became binary records (state format 1: the log as JSON lines), by the
 * code of main at 561fbdd (fixtures/small-v1.plmp is the small.plmp that build wrote byte for byte, as
 * fixture.test.ts then checked). It must load, from bytes and from the file, to the reads the current
 * fixture gives (fixtures/small.expected.json, the log included), and keep working after a write.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeSnapshot, decodeState, encodeSnapshot } from '@palimpsest/persist';
import { loadSnapshot } from '@palimpsest/persist/node';
import { FIXTURE_NOW, fixtureReads } from './fixtures/build.js';

const bytesPath = fileURLToPath(new URL('./fixtures/small-v1.plmp', import.meta.url));
const expectedPath = fileURLToPath(new URL('./fixtures/small.expected.json', import.meta.url));
const now = () => FIXTURE_NOW;

describe('a version-1 snapshot (JSON-lines log)', () => {
  it('is state format 1 with a JSON-lines log', () => {
    const state = decodeState(readFileSync(bytesPath));
    expect(state.formatVersion).toBe(1);
    const text = new TextDecoder().decode(state.columns['log.bytes'] as Uint8Array);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n').length - 1).toBe((state.columns['log.ends'] as Uint32Array).length);
  });

  it('loads to the same reads as the current fixture, from bytes and from the file', async () => {
    const expected: unknown = JSON.parse(readFileSync(expectedPath, 'utf8'));
    expect(fixtureReads(decodeSnapshot(readFileSync(bytesPath), { now }))).toEqual(expected);
    expect(fixtureReads(await loadSnapshot(bytesPath, { now }))).toEqual(expected);
  });

  it('takes new writes and saves as the current format, which loads back the same', () => {
    const mem = decodeSnapshot(readFileSync(bytesPath), { now });
    mem.assert({ subject: 'Alice', predicate: 'likes', object: 'Pro plan', recordedAt: FIXTURE_NOW });
    mem.retract({ subject: 'Alice', predicate: 'likes', recordedAt: FIXTURE_NOW });
    const again = decodeSnapshot(encodeSnapshot(mem), { now });
    expect(decodeState(encodeSnapshot(mem)).formatVersion).toBe(3);
    expect(again.log()).toEqual(mem.log());
    expect(again.log().slice(-2).map((op) => op.type)).toEqual(['assert', 'retract']);
    expect(again.facts({ validAt: FIXTURE_NOW, knownAt: FIXTURE_NOW })).toEqual(mem.facts({ validAt: FIXTURE_NOW, knownAt: FIXTURE_NOW }));
  });
});
