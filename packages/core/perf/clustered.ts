import { mulberry32 } from '../src/util/random.js';

/**
 * Seeded clustered vectors for HNSW checks and benchmarks: centres drawn from a gaussian, points = centre +
 * gaussian noise (realistic, not uniform). With `magnitudes`, each point also gets a random length in
 * [0.5, 1.5), so 'dot' ranks differently from 'cosine'.
 */
export function clustered(n: number, dim: number, clusters: number, seed: number, spread = 0.35, magnitudes = false): Float32Array {
  const rand = mulberry32(seed);
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const centres = new Float32Array(clusters * dim);
  for (let i = 0; i < centres.length; i++) centres[i] = gauss();
  const out = new Float32Array(n * dim);
  for (let r = 0; r < n; r++) {
    const c = Math.floor(rand() * clusters);
    const mag = magnitudes ? 0.5 + rand() : 1;
    for (let d = 0; d < dim; d++) out[r * dim + d] = mag * (centres[c * dim + d]! + spread * gauss());
  }
  return out;
}
