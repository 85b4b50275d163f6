/**
 * Measures two English NLP libraries the extractor could lean on for clauses, tense, negation and names —
 * compromise and wink-nlp (with its lite web model) — against the extractor's own budget: bundle bytes
 * (esbuild, minified, browser, gzip) and microseconds per LoCoMo turn (median and p90 over every turn of the
 * 10 conversations, after a warm-up round), for parsing alone and for parsing plus the reads the extractor
 * would need (sentences, people, verbs with tense and negation). The libraries are not dependencies of the
 * project; install them beside it first:
 *
 *   npm i --prefix /tmp/nlp compromise wink-nlp wink-eng-lite-web-model esbuild
 *   node packages/core/perf/nlp-libraries.mjs /tmp/nlp [rounds=3]
 *
 * Prints measurements only; wall-clock times on whatever machine runs it.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const prefix = process.argv[2];
if (prefix === undefined) throw new Error('usage: node packages/core/perf/nlp-libraries.mjs <folder where the libraries are installed> [rounds]');
const rounds = Number(process.argv[3] ?? 3);
const require = createRequire(join(prefix, 'node_modules', 'x.js'));
const esbuild = require('esbuild');

const here = fileURLToPath(new URL('.', import.meta.url));
const locomo = JSON.parse(gunzipSync(readFileSync(join(here, '../../../../shared/datasets/locomo/locomo10.json.gz'))).toString('utf8'));
const turns = [];
for (const c of locomo) for (const [k, v] of Object.entries(c.conversation)) if (/^session_\d+$/.test(k)) for (const t of v) turns.push(t.text);

async function gzBytes(entry) {
  const r = await esbuild.build({ stdin: { contents: entry, resolveDir: prefix, loader: 'js' }, bundle: true, minify: true, platform: 'browser', format: 'esm', write: false, nodePaths: [join(prefix, 'node_modules')] });
  return gzipSync(r.outputFiles[0].contents, { level: 9 }).length;
}

function perTurn(label, fn) {
  const us = [];
  for (let r = 0; r <= rounds; r++) {
    for (const text of turns) {
      const t0 = performance.now();
      fn(text);
      const t1 = performance.now();
      if (r > 0) us.push(1000 * (t1 - t0));
    }
  }
  us.sort((a, b) => a - b);
  const q = (p) => us[Math.min(us.length - 1, Math.floor(p * us.length))].toFixed(1);
  console.log(`${label}: median ${q(0.5)} µs, p90 ${q(0.9)} µs per turn (${us.length} turn parses)`);
}

const nlp = require('compromise');
const winkNLP = require('wink-nlp');
const model = require('wink-eng-lite-web-model');
const wink = winkNLP(model);
const its = wink.its;

console.log(`${turns.length} LoCoMo turns, ${rounds} timed rounds after one warm-up`);
console.log(`compromise bundle: ${((await gzBytes("import nlp from 'compromise'; globalThis.x = nlp('I left Acme.').json();")) / 1024).toFixed(1)} KiB gz`);
console.log(`wink-nlp + lite web model bundle: ${((await gzBytes("import w from 'wink-nlp'; import m from 'wink-eng-lite-web-model'; globalThis.x = w(m).readDoc('I left Acme.').out();")) / 1024).toFixed(1)} KiB gz`);
perTurn('compromise parse', (t) => nlp(t));
perTurn('compromise parse + sentences, people, verbs (tense, negation)', (t) => {
  const d = nlp(t);
  d.sentences().out('array');
  d.people().out('array');
  d.verbs().json();
});
perTurn('wink-nlp parse', (t) => wink.readDoc(t));
perTurn('wink-nlp parse + sentences, entities, part of speech, negation', (t) => {
  const d = wink.readDoc(t);
  d.sentences().out();
  d.entities().out(its.detail);
  d.tokens().out(its.pos);
  d.tokens().out(its.negationFlag);
});
