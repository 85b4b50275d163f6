import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the TypeScript sources, so no build is needed between an edit and a test run.
    alias: [
      { find: /^@palimpsest\/core\/communities$/, replacement: here('./packages/core/src/communities.ts') },
      { find: /^@palimpsest\/core\/internal$/, replacement: here('./packages/core/src/internal.ts') },
      { find: /^@palimpsest\/core$/, replacement: here('./packages/core/src/index.ts') },
      { find: /^@palimpsest\/persist\/node$/, replacement: here('./packages/persist/src/node.ts') },
      { find: /^@palimpsest\/persist$/, replacement: here('./packages/persist/src/index.ts') },
      { find: /^@palimpsest\/openai$/, replacement: here('./packages/openai/src/index.ts') },
      { find: /^@palimpsest\/datasets$/, replacement: here('./datasets/src/index.ts') },
      { find: /^@palimpsest\/progress$/, replacement: here('./packages/progress/src/index.ts') },
      { find: /^@palimpsest\/model-flags$/, replacement: here('./packages/model-flags/src/index.ts') },
      { find: /^@palimpsest\/cli$/, replacement: here('./packages/cli/src/index.ts') },
      { find: /^@palimpsest\/langgraph$/, replacement: here('./packages/langgraph/src/index.ts') },
      { find: /^@palimpsest\/ai-sdk$/, replacement: here('./packages/ai-sdk/src/index.ts') },
      { find: /^@palimpsest\/mcp\/tools$/, replacement: here('./packages/mcp/src/tools.ts') },
      { find: /^@palimpsest\/mcp$/, replacement: here('./packages/mcp/src/index.ts') },
    ],
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'datasets/test/**/*.test.ts', 'examples/**/*.test.ts', 'test/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
