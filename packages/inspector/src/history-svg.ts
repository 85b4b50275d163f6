/**
 * An entity's history as a bitemporal diagram: valid time across, record time up, each fact version a
 * rectangle [validFrom, validTo) × [recordedAt, invalidAt). A version the memory still believes is drawn
 * open-topped (no top edge, fading upward: it reaches into the future of record time); a closed one is
 * hatched with a full border. Open valid ends run into the "∞" band on the right. Arrows go from a closed
 * version to the version(s) that superseded it. The current cut is a crosshair. Each rectangle carries its
 * version id and stamps as data attributes (for the hover card and for tests).
 */
import type { Fact } from '@palimpsest/core';
import type { Cut } from './cut.js';
import { objectText } from './model.js';

export interface HistoryLayout {
  width: number;
  height: number;
  /**
   * The valid-time window to draw (the cut's valid time is always in it); stamps outside it are pinned to
   * its edges, and a note says so. Default: every stamp of the versions.
   */
  validWindow?: readonly [number, number];
}

const PRED_PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#b07aa1', '#76b7b2', '#edc948', '#9c755f', '#ff9da7', '#bab0ac'];

export function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
}

/** Colour per predicate, in order of first appearance in the history. */
export function predicateColors(versions: readonly Fact[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of versions) if (!out.has(f.predicate)) out.set(f.predicate, PRED_PALETTE[out.size % PRED_PALETTE.length]!);
  return out;
}

interface Axis {
  lo: number;
  hi: number;
  /** Pixel of lo and of hi; beyond hi lies the ∞ band. */
  p0: number;
  p1: number;
  inf: number;
}

/** The pixel of a time; finite times outside the axis are pinned to its ends. */
const at = (a: Axis, t: number): number => {
  if (t === Infinity) return a.inf;
  if (t <= a.lo) return a.p0;
  if (t >= a.hi) return a.p1;
  return a.p0 + ((t - a.lo) / (a.hi - a.lo || 1)) * (a.p1 - a.p0);
};

function axisOf(stamps: number[], p0: number, p1: number, inf: number): Axis {
  const finite = stamps.filter(Number.isFinite);
  let lo = Math.min(...finite);
  let hi = Math.max(...finite);
  if (!(hi > lo)) {
    lo -= 86_400_000;
    hi += 86_400_000;
  }
  const pad = (hi - lo) * 0.04;
  return { lo: lo - pad, hi: hi + pad, p0, p1, inf };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A tick spacing: a fixed length, or whole calendar months (UTC), and how its ticks are labelled. */
type Step = { ms: number; label: (t: number) => string } | { months: number; label: (t: number) => string };

const iso = (t: number): string => new Date(t).toISOString();
const STEPS: Step[] = [
  ...[1, 5, 15, 30].map((m) => ({ ms: m * MINUTE, label: (t: number) => iso(t).slice(5, 16).replace('T', ' ') })),
  ...[1, 3, 6, 12].map((h) => ({ ms: h * HOUR, label: (t: number) => iso(t).slice(5, 16).replace('T', ' ') })),
  ...[1, 2].map((d) => ({ ms: d * DAY, label: (t: number) => iso(t).slice(0, 10) })),
  { ms: 7 * DAY, label: (t: number) => iso(t).slice(0, 10) }, // Mondays (1970-01-05 was one)
  ...[1, 3, 6].map((m) => ({ months: m, label: (t: number) => iso(t).slice(0, 7) })),
  ...[1, 2, 5, 10, 20, 50, 100].map((y) => ({ months: 12 * y, label: (t: number) => iso(t).slice(0, 4) })),
];
const MONDAY = 4 * DAY;

/** The ticks of one step inside [lo, hi], at its round boundaries in UTC (midnight, Monday, the 1st, 1 January). */
function stepTicks(step: Step, lo: number, hi: number, max: number): number[] | undefined {
  const out: number[] = [];
  if ('ms' in step) {
    const offset = step.ms === 7 * DAY ? MONDAY : 0;
    for (let t = Math.ceil((lo - offset) / step.ms) * step.ms + offset; t <= hi; t += step.ms) {
      out.push(t);
      if (out.length > max) return undefined;
    }
    return out;
  }
  const d = new Date(lo);
  let month = d.getUTCFullYear() * 12 + d.getUTCMonth();
  month = Math.ceil(month / step.months) * step.months;
  for (;; month += step.months) {
    const t = Date.UTC(Math.floor(month / 12), month % 12, 1);
    if (t < lo) continue;
    if (t > hi) return out;
    out.push(t);
    if (out.length > max) return undefined;
  }
}

/** At most `max` ticks on an axis at round dates (the finest round step that fits), each with its label. */
export function roundTicks(lo: number, hi: number, max: number): Array<{ t: number; label: string }> {
  for (const step of STEPS) {
    const ts = stepTicks(step, lo, hi, max);
    if (ts !== undefined && ts.length > 0) return ts.map((t) => ({ t, label: step.label(t) }));
  }
  return [];
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export function historySvg(versions: readonly Fact[], cut: Cut, layout: HistoryLayout = { width: 440, height: 340 }): string {
  const { width, height } = layout;
  const box: Box = { left: 84, right: width - 14, top: 28, bottom: height - 58 };
  const band = 26; // the ∞ band beyond each axis' last finite stamp
  const colors = predicateColors(versions);
  const validStamps = versions.flatMap((f) => [f.validFrom, f.validTo]);
  const vx = axisOf(layout.validWindow ? [...layout.validWindow, cut.validAt] : [...validStamps, cut.validAt], box.left, box.right - band, box.right);
  // Record time goes up: p0 is the bottom pixel.
  const ry = axisOf([...versions.flatMap((f) => [f.recordedAt, f.invalidAt]), cut.knownAt], box.bottom, box.top + band, box.top);
  const out: string[] = [];
  const axisData = (a: Axis): string => [a.lo, a.hi, a.p0, a.p1, a.inf].join(',');
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" class="history" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="10" data-valid-axis="${axisData(vx)}" data-record-axis="${axisData(ry)}">`);
  out.push(`<defs><pattern id="closed-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="6" stroke="#00000040" stroke-width="2"/></pattern>`);
  out.push(`<linearGradient id="open-fade" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="white" stop-opacity="0"/><stop offset="1" stop-color="white" stop-opacity="0.85"/></linearGradient>`);
  out.push(`<marker id="supersede" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L8 4L0 8z" fill="#333"/></marker></defs>`);
  drawFrame(out, box, vx, ry, { earlier: validStamps.some((t) => t < vx.lo), later: validStamps.some((t) => Number.isFinite(t) && t > vx.hi) });
  drawVersions(out, versions, vx, ry, colors);
  // The cut as a crosshair (moveCrosshair moves it without redrawing the rest).
  const cx = at(vx, cut.validAt);
  const cy = at(ry, cut.knownAt);
  out.push(`<g class="crosshair" pointer-events="none"><line class="cross-valid" x1="${cx}" y1="${box.top}" x2="${cx}" y2="${box.bottom}" stroke="#c0392b" stroke-dasharray="4 3"/>` +
    `<line class="cross-known" x1="${box.left}" y1="${cy}" x2="${box.right}" y2="${cy}" stroke="#c0392b" stroke-dasharray="4 3"/><circle cx="${cx}" cy="${cy}" r="3" fill="#c0392b"/></g>`);
  // Legend: predicates.
  let lx = box.left;
  for (const [p, c] of colors) {
    out.push(`<rect x="${lx}" y="8" width="9" height="9" fill="${c}"/><text x="${lx + 12}" y="16">${escapeXml(p)}</text>`);
    lx += 22 + p.length * 5.5;
  }
  out.push('</svg>');
  return out.join('');
}

/** The plot's frame, the ∞ bands, the ticks and the axis titles; a note when stamps are pinned to an edge. */
function drawFrame(out: string[], box: Box, vx: Axis, ry: Axis, pinned: { earlier: boolean; later: boolean }): void {
  const { left, right, top, bottom } = box;
  out.push(`<rect x="${left}" y="${top}" width="${right - left}" height="${bottom - top}" fill="#fff" stroke="#d8d4ca"/>`);
  out.push(`<rect x="${vx.p1}" y="${top}" width="${right - vx.p1}" height="${bottom - top}" fill="#f4f2ec"/>`);
  out.push(`<rect x="${left}" y="${top}" width="${right - left}" height="${ry.p1 - top}" fill="#f4f2ec"/>`);
  out.push(`<text x="${(vx.p1 + right) / 2}" y="${bottom + 12}" text-anchor="middle">∞</text>`);
  out.push(`<text x="${left - 6}" y="${(top + ry.p1) / 2 + 3}" text-anchor="end">∞</text>`);
  // A valid tick near the ∞ band would sit under its label: left out.
  for (const { t, label } of roundTicks(vx.lo, vx.hi, 3)) {
    const x = at(vx, t);
    if (x > vx.p1 - 24) continue;
    out.push(`<line x1="${x}" y1="${ry.p1}" x2="${x}" y2="${bottom + 3}" stroke="#eeebe4"/>`);
    out.push(`<text class="tick-valid" data-t="${t}" x="${x}" y="${bottom + 13}" text-anchor="middle">${label}</text>`);
  }
  for (const { t, label } of roundTicks(ry.lo, ry.hi, 4)) {
    const y = at(ry, t);
    out.push(`<line x1="${left - 3}" y1="${y}" x2="${vx.p1}" y2="${y}" stroke="#eeebe4"/>`);
    out.push(`<text class="tick-record" data-t="${t}" x="${left - 6}" y="${y + 3}" text-anchor="end">${label}</text>`);
  }
  out.push(`<text x="${(left + right) / 2}" y="${bottom + 30}" text-anchor="middle" font-size="11">valid time → (when it held in the world)</text>`);
  if (pinned.earlier) out.push(`<text class="pinned" x="${left + 3}" y="${bottom - 4}" fill="#8a6d00">◂ earlier stamps pinned here</text>`);
  if (pinned.later) out.push(`<text class="pinned" x="${vx.p1 - 3}" y="${bottom - 4}" text-anchor="end" fill="#8a6d00">later ▸</text>`);
  out.push(`<text transform="translate(12,${(top + bottom) / 2}) rotate(-90)" text-anchor="middle" font-size="11">record time → (when believed)</text>`);
}

/** At most this many values are named on the diagram (one 11 px lane each, up from a rectangle's bottom edge). */
const LABEL_LANES = 12;

/** One rectangle per version (closed: hatched; open: open-topped), then the supersession arrows. */
function drawVersions(out: string[], versions: readonly Fact[], vx: Axis, ry: Axis, colors: Map<string, string>): void {
  const centre = new Map<number, { x: number; top: number; bottom: number }>();
  // One lane per value (predicate + object): its rectangles are inset by the lane and its name is written
  // at the lane's own height above the bottom edge, so versions of Boston, Denver and Austin recorded at the
  // same time stay apart and named instead of stacking into identical rectangles.
  const laneKey = (f: Fact): string => `${f.predicate}\u0000${objectText(f)}`;
  const lanes = new Map<string, number>();
  for (const f of [...versions].sort((a, b) => a.validFrom - b.validFrom || a.id - b.id)) if (!lanes.has(laneKey(f))) lanes.set(laneKey(f), lanes.size);
  const names: string[] = [];
  // Larger rectangles first, so a version nested inside another stays on top and can be hovered.
  const area = (f: Fact): number => (Math.min(f.validTo, vx.hi * 2) - f.validFrom) * (Math.min(f.invalidAt, ry.hi * 2) - f.recordedAt);
  for (const f of [...versions].sort((a, b) => area(b) - area(a) || a.id - b.id)) {
    const lane = lanes.get(laneKey(f))!;
    const inset = Math.min(lane, 6) * 1.5;
    const x0 = at(vx, f.validFrom) + inset;
    const x1 = Math.max(at(vx, f.validTo) - inset, x0 + 2);
    const y0 = at(ry, f.recordedAt) - inset; // bottom edge
    const y1 = Math.min(at(ry, f.invalidAt) + inset, y0 - 2); // top edge
    // The value's name in its lane: one line of 11 px per lane up from the bottom edge, clipped to the box.
    names.push(`<text class="object-label" data-version="${f.id}" x="${x0 + 3}" y="${y0 - 3 - lane * 11}" fill="#222" pointer-events="none">${escapeXml(objectText(f))}</text>`);
    const c = colors.get(f.predicate)!;
    centre.set(f.id, { x: (x0 + x1) / 2, top: y1, bottom: y0 });
    const data = `data-version="${f.id}" data-valid-from="${f.validFrom}" data-valid-to="${f.validTo}" data-recorded-at="${f.recordedAt}" data-invalid-at="${f.invalidAt}"`;
    const label = escapeXml(`#${f.id} ${f.subject.name} ${f.predicate} ${objectText(f)}`);
    const rect = `x="${x0}" y="${y1}" width="${x1 - x0}" height="${y0 - y1}"`;
    if (f.invalidAt !== Infinity) {
      out.push(`<g class="version closed" ${data}><rect ${rect} fill="${c}" fill-opacity="0.18" stroke="${c}"/>` +
        `<rect ${rect} fill="url(#closed-hatch)" pointer-events="none"/><title>${label}</title></g>`);
    } else {
      // Open-topped: left, bottom and right edges only, the fill fading toward the ∞ band.
      out.push(`<g class="version open" ${data}><rect ${rect} fill="${c}" fill-opacity="0.16"/><rect ${rect} fill="url(#open-fade)" pointer-events="none"/>` +
        `<path d="M${x0} ${y1}V${y0}H${x1}V${y1}" fill="none" stroke="${c}" stroke-width="1.4"/><title>${label}</title></g>`);
    }
  }
  // Names only while they fit in their lanes; past that (an entity with dozens of values) hover names them,
  // and picking one predicate brings them back.
  if (lanes.size <= LABEL_LANES) out.push(...dedupeLabels(names));
  for (const f of versions) {
    const from = centre.get(f.id);
    for (const next of f.supersededBy ?? []) {
      const to = centre.get(next);
      if (!from || !to) continue;
      out.push(`<line class="supersedes" data-from="${f.id}" data-to="${next}" x1="${from.x}" y1="${from.top}" x2="${to.x}" y2="${to.bottom}" stroke="#333" stroke-width="1" marker-end="url(#supersede)"/>`);
    }
  }
}

function axisFrom(text: string | null): Axis | null {
  const [lo, hi, p0, p1, inf] = (text ?? '').split(',').map(Number);
  return [lo, hi, p0, p1, inf].every((x) => Number.isFinite(x)) ? { lo: lo!, hi: hi!, p0: p0!, p1: p1!, inf: inf! } : null;
}

/** Moves a drawn diagram's crosshair to another cut (the axes are kept on the svg element). */
export function moveCrosshair(svg: SVGSVGElement, cut: Cut): void {
  const vx = axisFrom(svg.getAttribute('data-valid-axis'));
  const ry = axisFrom(svg.getAttribute('data-record-axis'));
  if (!vx || !ry) return;
  const cx = String(at(vx, cut.validAt));
  const cy = String(at(ry, cut.knownAt));
  const v = svg.querySelector('line.cross-valid');
  const k = svg.querySelector('line.cross-known');
  const dot = svg.querySelector('g.crosshair circle');
  v?.setAttribute('x1', cx);
  v?.setAttribute('x2', cx);
  k?.setAttribute('y1', cy);
  k?.setAttribute('y2', cy);
  dot?.setAttribute('cx', cx);
  dot?.setAttribute('cy', cy);
}

/** A value's name written once per spot: versions of one value recorded together share their label. */
function dedupeLabels(labels: readonly string[]): string[] {
  const seen = new Set<string>();
  return labels.filter((l) => {
    const spot = l.replace(/ data-version="\d+"/, '');
    if (seen.has(spot)) return false;
    seen.add(spot);
    return true;
  });
}
