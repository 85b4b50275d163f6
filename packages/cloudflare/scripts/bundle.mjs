/**
 * Bundles the Worker (dist/worker.js, from `tsc -b`) into one ES module, dist/worker.bundle.js, that workerd
 * runs as it is: what miniflare loads in the tests and what `wrangler deploy --no-bundle` could upload.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

export async function bundleWorker(outfile = here('../dist/worker.bundle.js')) {
  await build({
    entryPoints: [here('../dist/worker.js')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    external: ['cloudflare:*'],
    minify: false,
    sourcemap: false,
    logLevel: 'warning',
  });
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = await bundleWorker();
  process.stdout.write(`bundled ${out}\n`);
}
