/**
 * Hand-written SVG charts (no chart library): a latency chart with one row per measured operation on a
 * log-scale axis (box p50–p95, whisker to p99, tick at min, the p50 written after the whisker), and a
 * grouped bar chart of quality per group with one series per system (values written on the bars,
 * published anchors drawn hatched and named "(published)"). Colours follow the system, never the row, so
 * a system has one colour in every chart of a report (pass one `SystemColors` to all of them). Every box
 * is sized from its texts' estimated widths, so no label, value or title is clipped.
 */
import { InvalidArgumentError } from '@palimpsest/core';

export function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
}

const fmt = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(2));
/** Latencies written on the chart: 3 significant digits, no exponent below 1e6. */
const ms = (x: number): string => (x >= 100 ? x.toFixed(0) : x >= 1 ? x.toPrecision(3) : x.toPrecision(2));
const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

/**
 * An upper estimate of a text's width in pixels in a sans-serif font (DejaVu Sans, the widest of the
 * usual defaults, as the reference): narrow, wide and capital letters counted apart. Boxes are sized with
 * it, so it errs wide.
 */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) {
    if ('iljtfr.,:;|!\'()[] '.includes(ch)) em += 0.4;
    else if ('mwMW—@%'.includes(ch)) em += 1.0;
    else if (/[A-Z0-9]/.test(ch)) em += 0.72;
    else em += 0.64;
  }
  return Math.ceil(em * fontSize);
}

/** System name → colour, assigned in first-seen order; share one across a report's charts. */
export class SystemColors {
  private readonly map = new Map<string, string>();

  constructor(systems: Iterable<string> = []) {
    for (const s of systems) this.get(s);
  }

  get(system: string): string {
    let c = this.map.get(system);
    if (c === undefined) {
      c = PALETTE[this.map.size % PALETTE.length] as string;
      this.map.set(system, c);
    }
    return c;
  }
}

export interface LatencyRow {
  label: string;
  /** Colours the row; rows of one system share a colour. @default the label */
  system?: string;
  min: number;
  p50: number;
  p95: number;
  p99: number;
}

const FONT = 11;

/** Latency distribution chart, milliseconds on a log10 axis. */
export function latencyChart(title: string, rows: readonly LatencyRow[], colors: SystemColors = new SystemColors()): string {
  if (rows.length === 0) throw new InvalidArgumentError('latencyChart: no rows');
  const positive = rows.flatMap((r) => [r.min, r.p50, r.p95, r.p99]).filter((x) => x > 0 && Number.isFinite(x));
  const lo = Math.floor(Math.log10(Math.min(...positive, 1e-3)));
  const hi = Math.ceil(Math.log10(Math.max(...positive, 1e-3) * 1.0001));
  const span = Math.max(1, hi - lo);
  const systems = [...new Set(rows.map((r) => r.system ?? r.label))];
  const valueW = Math.max(...rows.map((r) => textWidth(`p50 ${ms(r.p50)}`, FONT - 1))) + 12;
  const labelW = Math.max(120, ...rows.map((r) => textWidth(r.label, FONT))) + 16;
  const plotW = 560;
  const rowH = 22;
  const top = 46;
  const xTitle = 'milliseconds per operation (log scale): tick = min, box = p50–p95, whisker = p99';
  const legendW = (s: string): number => textWidth(s, FONT) + 30;
  const width = Math.max(labelW + plotW + valueW + 10, textWidth(title, 14) + 20, labelW + textWidth(xTitle, FONT) + 10);
  // The legend wraps into lines as wide as the chart.
  const legendLines: string[][] = [[]];
  let lineW = 0;
  for (const s of systems) {
    if (lineW + legendW(s) > width - 20 && lineW > 0) {
      legendLines.push([]);
      lineW = 0;
    }
    legendLines[legendLines.length - 1]!.push(s);
    lineW += legendW(s);
  }
  const axisY = top + rows.length * rowH + 4;
  const legendY = axisY + 46;
  const height = legendY + legendLines.length * 18 + 6;
  const x = (v: number) => labelW + ((Math.log10(Math.max(v, 10 ** lo)) - lo) / span) * plotW;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="${FONT}">`);
  out.push(`<rect width="100%" height="100%" fill="white"/>`);
  out.push(`<text class="title" x="${width / 2}" y="18" text-anchor="middle" font-size="14">${escapeXml(title)}</text>`);
  out.push(`<text class="axis-title" x="${labelW - 8}" y="${top - 10}" text-anchor="end" font-weight="bold">operation — system</text>`);
  for (let e = lo; e <= lo + span; e++) {
    const gx = x(10 ** e);
    out.push(`<line x1="${gx}" y1="${top - 6}" x2="${gx}" y2="${axisY}" stroke="#ddd"/>`);
    out.push(`<text x="${gx}" y="${axisY + 14}" text-anchor="middle">${escapeXml(e >= 0 ? String(10 ** e) : (10 ** e).toFixed(-e))}</text>`);
  }
  out.push(`<text class="axis-title" x="${labelW + plotW / 2}" y="${axisY + 32}" text-anchor="middle" font-weight="bold">${escapeXml(xTitle)}</text>`);
  rows.forEach((r, i) => {
    const cy = top + i * rowH + rowH / 2;
    const c = colors.get(r.system ?? r.label);
    out.push(`<text class="label" x="${labelW - 8}" y="${cy + 4}" text-anchor="end">${escapeXml(r.label)}</text>`);
    out.push(`<line x1="${x(r.p95)}" y1="${cy}" x2="${x(r.p99)}" y2="${cy}" stroke="${c}"/>`);
    out.push(`<line x1="${x(r.p99)}" y1="${cy - 5}" x2="${x(r.p99)}" y2="${cy + 5}" stroke="${c}"/>`);
    out.push(`<line x1="${x(r.min)}" y1="${cy - 4}" x2="${x(r.min)}" y2="${cy + 4}" stroke="${c}"/>`);
    out.push(`<rect class="box" x="${x(r.p50)}" y="${cy - 7}" width="${Math.max(1.5, x(r.p95) - x(r.p50))}" height="14" fill="${c}" fill-opacity="0.55" stroke="${c}">` +
      `<title>${escapeXml(`${r.label}: min ${fmt(r.min)} p50 ${fmt(r.p50)} p95 ${fmt(r.p95)} p99 ${fmt(r.p99)} ms`)}</title></rect>`);
    out.push(`<text class="value" x="${Math.max(x(r.p99), x(r.p95)) + 6}" y="${cy + 4}" font-size="${FONT - 1}" fill="#333">p50 ${ms(r.p50)}</text>`);
  });
  legendLines.forEach((line, li) => {
    let lx = labelW;
    for (const s of line) {
      const y = legendY + li * 18;
      out.push(`<rect x="${lx}" y="${y}" width="12" height="12" fill="${colors.get(s)}" fill-opacity="0.55" stroke="${colors.get(s)}"/>`);
      out.push(`<text class="legend" x="${lx + 18}" y="${y + 10}">${escapeXml(s)}</text>`);
      lx += legendW(s);
    }
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

export interface BarAxes {
  /** Under the group labels. @default 'question group' */
  x?: string;
  /** Along the value axis. @default 'score (0–1)' */
  y?: string;
}

/** Grouped bar chart of values in [0, 1] (quality), one group per label, one bar per series. */
export function groupedBarChart(title: string, groups: readonly string[], series: readonly BarSeries[], axes: BarAxes = {}, colors: SystemColors = new SystemColors()): string {
  if (groups.length === 0 || series.length === 0) throw new InvalidArgumentError('groupedBarChart: no groups or no series');
  const xTitle = axes.x ?? 'question group';
  const yTitle = axes.y ?? 'score (0–1)';
  const barW = 16;
  const groupW = series.length * barW + 18;
  const left = 64;
  const plotH = 220;
  const top = 40;
  // Group labels are slanted 30°: their run to the right and their drop below follow from their length.
  const slant = groups.map((g) => textWidth(g, FONT));
  const labelDrop = Math.ceil(Math.max(...slant) * Math.sin(Math.PI / 6)) + 16;
  const legendNames = series.map((s) => s.name + (s.published ? ' (published, not re-run)' : ''));
  const legendH = 18 * series.length + 10;
  const plotRight = left + 10 + groups.length * groupW;
  const labelRight = Math.max(...groups.map((_, gi) => left + 10 + gi * groupW + (series.length * barW) / 2 + slant[gi]! * Math.cos(Math.PI / 6))) + 10;
  const width = Math.ceil(Math.max(520, plotRight + 10, labelRight, textWidth(title, 14) + 20, left + 18 + Math.max(...legendNames.map((n) => textWidth(n, FONT))) + 10));
  const axisY = top + plotH;
  const xTitleY = axisY + labelDrop + 16;
  const legendY = xTitleY + 16;
  const height = legendY + legendH;
  const y = (v: number) => top + plotH - Math.max(0, Math.min(1, v)) * plotH;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="${FONT}">`);
  out.push(`<defs><pattern id="hatch" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="5" stroke="white" stroke-width="2"/></pattern></defs>`);
  out.push(`<rect width="100%" height="100%" fill="white"/>`);
  out.push(`<text class="title" x="${width / 2}" y="18" text-anchor="middle" font-size="14">${escapeXml(title)}</text>`);
  for (let t = 0; t <= 10; t += 2) {
    const gy = y(t / 10);
    out.push(`<line x1="${left}" y1="${gy}" x2="${plotRight}" y2="${gy}" stroke="#ddd"/>`);
    out.push(`<text x="${left - 6}" y="${gy + 4}" text-anchor="end">${(t / 10).toFixed(1)}</text>`);
  }
  out.push(`<text class="axis-title" transform="translate(16,${top + plotH / 2}) rotate(-90)" text-anchor="middle" font-weight="bold">${escapeXml(yTitle)}</text>`);
  groups.forEach((g, gi) => {
    const gx = left + 10 + gi * groupW;
    series.forEach((s, si) => {
      const v = s.values[g];
      if (v === undefined || !Number.isFinite(v)) return;
      const c = colors.get(s.name);
      const bx = gx + si * barW;
      const tip = `<title>${escapeXml(`${s.name} — ${g}: ${v.toFixed(3)}`)}</title>`;
      out.push(`<rect class="bar" x="${bx}" y="${y(v)}" width="${barW - 2}" height="${y(0) - y(v)}" fill="${c}">${tip}</rect>`);
      if (s.published) out.push(`<rect x="${bx}" y="${y(v)}" width="${barW - 2}" height="${y(0) - y(v)}" fill="url(#hatch)"/>`);
      // The value, written upward from the bar's top (inside the plot: values are at most 1).
      const vx = bx + (barW - 2) / 2 + 3.5;
      const vy = y(v) - 3;
      const inside = y(v) - top < textWidth('0.00', 9) + 4;
      out.push(`<text class="value" transform="translate(${vx},${inside ? y(v) + 3 : vy}) rotate(-90)" text-anchor="${inside ? 'end' : 'start'}" font-size="9" fill="${inside ? 'white' : '#333'}">${v.toFixed(2)}</text>`);
    });
    const lx = gx + (series.length * barW) / 2;
    out.push(`<text class="group" transform="translate(${lx},${axisY + 12}) rotate(30)" text-anchor="start">${escapeXml(g)}</text>`);
  });
  out.push(`<text class="axis-title" x="${(left + plotRight) / 2}" y="${xTitleY}" text-anchor="middle" font-weight="bold">${escapeXml(xTitle)}</text>`);
  series.forEach((s, si) => {
    const c = colors.get(s.name);
    out.push(`<rect x="${left}" y="${legendY + si * 18}" width="12" height="12" fill="${c}"/>`);
    if (s.published) out.push(`<rect x="${left}" y="${legendY + si * 18}" width="12" height="12" fill="url(#hatch)"/>`);
    out.push(`<text class="legend" x="${left + 18}" y="${legendY + si * 18 + 10}">${escapeXml(legendNames[si]!)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n');
}
