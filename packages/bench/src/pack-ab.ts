#!/usr/bin/env node
/**
 * packContext A/B in one process (issue 9): `--base` (another build's core `dist/index.js`) against this
 * workspace's core on inputs shaped like a LongMemEval_S dev recall's (a fact, then sessions and their first
 * turns as episodes, budget 1,024 tokens), alternating which build goes first each round. Prints the CPU
 * median per call per side and whether every packed context is identical.
 *
 *   node packages/bench/dist/pack-ab.js --base /path/to/core/dist/index.js [--limit 46] [--rounds 30]
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import * as here from '@palimpsest/core';
import { loadLongMemEval } from '@palimpsest/datasets';
import { quantileSorted } from './stats.js';

type Pack = typeof here.packContext;
type Input = Parameters<Pack>[0];

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

async function main(): Promise<void> {
  const basePath = arg('base', '');
  if (basePath === '') throw new here.InvalidArgumentError('pack-ab: usage: pack-ab.js --base /path/to/core/dist/index.js [--limit N] [--rounds R]');
  const base = (await import(pathToFileURL(basePath).href)) as typeof here;
  const rounds = Number(arg('rounds', '30'));
  const questions = (await loadLongMemEval('s', { split: 'dev' })).filter((q) => !q.abstention).slice(0, Number(arg('limit', '46')));
  const inputs: Input[] = questions.map((q) => {
    const episodes: Input['episodes'][number][] = [];
    q.sessions.forEach((s, si) => {
      if (si % 5 !== 0) return;
      episodes.push({ id: s.id, text: s.turns.map((x) => `${x.role}: ${x.content}`).join('\n'), at: s.date, score: 1 / (si + 1) });
      s.turns.slice(0, 2).forEach((t, i) => episodes.push({ id: `${s.id}_${i + 1}`, text: t.content, at: s.date + (i + 1) * 1000, score: 1 / (si + 2 + i) }));
    });
    return { facts: [{ text: 'the user likes hiking', score: 1 }], episodes: episodes.slice(0, 20), tokenBudget: 1024 };
  });
  let same = 0;
  for (const input of inputs) if (JSON.stringify(base.packContext(input)) === JSON.stringify(here.packContext(input))) same++;
  const sides: Array<{ label: string; pack: Pack; cpu: number[] }> = [
    { label: 'base', pack: base.packContext, cpu: [] },
    { label: 'this', pack: here.packContext, cpu: [] },
  ];
  for (let r = 0; r < rounds; r++) {
    for (const side of r % 2 === 0 ? sides : [sides[1]!, sides[0]!]) {
      const c0 = process.cpuUsage();
      for (const input of inputs) side.pack(input);
      const c = process.cpuUsage(c0);
      side.cpu.push((c.user + c.system) / 1000 / inputs.length);
    }
  }
  console.log(`pack A/B on ${inputs.length} LongMemEval dev inputs, ${rounds} rounds; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  for (const s of sides) console.log(`${s.label.padEnd(5)} CPU per packContext median ${quantileSorted(Float64Array.from(s.cpu).sort(), 0.5).toFixed(3)} ms`);
  console.log(`packed contexts identical on both builds: ${same} of ${inputs.length}`);
}

await main();
