import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InvalidArgumentError } from '@palimpsest/core';
import { useLiteEmbedder, useLiteId } from '../src/index.js';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * (b[i] as number), 0);

describe('useLiteEmbedder', () => {
  // Offline: any network call during loading or embedding fails the test.
  beforeAll(() => {
    vi.stubGlobal('fetch', () => {
      throw new Error('network access attempted');
    });
  });
  afterAll(() => vi.unstubAllGlobals());

  const embedder = useLiteEmbedder();

  it('loads from the installed weight package and gives unit-length vectors of the declared size', async () => {
    expect(embedder.id).toBe(useLiteId(128));
    expect(embedder.dimensions).toBe(512);
    const [v] = await embedder.embed(['The cat sat on the mat.']);
    expect(v).toBeInstanceOf(Float32Array);
    expect(v?.length).toBe(512);
    expect(Math.sqrt(dot(v as Float32Array, v as Float32Array))).toBeCloseTo(1, 5);
  });

  it('scores paraphrases above unrelated sentences', async () => {
    const [a, b, c, d] = await embedder.embed([
      'I adopted a puppy last week.',
      'We got a new dog a few days ago.',
      'The quarterly tax report is due on Friday.',
      'My flight to Tokyo was delayed by three hours.',
    ]);
    const same = dot(a as Float32Array, b as Float32Array);
    expect(same).toBeGreaterThan(dot(a as Float32Array, c as Float32Array));
    expect(same).toBeGreaterThan(dot(a as Float32Array, d as Float32Array));
    expect(same).toBeGreaterThan(dot(b as Float32Array, c as Float32Array));
  });

  it('is deterministic: the same text gives the same bits, across calls and instances', async () => {
    const text = 'Caroline went to the LGBTQ support group on 7 May 2023.';
    const [x] = await embedder.embed([text]);
    const [y] = await embedder.embed([text]);
    const [z] = await useLiteEmbedder().embed([text]);
    expect(Array.from(y as Float32Array)).toEqual(Array.from(x as Float32Array));
    expect(Array.from(z as Float32Array)).toEqual(Array.from(x as Float32Array));
  });

  it('gives the same vectors for a batch as for its texts one by one, in input order', async () => {
    const texts = ['short', 'a somewhat longer sentence about gardening and tomatoes', '', 'Melanie: I ran a charity race for mental health last Saturday!'];
    const batch = await useLiteEmbedder({ batchSize: 3 }).embed(texts);
    expect(batch).toHaveLength(texts.length);
    for (let i = 0; i < texts.length; i++) {
      const [one] = await embedder.embed([texts[i] as string]);
      const diff = Math.max(...Array.from(one as Float32Array, (x, j) => Math.abs(x - ((batch[i] as Float32Array)[j] as number))));
      expect(diff).toBeLessThan(1e-5);
    }
  });

  it('cuts texts at maxTokens, and names the cut in its id', async () => {
    const short = useLiteEmbedder({ maxTokens: 4 });
    expect(short.id).toBe(useLiteId(4));
    const [a, b] = await short.embed(['one two three four five six', 'one two three four seven eight nine']);
    expect(dot(a as Float32Array, b as Float32Array)).toBeCloseTo(1, 5);
  });

  it('answers an empty list with an empty list', async () => {
    expect(await embedder.embed([])).toEqual([]);
  });

  it('refuses bad arguments with a named error that starts with the call', async () => {
    expect(() => useLiteEmbedder({ batchSize: 0 })).toThrow(InvalidArgumentError);
    expect(() => useLiteEmbedder({ maxTokens: 1.5 })).toThrow(/^useLiteEmbedder: maxTokens/);
    expect(() => useLiteEmbedder({ backend: 'webgl' as 'wasm' })).toThrow(/^useLiteEmbedder: backend/);
    await expect(embedder.embed('text' as unknown as string[])).rejects.toThrow(InvalidArgumentError);
    await expect(embedder.embed(['ok', 3 as unknown as string])).rejects.toThrow(/^UseLiteEmbedder\.embed: texts\[1\]/);
  });
});
