import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { inspect } from 'node:util';

/** The README's usage example is run as written, and every `// →` comment must match what it prints. */
const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('README usage example', () => {
  it('runs and prints what its comments say', async () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const marker = readme.indexOf('<!-- readme-example');
    expect(marker).toBeGreaterThan(-1);
    const start = readme.indexOf('```ts\n', marker) + 6;
    const code = readme.slice(start, readme.indexOf('```', start));
    const expected = code
      .split('\n')
      .filter((line) => line.includes('// →'))
      .map((line) => line.split('// →')[1]!.trim());
    expect(expected.length).toBeGreaterThan(3);
    const dir = mkdtempSync(join(root, 'packages/core/test/.readme-'));
    const file = join(dir, 'example.ts');
    writeFileSync(file, code.replace("from '@palimpsest/core'", `from '${join(root, 'packages/core/src/index.ts')}'`));
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(args.map((a) => (typeof a === 'string' ? a : inspect(a))).join(' '));
    });
    try {
      await import(file);
    } finally {
      spy.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(printed).toEqual(expected);
  });
});
