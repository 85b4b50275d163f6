/**
 * The inspector's bundle: built through the same guard as core's (a Node built-in anywhere in its import
 * graph fails the build), self-contained (no import left for the browser to resolve), and under the
 * inspector's own size budget (INSPECTOR_GZ_BUDGET in build.mjs; core's budget is separate).
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script without declarations
import * as builder from '../build.mjs';

const { buildInspector, INSPECTOR_GZ_BUDGET } = builder as {
  buildInspector: (o?: { minify?: boolean }) => Promise<{ js: string; map: string; gz: number }>;
  INSPECTOR_GZ_BUDGET: number;
};

describe('the inspector bundle', () => {
  it(`builds for the browser, self-contained, under ${INSPECTOR_GZ_BUDGET / 1024} KiB minified + gzipped`, async () => {
    const { js, gz } = await buildInspector();
    expect(js.length).toBeGreaterThan(10_000);
    expect(js).not.toMatch(/\bimport\s*[\w{*][^;]*?from\s*["']/); // nothing left to resolve at run time
    expect(gz).toBeLessThan(INSPECTOR_GZ_BUDGET);
  });
});
