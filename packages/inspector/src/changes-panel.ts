/**
 * What changed between two times (`mem.changes`): on the record axis, versions the memory started and
 * stopped believing; on the valid axis (as believed at the cut's knownAt), versions whose validity began
 * or ended. The lists light their versions on the graph: added green, removed red.
 */
import { literalKey } from '@palimpsest/core';
import type { Fact } from '@palimpsest/core';
import { inputMinute, parseMinute, showMinute, type Cut } from './cut.js';
import type { Highlight } from './graph-view.js';
import { escapeXml } from './history-svg.js';
import { objectText, type Inspected } from './model.js';

export const ADDED = '#2e9e44';
export const REMOVED = '#d0342c';
const SHOWN = 80;

export class ChangesPanel {
  constructor(
    private readonly model: Inspected,
    private readonly root: HTMLElement,
    private readonly getCut: () => Cut,
    private readonly onHighlight: (h: Highlight | null) => void,
  ) {
    const [lo] = model.recordExtent;
    root.innerHTML = `
      <p class="help">Between two times (UTC, minute): the record axis lists what the memory started / stopped
        believing; the valid axis, what started / stopped holding in the world, as believed at the cut's known-at.</p>
      <div class="form">
        <label>since (exclusive) <input type="datetime-local" id="changes-since" step="60"></label>
        <label>until (inclusive) <input type="datetime-local" id="changes-until" step="60"></label>
        <label>axis <select id="changes-axis"><option value="record">record time</option><option value="valid">valid time</option></select></label>
        <button type="button" id="changes-from-cut" title="until = the cut's clock on that axis, since = the mark before">from the cut</button>
        <button type="button" id="changes-run">Show changes</button>
        <button type="button" id="changes-clear">Clear</button>
      </div>
      <p id="changes-status" class="status"></p>
      <div class="two"><div><h3 style="color:${ADDED}">added</h3><ul id="changes-added" class="facts"></ul></div>
        <div><h3 style="color:${REMOVED}">removed</h3><ul id="changes-removed" class="facts"></ul></div></div>`;
    this.input('since').value = inputMinute(lo);
    this.input('until').value = inputMinute(getCut().knownAt);
    root.querySelector('#changes-run')!.addEventListener('click', () => this.run());
    root.querySelector('#changes-clear')!.addEventListener('click', () => this.clear());
    root.querySelector('#changes-from-cut')!.addEventListener('click', () => this.fromCut());
  }

  private input(name: string): HTMLInputElement {
    return this.root.querySelector<HTMLInputElement>(`#changes-${name}`)!;
  }

  /** until = the cut's clock on the chosen axis, since = the mark before it on that clock. */
  fromCut(): void {
    const axis = this.root.querySelector<HTMLSelectElement>('#changes-axis')!.value;
    const cut = this.getCut();
    const until = axis === 'valid' ? cut.validAt : cut.knownAt;
    const marks = axis === 'valid' ? this.model.validMarks : this.model.recordMarks;
    let before = marks[0] ?? until;
    for (const m of marks) if (m < until - 60_000) before = m;
    this.input('since').value = inputMinute(before);
    this.input('until').value = inputMinute(until);
  }

  run(): { added: Fact[]; removed: Fact[] } | null {
    const since = parseMinute(this.input('since').value);
    const until = parseMinute(this.input('until').value);
    const axis = this.root.querySelector<HTMLSelectElement>('#changes-axis')!.value as 'record' | 'valid';
    const status = this.root.querySelector<HTMLElement>('#changes-status')!;
    let result: { added: Fact[]; removed: Fact[] };
    try {
      result = this.model.mem.changes({ since, until, axis, ...(axis === 'valid' ? { knownAt: this.getCut().knownAt } : {}) });
    } catch (err) {
      status.textContent = `${(err as Error).name}: ${(err as Error).message}`;
      status.classList.add('error');
      return null;
    }
    status.classList.remove('error');
    status.textContent = `${axis} axis, ${showMinute(since)} → ${showMinute(until)}: ${result.added.length} added, ${result.removed.length} removed`;
    status.dataset.added = String(result.added.length);
    status.dataset.removed = String(result.removed.length);
    this.list('added', result.added, axis);
    this.list('removed', result.removed, axis);
    const edges = new Map<number, string>();
    const nodes = new Set<string>();
    const mark = (f: Fact, color: string): void => {
      edges.set(f.id, color);
      nodes.add(String(f.subject.id));
      nodes.add('value' in f.object ? literalKey(f.object.value) : String(f.object.id));
    };
    for (const f of result.removed) mark(f, REMOVED);
    for (const f of result.added) mark(f, ADDED);
    this.onHighlight(edges.size > 0 ? { edges, nodes } : null);
    return result;
  }

  clear(): void {
    this.root.querySelector('#changes-added')!.replaceChildren();
    this.root.querySelector('#changes-removed')!.replaceChildren();
    this.root.querySelector('#changes-status')!.textContent = '';
    this.onHighlight(null);
  }

  private list(which: 'added' | 'removed', facts: Fact[], axis: 'record' | 'valid'): void {
    const when = (f: Fact): number => (axis === 'record' ? (which === 'added' ? f.recordedAt : f.invalidAt) : which === 'added' ? f.validFrom : f.validTo);
    const ul = this.root.querySelector<HTMLElement>(`#changes-${which}`)!;
    ul.innerHTML =
      facts
        .slice(0, SHOWN)
        .map((f) => `<li data-version="${f.id}"><b>${escapeXml(f.subject.name)}</b> <span class="pred">${escapeXml(f.predicate)}</span> ${escapeXml(objectText(f))} <span class="when">${showMinute(when(f))}</span></li>`)
        .join('') + (facts.length > SHOWN ? `<li class="more">… and ${facts.length - SHOWN} more</li>` : '');
  }
}
