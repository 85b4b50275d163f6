/**
 * Hand-written SVG charts (no chart library): a latency chart with one row per measured operation on a
 * log-scale axis (box p50–p95, whisker to p99, tick at min), and a grouped bar chart of quality per group
 * with one labelled series per system (published anchors drawn hatched and named "(published)").
 */
import { InvalidArgumentError } from '@palimpsest/core';

export function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
}

const fmt = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(2));
const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

export interface LatencyRow {
  label: string;
  min: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Latency distribution chart, milliseconds on a log10 axis. */
export function latencyChart(title: string, rows: readonly LatencyRow[]): string {
  if (rows.length === 0) throw new InvalidArgumentError('latencyChart: no rows');
  const positive = rows.flatMap((r) => [r.min, r.p50, r.p95, r.p99]).filter((x) => x > 0 && Number.isFinite(x));
  const lo = Math.floor(Math.log10(Math.min(...positive, 1e-3)));
  const hi = Math.ceil(Math.log10(Math.max(...positive, 1e-3) * 1.0001));
  const span = Math.max(1, hi - lo);
  const labelW = 330;
  const plotW = 560;
  const rowH = 22;
  const top = 40;
  const width = labelW + plotW + 30;
  const height = top + rows.length * rowH + 50;
  const x = (ms: number) => labelW + ((Math.log10(Math.max(ms, 10 ** lo)) - lo) / span) * plotW;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`);
  out.push(`<rect width="100%" height="100%" fill="white"/>`);
  out.push(`<text x="${width / 2}" y="18" text-anchor="middle" font-size="14">${escapeXml(title)}</text>`);
  const axisY = top + rows.length * rowH + 4;
  for (let e = lo; e <= lo + span; e++) {
    const gx = x(10 ** e);
    out.push(`<line x1="${gx}" y1="${top - 6}" x2="${gx}" y2="${axisY}" stroke="#ddd"/>`);
    out.push(`<text x="${gx}" y="${axisY + 14}" text-anchor="middle">${escapeXml(e >= 0 ? String(10 ** e) : (10 ** e).toFixed(-e))}</text>`);
  }
  out.push(`<text x="${labelW + plotW / 2}" y="${axisY + 32}" text-anchor="middle">milliseconds per operation (log scale): tick = min, box = p50–p95, whisker = p99</text>`);
  rows.forEach((r, i) => {
    const cy = top + i * rowH + rowH / 2;
    out.push(`<text x="${labelW - 8}" y="${cy + 4}" text-anchor="end">${escapeXml(r.label)}</text>`);
    const c = PALETTE[i % PALETTE.length] as string;
    out.push(`<line x1="${x(r.p95)}" y1="${cy}" x2="${x(r.p99)}" y2="${cy}" stroke="${c}"/>`);
    out.push(`<line x1="${x(r.p99)}" y1="${cy - 5}" x2="${x(r.p99)}" y2="${cy + 5}" stroke="${c}"/>`);
    out.push(`<line x1="${x(r.min)}" y1="${cy - 4}" x2="${x(r.min)}" y2="${cy + 4}" stroke="${c}"/>`);
    out.push(`<rect x="${x(r.p50)}" y="${cy - 7}" width="${Math.max(1.5, x(r.p95) - x(r.p50))}" height="14" fill="${c}" fill-opacity="0.55" stroke="${c}">` +
      `<title>${escapeXml(`${r.label}: min ${fmt(r.min)} p50 ${fmt(r.p50)} p95 ${fmt(r.p95)} p99 ${fmt(r.p99)} ms`)}</title></rect>`);
  });
  out.push('</svg>');
  return out.join('\n');
}

export interface BarSeries {
  name: string;
  /** value per group label; missing groups draw nothing. */
  values: Record<string, number>;
  published?: boolean;
}

/** Grouped bar chart of values in [0, 1] (quality), one group per label, one bar per series. */
export function groupedBarChart(title: string, groups: readonly string[], series: readonly BarSeries[]): string {
  if (groups.length === 0 || series.length === 0) throw new InvalidArgumentError('groupedBarChart: no groups or no series');
  const barW = 14;
  const groupW = series.length * barW + 18;
  const left = 50;
  const plotH = 220;
  const top = 40;
  const legendH = 18 * series.length + 10;
  // room on the right for the last group's slanted label
  const width = Math.max(520, left + groups.length * groupW + 140);
  const height = top + plotH + 90 + legendH;
  const y = (v: number) => top + plotH - Math.max(0, Math.min(1, v)) * plotH;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`);
  out.push(`<defs><pattern id="hatch" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="5" stroke="white" stroke-width="2"/></pattern></defs>`);
  out.push(`<rect width="100%" height="100%" fill="white"/>`);
  out.push(`<text x="${width / 2}" y="18" text-anchor="middle" font-size="14">${escapeXml(title)}</text>`);
  for (let t = 0; t <= 10; t += 2) {
    const gy = y(t / 10);
    out.push(`<line x1="${left}" y1="${gy}" x2="${width - 10}" y2="${gy}" stroke="#ddd"/>`);
    out.push(`<text x="${left - 6}" y="${gy + 4}" text-anchor="end">${(t / 10).toFixed(1)}</text>`);
  }
  groups.forEach((g, gi) => {
    const gx = left + 10 + gi * groupW;
    series.forEach((s, si) => {
      const v = s.values[g];
      if (v === undefined || !Number.isFinite(v)) return;
      const c = PALETTE[si % PALETTE.length] as string;
      const bx = gx + si * barW;
      const tip = `<title>${escapeXml(`${s.name} — ${g}: ${v.toFixed(3)}`)}</title>`;
      out.push(`<rect class="bar" x="${bx}" y="${y(v)}" width="${barW - 2}" height="${y(0) - y(v)}" fill="${c}">${tip}</rect>`);
      if (s.published) out.push(`<rect x="${bx}" y="${y(v)}" width="${barW - 2}" height="${y(0) - y(v)}" fill="url(#hatch)"/>`);
    });
    const lx = gx + (series.length * barW) / 2;
    out.push(`<text transform="translate(${lx},${top + plotH + 12}) rotate(30)" text-anchor="start">${escapeXml(g)}</text>`);
  });
  const ly = top + plotH + 90;
  series.forEach((s, si) => {
    const c = PALETTE[si % PALETTE.length] as string;
    out.push(`<rect x="${left}" y="${ly + si * 18}" width="12" height="12" fill="${c}"/>`);
    if (s.published) out.push(`<rect x="${left}" y="${ly + si * 18}" width="12" height="12" fill="url(#hatch)"/>`);
    out.push(`<text x="${left + 18}" y="${ly + si * 18 + 10}">${escapeXml(s.name + (s.published ? ' (published, not re-run)' : ''))}</text>`);
  });
  out.push('</svg>');
  return out.join('\n');
}
