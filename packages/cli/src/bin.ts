#!/usr/bin/env node
import { main } from './main.js';

// A reader that stops early (`palimpsest facts F | head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

main(process.argv.slice(2), { out: (t) => process.stdout.write(t + '\n'), err: (t) => process.stderr.write(t + '\n'), stderr: process.stderr }).then(
  (code) => {
    process.exitCode = code;
  },
);
