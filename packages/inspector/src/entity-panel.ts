/**
 * The panel of one entity: who it is, its facts at the cut, and its history as a bitemporal diagram
 * (history-svg.ts) with a card for the version under the pointer (stamps, provenance, evidence episodes).
 */
import type { Fact } from '@palimpsest/core';
import { showMinute, type Cut } from './cut.js';
import { escapeXml, historySvg, moveCrosshair } from './history-svg.js';
import { objectText, type Inspected } from './model.js';

export class EntityPanel {
  entity: number | null = null;
  private history: Fact[] = [];
  private predicate = '';
  /** Draw the whole valid range of the history, rather than the valid clock's span. */
  private wholeRange = false;

  constructor(
    private readonly model: Inspected,
    private readonly root: HTMLElement,
    private readonly card: HTMLElement,
    private readonly onPickEntity: (id: number) => void,
  ) {
    root.addEventListener('change', (e) => {
      const t = e.target as HTMLElement;
      if (t.id === 'history-predicate') {
        this.predicate = (t as HTMLSelectElement).value;
        this.drawHistory(this.lastCut);
      } else if (t.id === 'history-whole') {
        this.wholeRange = (t as HTMLInputElement).checked;
        this.drawHistory(this.lastCut);
      }
    });
    root.addEventListener('click', (e) => {
      const a = (e.target as HTMLElement).closest<HTMLElement>('[data-entity-link]');
      if (a) this.onPickEntity(Number(a.dataset.entityLink));
    });
    root.addEventListener('pointermove', (e) => this.hover(e));
    root.addEventListener('pointerleave', () => (this.card.hidden = true));
  }

  private lastCut: Cut = { validAt: 0, knownAt: 0 };
  private listTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Follows a cut while the clocks move: the crosshair at once, the rest (facts at the cut) once the
   * clocks have been still for a moment, so scrubbing does not rebuild the panel at every step.
   */
  follow(cut: Cut): void {
    if (this.entity === null) return;
    this.lastCut = cut;
    const svg = this.root.querySelector<SVGSVGElement>('#history-diagram svg');
    if (svg) moveCrosshair(svg, cut);
    clearTimeout(this.listTimer);
    this.listTimer = setTimeout(() => this.render(this.lastCut), 150);
  }

  open(id: number, cut: Cut): void {
    const e = this.model.entities[id];
    if (!e) return;
    this.entity = id;
    this.predicate = '';
    this.history = this.model.mem.history({ subject: { id } });
    this.render(cut);
  }

  close(): void {
    this.entity = null;
    this.root.innerHTML = '<p class="empty">Click an entity in the graph, or search for one, to see its facts and history.</p>';
  }

  /** Redraws for a new cut (facts at the cut and the crosshair). */
  render(cut: Cut): void {
    this.lastCut = cut;
    clearTimeout(this.listTimer);
    if (this.entity === null) return this.close();
    const e = this.model.entities[this.entity]!;
    const mem = this.model.mem;
    const out = mem.neighbors({ id: e.id }, { validAt: cut.validAt, knownAt: cut.knownAt, direction: 'out' });
    const literalFacts = mem.facts({ subject: { id: e.id }, validAt: cut.validAt, knownAt: cut.knownAt }).filter((f) => 'value' in f.object);
    const incoming = mem.neighbors({ id: e.id }, { validAt: cut.validAt, knownAt: cut.knownAt, direction: 'in' });
    const byPredicate = new Map<string, number>();
    for (const f of this.history) byPredicate.set(f.predicate, (byPredicate.get(f.predicate) ?? 0) + 1);
    const closed = this.history.filter((f) => f.invalidAt !== Infinity).length;
    const row = (f: Fact, other: string): string =>
      `<li data-version="${f.id}"><span class="pred">${escapeXml(f.predicate)}</span> ${other} <span class="when">valid ${showMinute(f.validFrom)} → ${showMinute(f.validTo)}</span></li>`;
    const link = (id: number, name: string): string => `<a href="#" data-entity-link="${id}">${escapeXml(name)}</a>`;
    const facts = [
      ...out.map((n) => row(n.fact, link(n.entity.id, n.entity.name))),
      ...literalFacts.map((f) => row(f, `<b>${escapeXml(objectText(f))}</b>`)),
      ...incoming.map((n) => row(n.fact, `← ${link(n.entity.id, n.entity.name)}`)),
    ];
    const shown = facts.slice(0, 60);
    this.root.innerHTML = `
      <h2 id="entity-name" data-entity="${e.id}">${escapeXml(e.displayName)}</h2>
      <p class="meta">#${e.id} · ${escapeXml(e.type ?? 'no type')} · recorded ${showMinute(e.recordedAt)}${e.aliases.length ? ` · aka ${escapeXml(e.aliases.join(', '))}` : ''}${e.mergedAt !== Infinity ? ` · merged ${showMinute(e.mergedAt)}` : ''}</p>
      <h3>History <span class="count" id="history-count" data-versions="${this.history.length}">${this.history.length} versions as subject, ${closed} closed</span></h3>
      <label class="inline">predicate <select id="history-predicate"><option value="">all (${this.history.length})</option>${[...byPredicate]
        .map(([p, n]) => `<option value="${escapeXml(p)}">${escapeXml(p)} (${n})</option>`)
        .join('')}</select></label>
      <label class="inline" title="otherwise the valid axis spans the valid clock's range, and older or later stamps are pinned to its edges"><input type="checkbox" id="history-whole"${this.wholeRange ? ' checked' : ''}> whole valid range</label>
      <div id="history-diagram"></div>
      <h3>At the cut <span class="count" id="entity-facts" data-facts="${facts.length}">${facts.length} facts</span></h3>
      <ul class="facts">${shown.join('')}${facts.length > shown.length ? `<li class="more">… and ${facts.length - shown.length} more</li>` : ''}</ul>`;
    const select = this.root.querySelector<HTMLSelectElement>('#history-predicate')!;
    select.value = this.predicate;
    this.drawHistory(cut);
  }

  private drawHistory(cut: Cut): void {
    const box = this.root.querySelector<HTMLElement>('#history-diagram');
    if (!box) return;
    const versions = this.predicate === '' ? this.history : this.history.filter((f) => f.predicate === this.predicate);
    box.innerHTML = versions.length === 0 ? '<p class="empty">No version has this entity as its subject.</p>' : historySvg(versions, cut, {
            width: Math.max(320, box.clientWidth || 440),
            height: 400,
            ...(this.wholeRange ? {} : { validWindow: this.model.validExtent }),
          });
  }

  private hover(e: PointerEvent): void {
    const g = (e.target as Element).closest?.('g.version[data-version]');
    if (!g) {
      this.card.hidden = true;
      return;
    }
    const f = this.model.versions[Number(g.getAttribute('data-version'))];
    if (!f) return;
    const episodes = [...new Set([...(f.episode === undefined ? [] : [f.episode]), ...f.evidence])]
      .map((id) => this.model.episodes.get(id))
      .filter((x) => x !== undefined);
    this.card.innerHTML = `
      <b>#${f.id}</b> ${escapeXml(f.subject.name)} <i>${escapeXml(f.predicate)}</i> ${escapeXml(objectText(f))}<br>
      valid ${showMinute(f.validFrom)} → ${showMinute(f.validTo)}<br>
      believed ${showMinute(f.recordedAt)} → ${showMinute(f.invalidAt)}<br>
      confidence ${f.confidence.toFixed(2)}${f.source ? ` · source ${escapeXml(f.source)}` : ''}${f.edgeType ? ` · ${f.edgeType}` : ''}${f.reason ? `<br>reason: ${escapeXml(f.reason)}` : ''}
      ${f.supersededBy?.length ? `<br>superseded by ${f.supersededBy.map((x) => `#${x}`).join(', ')}` : ''}
      ${episodes.length ? `<div class="evidence">${episodes
        .slice(0, 4)
        .map((ep) => `<div><b>${escapeXml(ep.id)}</b> ${showMinute(ep.at)}${ep.speaker ? ` · ${escapeXml(ep.speaker)}` : ''}<br>“${escapeXml(ep.text.slice(0, 220))}${ep.text.length > 220 ? '…' : ''}”</div>`)
        .join('')}</div>` : f.evidence.length ? `<br>evidence: ${escapeXml(f.evidence.join(', '))}` : ''}`;
    this.card.hidden = false;
    // Beside the panel, level with the pointer: the card never covers the diagram it explains.
    const w = this.card.offsetWidth;
    const panel = this.root.getBoundingClientRect();
    this.card.style.left = `${Math.max(4, panel.left - w - 10)}px`;
    this.card.style.top = `${Math.max(4, Math.min(window.innerHeight - this.card.offsetHeight - 4, e.clientY - 20))}px`;
  }
}
