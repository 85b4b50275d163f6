/**
 * A progress line on stderr for long phases: step n/N, a bar with counts, elapsed time and ETA, and a
 * one-line result at the end. On a terminal the line is redrawn in place (at most ~10 times a second);
 * elsewhere (a log file, CI) it prints plain lines: one at the start, one per 10% and one at the end.
 * Nothing is drawn for work that ends within `delayMs`, so quick commands stay quiet.
 */

export interface ProgressOptions {
  /** What is being done, e.g. "ingest". */
  label: string;
  /** How many units the phase has (0 or unknown: counts only, no bar or ETA). */
  total: number;
  /** The unit counted, e.g. "turns". @default 'items' */
  unit?: string;
  /** This phase's place in a run of several, shown as [n/N]. */
  step?: { n: number; of: number };
  /** Where to draw. @default process.stderr */
  stream?: NodeJS.WriteStream;
  /** Draw nothing until this much time has passed (quick work stays silent). @default 0 */
  delayMs?: number;
  /** The clock, for tests. @default performance.now */
  now?: () => number;
}

const BAR = 24;

/** "1:05", "12:00:07": minutes and seconds, hours when needed. */
export function clockTime(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '--:--';
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export class Progress {
  private done = 0;
  private readonly started: number;
  private lastDraw = -Infinity;
  private lastDecile = -1;
  private drawn = false;
  private finished = false;
  private readonly stream: NodeJS.WriteStream;
  private readonly tty: boolean;
  private readonly now: () => number;
  private readonly prefix: string;

  constructor(private readonly options: ProgressOptions) {
    this.stream = options.stream ?? process.stderr;
    this.tty = this.stream.isTTY === true;
    this.now = options.now ?? (() => performance.now());
    this.started = this.now();
    this.prefix = options.step ? `[${options.step.n}/${options.step.of}] ${options.label}` : options.label;
    if (!this.tty && (options.delayMs ?? 0) === 0) {
      this.stream.write(`${this.prefix}: ${options.total > 0 ? `${options.total} ${this.unit}` : 'started'}\n`);
      this.drawn = true;
      this.lastDecile = 0; // the start line stands for 0%
    }
  }

  private get unit(): string {
    return this.options.unit ?? 'items';
  }

  /** Elapsed milliseconds since the phase started. */
  get elapsedMs(): number {
    return this.now() - this.started;
  }

  /** Counts `n` more units done. */
  tick(n = 1): void {
    this.update(this.done + n);
  }

  /** Sets the count of units done. */
  update(done: number): void {
    this.done = done;
    if (this.finished) return;
    const t = this.now();
    if (t - this.started < (this.options.delayMs ?? 0)) return;
    if (this.tty) {
      if (t - this.lastDraw < 100 && done < this.options.total) return;
      this.lastDraw = t;
      this.stream.write(`\r${this.line(t)}\x1b[K`);
      this.drawn = true;
    } else {
      const total = this.options.total;
      const decile = total > 0 ? Math.floor((10 * done) / total) : -1;
      if (!this.drawn || (decile > this.lastDecile && decile < 10)) {
        this.lastDecile = decile;
        this.stream.write(`${this.line(t)}\n`);
        this.drawn = true;
      }
    }
  }

  /** The status text: label, bar, counts, elapsed and ETA. */
  line(t = this.now()): string {
    const { total } = this.options;
    const elapsed = t - this.started;
    if (total <= 0) return `${this.prefix}  ${this.done} ${this.unit}  elapsed ${clockTime(elapsed)}`;
    const share = Math.min(1, this.done / total);
    const filled = Math.round(share * BAR);
    const bar = this.tty ? `${'█'.repeat(filled)}${'░'.repeat(BAR - filled)}` : `${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}`;
    const eta = this.done > 0 ? (elapsed / this.done) * (total - this.done) : NaN;
    const pct = `${Math.floor(share * 100)}%`.padStart(4);
    return `${this.prefix}  ${bar} ${this.done}/${total} ${this.unit} ${pct}  elapsed ${clockTime(elapsed)}  eta ${clockTime(eta)}`;
  }

  /**
   * Ends the phase with a one-line result ("…: done, 500 turns in 0:12 — <summary>"). It is printed when
   * something was drawn or `always` is set (a phase of a benchmark run), and skipped for quiet quick work.
   */
  finish(summary?: string, always = false): void {
    if (this.finished) return;
    this.finished = true;
    if (!this.drawn && !always) return;
    const counts = this.options.total > 0 || this.done > 0 ? `${this.done} ${this.unit} ` : '';
    const text = `${this.prefix}: done, ${counts}in ${clockTime(this.elapsedMs)}${summary ? ` — ${summary}` : ''}`;
    this.stream.write(this.tty && this.drawn ? `\r${text}\x1b[K\n` : `${text}\n`);
  }

  /** Clears a drawn terminal line without a result (the phase failed; the error follows). */
  abort(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.tty && this.drawn) this.stream.write('\r\x1b[K');
  }
}
