#!/usr/bin/env node
// The `palimpsest` command. Committed (and executable) so npm links it at install time, before the
// TypeScript build has written dist/; the command itself is dist/bin.js (`npm run build`).
import('../dist/bin.js').catch((e) => {
  if (e?.code === 'ERR_MODULE_NOT_FOUND' && String(e.message).includes('dist/bin.js')) {
    process.stderr.write('palimpsest: not built yet; run `npm run build` in the palimpsest repository first\n');
    process.exit(1);
  }
  throw e;
});
