/**
 * Writes a run's report.md, report.json and SVG charts into one folder, `<root>/<ISO timestamp>/` unless a
 * folder is given. Returns the folder and the files written.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidArgumentError } from '@palimpsest/core';
import type { BenchReport, QualityRow, WorkloadResult } from './types.js';
import { groupedBarChart, latencyChart, SystemColors, type BarSeries } from './svg.js';

export interface WrittenReport {
  dir: string;
  files: string[];
}

/** A folder name from a time: ISO-8601 with ':' and '.' replaced, so it is valid on every file system. */
export function timestampFolder(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function fmtMs(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (x >= 100) return x.toFixed(0);
  if (x >= 1) return x.toFixed(2);
  return x.toPrecision(3);
}

function fmtNum(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Math.abs(x) >= 1000) return Math.round(x).toLocaleString('en-US');
  return Number.isInteger(x) ? String(x) : x.toPrecision(4);
}

/** A Markdown table cell: pipes escaped, line breaks flattened. */
const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const mb = (b: number): string => (b / 2 ** 20).toFixed(1);

/** JSON with Infinity/NaN written as strings (JSON has no such numbers). */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v), 2);
}

function workloadTable(rows: readonly WorkloadResult[]): string[] {
  const out = [
    '| # | workload | system | n | p50 ms | p95 ms | p99 ms | throughput | throughput unit | peak RSS MB | peak heap MB | notes |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const w of rows) {
    const l = w.latency;
    const extra = w.extra ? Object.entries(w.extra).map(([k, v]) => `${k}: ${typeof v === 'number' ? fmtNum(v) : String(v)}`).join('; ') : '';
    out.push(
      `| ${cell(w.workload)} | ${cell(w.name)} | ${cell(w.system)} | ${l ? l.n : ''} | ${l ? fmtMs(l.p50) : ''} | ${l ? fmtMs(l.p95) : ''} | ${l ? fmtMs(l.p99) : ''} | ` +
        `${w.throughput !== undefined ? fmtNum(w.throughput) : ''} | ${w.throughput !== undefined ? `${w.unit ?? 'op'}/s` : ''} | ` +
        `${w.memory ? mb(w.memory.peakRss) : ''} | ${w.memory ? mb(w.memory.peakHeapUsed) : ''} | ${cell(extra)} |`,
    );
  }
  return out;
}

/** Quality rows grouped by dataset and metric: one chart and one table each. */
function qualityGroups(rows: readonly QualityRow[]): Map<string, QualityRow[]> {
  const m = new Map<string, QualityRow[]>();
  for (const r of rows) {
    const key = `${r.dataset} — ${r.metric}`;
    let g = m.get(key);
    if (g === undefined) m.set(key, (g = []));
    g.push(r);
  }
  return m;
}

export function writeReport(report: BenchReport, dir: string): WrittenReport {
  if (dir.length === 0) throw new InvalidArgumentError('writeReport: dir is empty');
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  const put = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    files.push(join(dir, name));
  };

  const md: string[] = [];
  md.push(`# ${report.title}`, '');
  md.push(`Run ${report.startedAt} → ${report.finishedAt}${report.suite ? `: ${report.suite}` : report.quick ? ' (--quick)' : ''}.`, '');
  const e = report.environment;
  md.push('## Machine', '');
  md.push(`- ${e.cpuModel} × ${e.cpuCount}, ${(e.totalMemoryBytes / 2 ** 30).toFixed(1)} GiB RAM, ${e.os}`);
  md.push(`- Node ${e.node} (V8 ${e.v8})${e.gcExposed ? ', --expose-gc' : ''}`);
  md.push(`- git commit: ${e.gitCommit ?? '(none: not a repository or no commit yet)'}`);
  md.push(`- command: \`${e.command}\``);
  if (e.loadAverage) {
    const la = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' / ');
    md.push(`- load average (1 / 5 / 15 min) on ${e.cpuCount} cores: ${la(e.loadAverage.before)} at the start, ${la(e.loadAverage.after)} at the end`);
  }
  md.push('');
  md.push('## Data', '');
  md.push(`- ${report.datasets.note}`);
  for (const [name, sum] of Object.entries(report.datasets.checksums)) md.push(`- \`${name}\`: sha256 ${sum}`);
  md.push('');

  md.push('## Workloads', '');
  md.push('Latencies per operation in ms (percentiles by linear interpolation between closest ranks); throughput per second, in the unit of its own column; peak memory of the process while the workload ran, in MB (2^20 bytes).', '');
  md.push(...workloadTable(report.workloads), '');

  // One colour per system across every chart of the report.
  const colors = new SystemColors([...report.workloads.map((w) => w.system), ...report.quality.map((q) => q.system)]);
  const lat = report.workloads.filter((w) => w.latency !== undefined && w.latency.n > 1);
  if (lat.length > 0) {
    const svg = latencyChart(
      'Latency per operation',
      lat.map((w) => ({ label: `${w.name} — ${w.system}`, system: w.system, min: w.latency!.min, p50: w.latency!.p50, p95: w.latency!.p95, p99: w.latency!.p99 })),
      colors,
    );
    put('latency.svg', svg);
    md.push('![latency distributions](latency.svg)', '');
  }

  if (report.publishedLatency.length > 0) {
    md.push('Published search latencies (Mem0 paper, Table 2 — published, not re-run; a different setting: hosted services over the network):', '');
    md.push('| system | p50 s | p95 s | source |', '|---|---|---|---|');
    for (const p of report.publishedLatency) md.push(`| ${p.system} | ${(p.p50Ms / 1000).toFixed(3)} | ${(p.p95Ms / 1000).toFixed(3)} | ${p.source} |`);
    md.push('');
  }

  md.push('## Retrieval quality (test split)', '');
  const groups = qualityGroups(report.quality);
  if (groups.size === 0) md.push('No quality figures in this run.', '');
  for (const [key, rows] of groups) {
    md.push(`### ${key}`, '');
    // groups in first-seen order, the overall figure last
    const labels = [...new Set(rows.map((r) => r.group))].sort((a, b) => Number(a === 'all') - Number(b === 'all'));
    const systems = [...new Set(rows.map((r) => r.system))];
    const series: BarSeries[] = systems.map((s) => {
      const values: Record<string, number> = {};
      let published = false;
      for (const r of rows) if (r.system === s) {
        values[r.group] = r.value;
        published ||= r.published;
      }
      return { name: s, values, published };
    });
    const file = `quality-${slug(key)}.svg`;
    const metric = rows[0]!.metric;
    put(file, groupedBarChart(key, labels, series, { x: 'question group', y: metric }, colors));
    md.push(`![${key}](${file})`, '');
    md.push(`| group | ${systems.map(cell).join(' | ')} |`, `|---|${systems.map(() => '---|').join('')}`);
    for (const g of labels) {
      const cells = systems.map((s) => {
        const r = rows.find((x) => x.system === s && x.group === g);
        return r === undefined ? '' : `${r.value.toFixed(3)}${r.published ? ' (published)' : ` (n=${r.n})`}`;
      });
      md.push(`| ${cell(g)} | ${cells.join(' | ')} |`);
    }
    const notes = [...new Set(rows.filter((r) => r.note).map((r) => `${r.system}: ${r.note}`))];
    if (notes.length > 0) md.push('', ...notes.map((n) => `- ${n}`));
    md.push('');
  }

  if (report.notes.length > 0) md.push('## Notes', '', ...report.notes.map((n) => `- ${n}`), '');
  put('report.md', md.join('\n'));
  put('report.json', toJson(report));
  return { dir, files };
}
