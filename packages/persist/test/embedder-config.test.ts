import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbedderMismatchError, HashEmbedder, InvalidArgumentError, MemoryGraph, NotFoundError, ingestTranscript } from '@palimpsest/core';
import type { Embedder } from '@palimpsest/core';
import { decodeSnapshot, encodeSnapshot } from '@palimpsest/persist';
import { loadSnapshot, readTranscript, saveSnapshot } from '@palimpsest/persist/node';

const dir = mkdtempSync(join(tmpdir(), 'palimpsest-embedder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const JAN1 = Date.UTC(2024, 0, 1);

/** A model stand-in: HashEmbedder vectors under another id, answered asynchronously. */
function model(id: string): Embedder {
  const inner = new HashEmbedder({ dimensions: 16 });
  return { id, dimensions: 16, embed: async (texts) => inner.embed(texts) };
}

function memory(): MemoryGraph {
  let t = JAN1;
  const mem = new MemoryGraph({ now: () => ++t, embedder: model('model-a') });
  mem.episode({ id: 'e1', text: 'Alice moved to Lisbon', at: JAN1, vector: new HashEmbedder({ dimensions: 16 }).embedText('Alice moved to Lisbon') });
  mem.assert({ subject: 'Alice', predicate: 'lives_in', object: 'Lisbon', validFrom: JAN1 });
  return mem;
}

describe('snapshots keep the embedder id', () => {
  it('decodeSnapshot with the same embedder gives the same bytes back; another is refused by name', () => {
    const bytes = encodeSnapshot(memory());
    const again = decodeSnapshot(bytes, { embedder: model('model-a') });
    expect(again.embedderConfig).toEqual({ id: 'model-a', dimensions: 16 });
    expect(encodeSnapshot(again)).toEqual(bytes);
    const open = () => decodeSnapshot(bytes, { embedder: model('model-b') });
    expect(open).toThrow(EmbedderMismatchError);
    expect(open).toThrow(/^decodeSnapshot: MemoryGraph\.fromState: this memory's vectors come from embedder "model-a" \(16 dimensions\), not from the embedder given, "model-b"/);
    expect(() => decodeSnapshot(bytes, { embedder: { dimensions: 16 } as unknown as Embedder })).toThrow(InvalidArgumentError);
  });

  it('without the embedder the snapshot opens for reads and keeps its configuration', () => {
    const bytes = encodeSnapshot(memory());
    const bare = decodeSnapshot(bytes);
    expect(bare.facts({ validAt: JAN1 + 5, knownAt: JAN1 + 5 })).toHaveLength(1);
    expect(encodeSnapshot(bare)).toEqual(bytes);
    expect(() => bare.recall('Lisbon')).toThrow(EmbedderMismatchError);
  });

  it('a snapshot without an embedder id (as before) is the built-in embedder: a model is refused', () => {
    let t = JAN1;
    const old = new MemoryGraph({ now: () => ++t });
    old.assert({ subject: 'Alice', predicate: 'lives_in', object: 'Lisbon' });
    const bytes = encodeSnapshot(old);
    expect(decodeSnapshot(bytes, { embedder: new HashEmbedder() }).recall('Alice').facts).toHaveLength(1);
    expect(() => decodeSnapshot(bytes, { embedder: model('model-a') })).toThrow(/embedder "hash-ngram-v1:d=256,u=1,b=0\.5,t=0\.25" \(256 dimensions\)/);
  });

  it('loadSnapshot takes { embedder } (typed) and refuses another', async () => {
    const path = join(dir, 'm.plmp');
    await saveSnapshot(path, memory());
    const loaded = await loadSnapshot(path, { embedder: model('model-a') });
    const r = await loaded.recallAsync('Where does Alice live?', { validAt: JAN1 + 9, knownAt: JAN1 + 9 });
    expect(r.facts.map((f) => f.predicate)).toContain('lives_in');
    await expect(loadSnapshot(path, { embedder: model('model-b') })).rejects.toThrow(EmbedderMismatchError);
  });
});

describe('readTranscript', () => {
  it('reads JSONL turns that ingestTranscript puts in time order', async () => {
    const path = join(dir, 't.jsonl');
    writeFileSync(
      path,
      [
        { speaker: 'Bob', text: 'Sure, see you there.', at: '2024-01-01T10:05:00Z' },
        { speaker: 'Alice', text: 'Lunch at Noma on Friday?', at: '2024-01-01T10:00:00Z' },
      ]
        .map((x) => JSON.stringify(x))
        .join('\n') + '\n\n',
    );
    const turns = await readTranscript(path);
    expect(turns).toHaveLength(2);
    let t = Date.UTC(2024, 5, 1);
    const mem = new MemoryGraph({ now: () => ++t });
    const out = await ingestTranscript(mem, turns);
    expect(out.order.reordered).toBe(true);
    expect(mem.log().flatMap((op) => (op.type === 'episode' ? [op.id] : []))).toEqual(['T2', 'T1']);
    writeFileSync(path, '{"speaker":"A","text":"x","at":0}\n[1]\n');
    await expect(readTranscript(path)).rejects.toThrow(/^readTranscript: .*t\.jsonl:2 is not a JSON object/);
    await expect(readTranscript(join(dir, 'none.jsonl'))).rejects.toThrow(NotFoundError);
  });
});
