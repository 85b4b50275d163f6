import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeXml, groupedBarChart, latencyChart } from '../src/report/svg.js';
import { timestampFolder, toJson, writeReport } from '../src/report/write.js';
import { environment, gitCommit } from '../src/report/env.js';
import { MemorySampler, withMemory } from '../src/memory.js';
import { summarize } from '../src/stats.js';
import type { BenchReport } from '../src/report/types.js';

describe('svg charts', () => {
  it('escape labels and draw one box per latency row', () => {
    const svg = latencyChart('t', [
      { label: 'a<b>&c', min: 0.001, p50: 0.01, p95: 0.1, p99: 1 },
      { label: 'slow', min: 10, p50: 100, p95: 200, p99: 5000 },
    ]);
    expect(svg).toContain('a&lt;b&gt;&amp;c');
    expect(svg.match(/<rect x=/g)).toHaveLength(2);
    expect(svg).not.toMatch(/NaN|Infinity/);
    expect(() => latencyChart('t', [])).toThrow(/^latencyChart: /);
  });

  it('grouped bars: one bar per finite value, published series hatched and labelled', () => {
    const svg = groupedBarChart('q', ['g1', 'g2'], [
      { name: 'ours', values: { g1: 0.5, g2: 0.25 } },
      { name: 'paper', values: { g2: 0.6 }, published: true },
      { name: 'none', values: { g1: NaN } },
    ]);
    expect(svg.match(/class="bar"/g)).toHaveLength(3);
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
