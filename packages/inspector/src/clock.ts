/**
 * One clock as a control: a minute-precision slider over the memory's own stamps, its event marks drawn
 * under it (click one to jump there), buttons to step to the previous / next mark, and a datetime field
 * for an exact minute. A value outside the slider's span (e.g. "now", long after the last event) is kept
 * as it is and shown; the thumb then rests at that end.
 */
import { endOfMinute, minuteOf, parseMinute, showMinute, snap } from './cut.js';

/** A whole minute as the field takes it: "2023-05-08 13:56" (or with a T). */
const FULL_MINUTE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}$/;

export interface ClockOptions {
  /** Used in element ids: `${name}-slider`, `${name}-input`, … */
  name: string;
  title: string;
  hint: string;
  /** Sorted distinct instants to mark. */
  marks: readonly number[];
  extent: readonly [number, number];
  onChange: (ms: number) => void;
}

const svgNs = 'http://www.w3.org/2000/svg';

export class Clock {
  readonly slider: HTMLInputElement;
  private readonly field: HTMLInputElement;
  private readonly shown: HTMLElement;
  private readonly marks: readonly number[];
  private readonly lo: number;
  private readonly hi: number;
  private current = 0;

  constructor(root: HTMLElement, private readonly options: ClockOptions) {
    this.marks = options.marks;
    const span = Math.max(options.extent[1] - options.extent[0], 60_000);
    // A little room either side, so the first and last marks are not under the slider's ends.
    const pad = Math.max(span * 0.01, 60_000);
    this.lo = minuteOf(options.extent[0] - pad);
    this.hi = minuteOf(options.extent[1] + pad) + 1;
    root.classList.add('clock');
    root.innerHTML = `
      <div class="clock-head"><span class="clock-title">${options.title} <span class="clock-hint">${options.hint}</span></span>
        <output id="${options.name}-shown" class="clock-shown"></output></div>
      <input type="range" id="${options.name}-slider" min="${this.lo}" max="${this.hi}" step="1" aria-label="${options.title}">
      <svg class="marks" id="${options.name}-marks" preserveAspectRatio="none" viewBox="0 0 1000 10" aria-hidden="true"></svg>
      <div class="clock-row">
        <button type="button" id="${options.name}-prev" title="previous mark">◀</button>
        <input type="text" id="${options.name}-input" class="minute" inputmode="numeric" spellcheck="false" placeholder="YYYY-MM-DD HH:MM" pattern="\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}" aria-label="${options.title} (UTC, 24-hour)"><span class="utc">UTC</span>
        <button type="button" id="${options.name}-next" title="next mark">▶</button>
      </div>`;
    this.slider = root.querySelector<HTMLInputElement>('input[type=range]')!;
    // A text field, not datetime-local: that one shows the browser's local format (12-hour in many
    // locales) beside times that are UTC. This one shows and reads "YYYY-MM-DD HH:MM", UTC, 24-hour.
    this.field = root.querySelector<HTMLInputElement>('input.minute')!;
    this.shown = root.querySelector<HTMLElement>('output')!;
    this.drawMarks(root.querySelector<SVGSVGElement>('svg.marks')!);
    this.slider.addEventListener('input', () => this.pick(endOfMinute(Number(this.slider.value))));
    const typed = (): void => {
      if (!FULL_MINUTE.test(this.field.value.trim())) return; // still typing
      const ms = parseMinute(this.field.value.trim().replace(' ', 'T'));
      if (Number.isFinite(ms)) this.pick(ms);
    };
    this.field.addEventListener('input', typed);
    this.field.addEventListener('change', typed);
    root.querySelector('button[title="previous mark"]')!.addEventListener('click', () => this.step(-1));
    root.querySelector('button[title="next mark"]')!.addEventListener('click', () => this.step(1));
  }

  get value(): number {
    return this.current;
  }

  /** Shows a value without telling the listener. */
  set value(ms: number) {
    this.current = snap(ms);
    const minute = Math.min(this.hi, Math.max(this.lo, minuteOf(this.current)));
    this.slider.value = String(minute);
    if (document.activeElement !== this.field) this.field.value = showMinute(this.current);
    const marksBefore = upperBound(this.marks, this.current);
    this.shown.textContent = `${showMinute(this.current)} UTC · ${marksBefore}/${this.marks.length} marks`;
  }

  private pick(ms: number): void {
    this.value = ms;
    this.options.onChange(this.current);
  }

  /** To the mark after (dir 1) or before (dir −1) the current minute. */
  private step(dir: 1 | -1): void {
    const i = upperBound(this.marks, this.current);
    const target = dir === 1 ? this.marks[i] : this.marks[lowerBound(this.marks, minuteOf(this.current) * 60_000) - 1];
    if (target !== undefined) this.pick(snap(target));
  }

  private drawMarks(svg: SVGSVGElement): void {
    const span = this.hi - this.lo;
    // One tick per distinct x pixel of a 1000-wide box: thousands of marks stay cheap to draw.
    const xs = new Set<number>();
    for (const m of this.marks) xs.add(Math.round(((minuteOf(m) - this.lo) / span) * 1000));
    const path = [...xs].map((x) => `M${x} 0V10`).join('');
    const p = document.createElementNS(svgNs, 'path');
    p.setAttribute('d', path);
    svg.appendChild(p);
    svg.addEventListener('click', (e) => {
      const box = svg.getBoundingClientRect();
      const minute = this.lo + ((e.clientX - box.left) / box.width) * span;
      const at = minute * 60_000;
      // The nearest mark to where one clicked.
      const i = lowerBound(this.marks, at);
      const a = this.marks[i - 1];
      const b = this.marks[i];
      const near = a === undefined ? b : b === undefined ? a : at - a <= b - at ? a : b;
      if (near !== undefined) this.pick(snap(near));
    });
  }
}

/** First index whose value is > x. */
function upperBound(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose value is ≥ x. */
function lowerBound(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
