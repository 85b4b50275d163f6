/** Bundles a test's child-process script from the TypeScript sources, so the process tests never need a build. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Writes `entry` (a file beside this one), bundled for Node with the workspace packages' sources, to `outfile`. */
export async function bundleChild(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [join(root, 'packages/persist/test', entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'error',
    alias: {
      '@palimpsest/core/internal': join(root, 'packages/core/src/internal.ts'),
      '@palimpsest/core': join(root, 'packages/core/src/index.ts'),
      '@palimpsest/persist/node': join(root, 'packages/persist/src/node.ts'),
      '@palimpsest/persist': join(root, 'packages/persist/src/index.ts'),
    },
  });
}
