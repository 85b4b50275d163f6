/**
 * The inspector page's entry: opens a snapshot (`?snapshot=URL`, a dropped file, or the file picker),
 * decodes it with @palimpsest/persist's browser entry, and hands the memory to the App. For tests and
 * for curious readers, the open App is `window.inspector`.
 */
import { decodeSnapshot } from '@palimpsest/persist';
import { App } from './app.js';
import { inspect } from './model.js';
import { describeTombstones } from './tombstones.js';

declare global {
  interface Window {
    inspector?: App;
  }
}

const status = document.querySelector<HTMLElement>('#status')!;

function say(text: string, error = false): void {
  status.textContent = text;
  status.classList.toggle('error', error);
}

function open(bytes: Uint8Array, name: string): void {
  const t0 = performance.now();
  let app: App;
  let decodeMs = 0;
  try {
    const mem = decodeSnapshot(bytes);
    decodeMs = performance.now() - t0;
    document.body.classList.add('loaded');
    window.inspector?.close();
    app = new App(inspect(mem), name);
  } catch (err) {
    const e = err as Error;
    say(`${name}: ${e.name}: ${e.message}`, true);
    document.body.dataset.ready = 'error';
    return;
  }
  window.inspector = app;
  const size = app.model.mem.size;
  say(`${name}: ${size.entities} entities, ${size.versions} fact versions, ${size.episodes} episodes (opened in ${(performance.now() - t0).toFixed(0)} ms: decode ${decodeMs.toFixed(0)}, layout ${app.graph.layoutMs.toFixed(0)})`);
  const forgets = describeTombstones(app.model.mem);
  if (forgets !== '') say(`${name}: ${size.entities} entities, ${size.versions} fact versions, ${size.episodes} episodes; ${forgets}`);
  document.title = `${name} · palimpsest inspector`;
  document.body.dataset.ready = 'true';
}

async function openUrl(url: string): Promise<void> {
  say(`Loading ${url}…`);
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    open(new Uint8Array(await res.arrayBuffer()), decodeURIComponent(url.split('/').pop() || url));
  } catch (err) {
    say(`Could not load ${url}: ${(err as Error).message}. Drop a snapshot file here or choose one.`, true);
    document.body.dataset.ready = 'error';
  }
}

async function openFile(file: File): Promise<void> {
  open(new Uint8Array(await file.arrayBuffer()), file.name);
}

const picker = document.querySelector<HTMLInputElement>('#file')!;
picker.addEventListener('change', () => {
  const f = picker.files?.[0];
  if (f) void openFile(f);
});
window.addEventListener('dragover', (e) => {
  e.preventDefault();
  document.body.classList.add('dragging');
});
window.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
window.addEventListener('drop', (e) => {
  e.preventDefault();
  document.body.classList.remove('dragging');
  const f = e.dataTransfer?.files[0];
  if (f) void openFile(f);
});

const url = new URLSearchParams(location.search).get('snapshot');
if (url) await openUrl(url);
else {
  say('Drop a snapshot file (.plmp) anywhere on this page, or choose one.');
  document.body.dataset.ready = 'empty';
}
