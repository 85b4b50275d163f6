/**
 * The inspector page's entry: opens a snapshot, a log or a memory folder (`?open=URL`, `?snapshot=URL`,
 * `?folder=URL`, dropped, or picked), reads it with @palimpsest/persist's browser entry (open-files.ts),
 * and hands the memory to the App. For tests and
 * for curious readers, the open App is `window.inspector`.
 */
import { App } from './app.js';
import { fromDrop, fromFolderInput } from './chosen-files.js';
import type { ChosenFiles } from './chosen-files.js';
import { openFiles } from './open-files.js';
import type { NamedBytes, Opened } from './open-files.js';
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

function open(files: NamedBytes[], name: string): void {
  const t0 = performance.now();
  let app: App;
  let opened: Opened;
  let decodeMs = 0;
  try {
    opened = openFiles(files);
    decodeMs = performance.now() - t0;
    document.body.classList.add('loaded');
    window.inspector?.close();
    app = new App(inspect(opened.mem), name);
  } catch (err) {
    const e = err as Error;
    say(`${name}: ${e.name}: ${e.message}`, true);
    document.body.dataset.ready = 'error';
    return;
  }
  window.inspector = app;
  const size = app.model.mem.size;
  const read = files.length > 1 ? ` from ${opened.read}` : '';
  const notes = [describeTombstones(app.model.mem), ...opened.torn].filter((s) => s !== '');
  say(
    `${name}: ${size.entities} entities, ${size.versions} fact versions, ${size.episodes} episodes${read}` +
      (notes.length > 0 ? `; ${notes.join('; ')}` : ` (opened in ${(performance.now() - t0).toFixed(0)} ms: decode ${decodeMs.toFixed(0)}, layout ${app.graph.layoutMs.toFixed(0)})`),
  );
  document.title = `${name} · palimpsest inspector`;
  document.body.dataset.ready = 'true';
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

const lastPart = (url: string): string => decodeURIComponent(url.replace(/\/+$/, '').split('/').pop() || url);

/** `?open=URL` (repeatable: a snapshot and its logs), `?snapshot=URL`, or `?folder=URL` (a listing of names, as serve.mjs gives). */
async function openUrls(params: URLSearchParams): Promise<void> {
  const folder = params.get('folder');
  const urls = [...params.getAll('snapshot'), ...params.getAll('open')];
  say(`Loading ${folder ?? urls.join(', ')}…`);
  try {
    if (folder !== null) {
      const names = (await (await fetch(folder)).json()) as { name: string; files: string[] };
      const base = new URL(folder, location.href);
      const files = await Promise.all(names.files.map(async (n) => ({ name: n, bytes: await fetchBytes(new URL(encodeURIComponent(n), base).href) })));
      return open(files, names.name);
    }
    const files = await Promise.all(urls.map(async (u) => ({ name: lastPart(u), bytes: await fetchBytes(u) })));
    open(files, files.length === 1 ? files[0]!.name : files.map((f) => f.name).join(' + '));
  } catch (err) {
    say(`Could not load ${folder ?? urls.join(', ')}: ${(err as Error).message}. Drop a snapshot, a log or a memory folder here, or choose one.`, true);
    document.body.dataset.ready = 'error';
  }
}

async function openChosen(chosen: ChosenFiles): Promise<void> {
  if ('problem' in chosen) {
    say(chosen.problem, true);
    document.body.dataset.ready = 'error';
    return;
  }
  const files = await Promise.all(chosen.files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
  open(files, chosen.name);
}

const picker = document.querySelector<HTMLInputElement>('#file')!;
picker.addEventListener('change', () => {
  const files = [...(picker.files ?? [])];
  if (files.length > 0) void openChosen({ files, name: files.length === 1 ? files[0]!.name : files.map((f) => f.name).join(' + ') });
});
const folderPicker = document.querySelector<HTMLInputElement>('#folder')!;
folderPicker.addEventListener('change', () => void openChosen(fromFolderInput([...(folderPicker.files ?? [])])));
window.addEventListener('dragover', (e) => {
  e.preventDefault();
  document.body.classList.add('dragging');
});
window.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
window.addEventListener('drop', (e) => {
  e.preventDefault();
  document.body.classList.remove('dragging');
  if (e.dataTransfer) void fromDrop(e.dataTransfer).then(openChosen);
});

const params = new URLSearchParams(location.search);
if (params.has('snapshot') || params.has('open') || params.has('folder')) await openUrls(params);
else {
  say('Drop a snapshot (.plmp), a log (.jsonl) or a memory folder anywhere on this page, or choose one.');
  document.body.dataset.ready = 'empty';
}
