/** The browser entry bundles for a browser with no Node built-ins, and the bundle decodes the Node-written fixture. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

describe('@palimpsest/persist browser entry', () => {
  it('bundles for platform "browser" without a single Node built-in', async () => {
    const result = await build({
      entryPoints: [here('../src/index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      alias: { '@palimpsest/core/internal': here('../../core/src/internal.ts'), '@palimpsest/core': here('../../core/src/index.ts') },
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((p) => p.includes('persist/src/node.ts'))).toBe(false);
    expect(inputs.filter((p) => p.startsWith('node:') || /^(fs|path|zlib|os|crypto)$/.test(p))).toEqual([]);
    // The bundle, run as a module, reads the snapshot that Node wrote.
    const code = result.outputFiles[0]!.text;
    const mod = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as typeof import('../src/index.js');
    const mem = mod.decodeSnapshot(new Uint8Array(readFileSync(here('./fixtures/small.plmp'))));
    expect(mem.facts({ subject: 'Pro plan', predicate: 'price', validAt: '2024-03-05', knownAt: '2024-03-05' }).map((f) => f.object)).toEqual([{ value: 40 }]);
    expect(mem.facts({ subject: 'Pro plan', predicate: 'price', validAt: '2024-03-05', knownAt: '2024-12-31' }).map((f) => f.object)).toEqual([{ value: 50 }]);
  });
});
