/**
 * Where a CPU profile's time went: each function's inclusive time (itself and what it called, counted once
 * per sample even when recursive) and self time, the largest first. For a perf script run as
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof node_modules/vite-node/vite-node.mjs --config vitest.config.ts packages/mcp/perf/forget-perf.ts
 *   node packages/mcp/perf/profile-summary.mjs /tmp/prof/CPU.*.cpuprofile [ROWS]
 */
import { readFileSync } from 'node:fs';

const [file, rows = '40'] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: node profile-summary.mjs FILE.cpuprofile [ROWS]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;

// microseconds sampled in each node
const sampled = new Map();
profile.samples.forEach((id, i) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const inclusive = new Map();
const self = new Map();
for (const [id, us] of sampled) {
  self.set(label(byId.get(id)), (self.get(label(byId.get(id))) ?? 0) + us);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const l = label(byId.get(at));
    if (seen.has(l)) continue;
    seen.add(l);
    inclusive.set(l, (inclusive.get(l) ?? 0) + us);
  }
}
const top = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(rows)).map(([l, us]) => `${(us / 1000).toFixed(0).padStart(8)} ms  ${l}`).join('\n');
console.log(`inclusive\n${top(inclusive)}\n\nself\n${top(self)}`);
