import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeXml, groupedBarChart, latencyChart, SystemColors, textWidth } from '../src/report/svg.js';
import { timestampFolder, toJson, writeReport } from '../src/report/write.js';
import { environment, gitCommit } from '../src/report/env.js';
import { MemorySampler, withMemory } from '../src/memory.js';
import { summarize } from '../src/stats.js';
import type { BenchReport } from '../src/report/types.js';

/** Attribute values of every element of a kind whose class is `cls`. */
const attrs = (svg: string, cls: string, attr: string): string[] =>
  [...svg.matchAll(new RegExp(`<[a-z]+ class="${cls}"[^>]*? ${attr}="([^"]*)"`, 'g'))].map((m) => m[1]!);
const texts = (svg: string, cls: string): string[] => [...svg.matchAll(new RegExp(`class="${cls}"[^>]*>([^<]*)<`, 'g'))].map((m) => m[1]!);

describe('svg charts', () => {
  it('escape labels and draw one box per latency row, with its p50 written after it', () => {
    const svg = latencyChart('t', [
      { label: 'a<b>&c', min: 0.001, p50: 0.01, p95: 0.1, p99: 1 },
      { label: 'slow', min: 10, p50: 100, p95: 200, p99: 5000 },
    ]);
    expect(svg).toContain('a&lt;b&gt;&amp;c');
    expect(svg.match(/class="box"/g)).toHaveLength(2);
    expect(texts(svg, 'value')).toEqual(['p50 0.010', 'p50 100']);
    expect(svg).not.toMatch(/NaN|Infinity/);
    expect(() => latencyChart('t', [])).toThrow(/^latencyChart: /);
  });

  it('latency rows are coloured by system, the same system in one colour, with a legend and axis titles', () => {
    const colors = new SystemColors(['ours', 'peer']);
    const svg = latencyChart('t', [
      { label: 'read — ours', system: 'ours', min: 1, p50: 2, p95: 3, p99: 4 },
      { label: 'read — peer', system: 'peer', min: 1, p50: 2, p95: 3, p99: 4 },
      { label: 'write — ours', system: 'ours', min: 1, p50: 2, p95: 3, p99: 4 },
    ], colors);
    const fills = attrs(svg, 'box', 'fill');
    expect(fills).toEqual([colors.get('ours'), colors.get('peer'), colors.get('ours')]);
    expect(colors.get('ours')).not.toBe(colors.get('peer'));
    expect(texts(svg, 'legend')).toEqual(['ours', 'peer']);
    expect(texts(svg, 'axis-title')).toEqual(['operation — system', expect.stringMatching(/^milliseconds per operation/)]);
  });

  it('labels and titles are never clipped: the longest label and title fit inside the chart', () => {
    const long = 'LongMemEval_S recall — single-session-preference — palimpsest recall (activation)';
    const title = 'LongMemEval_S — session recall_all@10 by question type, test split, every system of this run';
    const svg = latencyChart(title, [{ label: long, min: 1, p50: 2, p95: 3, p99: 4 }]);
    const width = Number(/width="([\d.]+)"/.exec(svg)![1]);
    const labelX = Number(attrs(svg, 'label', 'x')[0]);
    expect(labelX - textWidth(long, 11)).toBeGreaterThanOrEqual(0); // end-anchored: room on its left
    expect(width).toBeGreaterThanOrEqual(textWidth(title, 14));
    const bars = groupedBarChart(title, ['single-session-preference', long], [{ name: 'ours', values: { [long]: 0.5 } }]);
    const barsWidth = Number(/width="([\d.]+)"/.exec(bars)![1]);
    const barsHeight = Number(/height="([\d.]+)"/.exec(bars)![1]);
    const transforms = attrs(bars, 'group', 'transform').map((t) => /translate\(([\d.]+),([\d.]+)\)/.exec(t)!.slice(1).map(Number));
    const [lx, ly] = transforms[1]!;
    expect(lx! + textWidth(long, 11) * Math.cos(Math.PI / 6)).toBeLessThanOrEqual(barsWidth);
    expect(ly! + textWidth(long, 11) * Math.sin(Math.PI / 6)).toBeLessThanOrEqual(barsHeight);
  });

  it('grouped bars: one bar per finite value with its value written on it, coloured by system, published hatched and labelled', () => {
    const colors = new SystemColors();
    const svg = groupedBarChart('q', ['g1', 'g2'], [
      { name: 'ours', values: { g1: 0.5, g2: 0.25 } },
      { name: 'paper', values: { g2: 0.6 }, published: true },
      { name: 'none', values: { g1: NaN } },
    ], { y: 'evidence recall@10' }, colors);
    expect(svg.match(/class="bar"/g)).toHaveLength(3);
    expect(attrs(svg, 'bar', 'fill')).toEqual([colors.get('ours'), colors.get('ours'), colors.get('paper')]);
    expect(texts(svg, 'value')).toEqual(['0.50', '0.25', '0.60']);
    expect(texts(svg, 'axis-title')).toEqual(['evidence recall@10', 'question group']);
    expect(svg).toContain('paper (published, not re-run)');
    expect(svg.match(/fill="url\(#hatch\)"/g)).toHaveLength(2); // the bar and its legend swatch
    expect(escapeXml(`"'`)).toBe('&quot;&apos;');
  });
});

describe('report writer', () => {
  it('writes parseable JSON (infinities as strings) and a Markdown report with charts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'palimpsest-report-'));
    try {
      const report: BenchReport = {
        title: 'unit',
        startedAt: '2024-01-01T00:00:00.000Z',
        finishedAt: '2024-01-01T00:01:00.000Z',
        quick: true,
        environment: environment('unit test'),
        datasets: { source: 'generated', note: 'none', checksums: { locomo: 'abc' } },
        workloads: [{ workload: '2 reads', name: 'facts', system: 'x|y', latency: summarize([1, 2, 3]), throughput: 500, unit: 'query', extra: { big: Infinity } }],
        quality: [
          { dataset: 'D', metric: 'm@5', group: 'all', system: 'ours', value: 0.5, n: 3, published: false },
          { dataset: 'D', metric: 'm@5', group: 'all', system: 'paper', value: 0.7, n: 0, published: true, note: 'published' },
        ],
        publishedLatency: [{ system: 'Mem0', p50Ms: 148, p95Ms: 200, source: 's' }],
        notes: ['a note'],
      };
      const w = writeReport(report, dir);
      expect(w.files.map((f) => f.slice(dir.length + 1)).sort()).toEqual(['latency.svg', 'quality-d-m-5.svg', 'report.json', 'report.md']);
      const json = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
      expect(json.workloads[0].extra.big).toBe('Infinity');
      const md = readFileSync(join(dir, 'report.md'), 'utf8');
      expect(md).toContain('| x\\|y |'); // a pipe inside a cell is escaped
      expect(md).toContain('0.700 (published)');
      expect(md).toContain('| Mem0 | 0.148 | 0.200 | s |');
      expect(md).toContain('- `locomo`: sha256 abc');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('timestamp folders have no colons; toJson maps non-finite numbers', () => {
    expect(timestampFolder(new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6)))).toBe('2024-01-02T03-04-05-006Z');
    expect(toJson({ a: -Infinity, b: NaN })).toBe('{\n  "a": "-Infinity",\n  "b": "NaN"\n}');
  });

  it('git commit is a sha or null, never an exception', () => {
    const c = gitCommit(tmpdir());
    expect(c === null || /^[0-9a-f]{40}$/.test(c)).toBe(true);
  });
});

describe('memory sampler', () => {
  it('sees a large allocation as a heap peak above the baseline', async () => {
    const { result, memory } = await withMemory((s) => {
      const big = new Array(2_000_000).fill(0).map((_, i) => ({ i }));
      s.sample();
      return big.length;
    });
    expect(result).toBe(2_000_000);
    expect(memory.peakHeapUsed).toBeGreaterThan(memory.baselineHeapUsed + 20 * 2 ** 20);
    expect(memory.samples).toBeGreaterThanOrEqual(3);
  });

  it('refuses to stop before start, by name', () => {
    expect(() => new MemorySampler().stop()).toThrow(/^MemorySampler.stop: /);
    expect(() => new MemorySampler(0)).toThrow(/^MemorySampler: /);
  });
});
