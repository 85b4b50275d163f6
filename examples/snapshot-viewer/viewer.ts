/**
 * The snapshot viewer's script: loads a snapshot (the default URL, `?snapshot=URL`, or a chosen file),
 * and shows the facts at the cut picked with two date inputs. Bundled for the browser by build.mjs.
 */
import type { Fact, MemoryGraph } from '@palimpsest/core';
import { decodeSnapshot } from '@palimpsest/persist';

const $ = <E extends HTMLElement>(id: string): E => document.getElementById(id) as E;
const fileInput = $<HTMLInputElement>('file');
const validInput = $<HTMLInputElement>('validAt');
const knownInput = $<HTMLInputElement>('knownAt');
const status = $<HTMLParagraphElement>('status');
const tbody = $<HTMLTableElement>('facts').tBodies[0]!;

let mem: MemoryGraph | null = null;
let sourceName = '';

const today = (): string => new Date().toISOString().slice(0, 10);
/** A date input's value as the last millisecond of that day, UTC. */
const endOfDay = (value: string): number => Date.parse(`${value}T23:59:59.999Z`);
const showTime = (ms: number): string => (ms === Infinity ? '∞' : new Date(ms).toISOString().replace('T', ' ').slice(0, 16));
const showObject = (f: Fact): string => ('value' in f.object ? String(f.object.value) : f.object.name);

function say(text: string, error = false): void {
  status.textContent = text;
  status.classList.toggle('error', error);
}

function render(): void {
  tbody.replaceChildren();
  if (!mem) return;
  if (!validInput.value || !knownInput.value) return say('Pick both dates.', true);
  const validAt = endOfDay(validInput.value);
  const knownAt = endOfDay(knownInput.value);
  let facts: Fact[];
  try {
    facts = mem.facts({ validAt, knownAt });
  } catch (err) {
    return say(String((err as Error).message), true);
  }
  facts.sort((a, b) => a.subject.name.localeCompare(b.subject.name) || a.predicate.localeCompare(b.predicate));
  for (const f of facts) {
    const tr = tbody.insertRow();
    tr.dataset.subject = f.subject.name;
    tr.dataset.predicate = f.predicate;
    const cells: Array<[string, string]> = [
      [f.subject.name, 'subject'],
      [f.predicate, 'predicate'],
      [showObject(f), 'object'],
      [showTime(f.validFrom), 'time'],
      [showTime(f.validTo), 'time'],
      [showTime(f.recordedAt), 'time'],
      [f.confidence.toFixed(2), 'confidence'],
    ];
    for (const [text, cls] of cells) {
      const td = tr.insertCell();
      td.textContent = text;
      td.className = cls;
    }
  }
  say(`${sourceName}: ${facts.length} fact${facts.length === 1 ? '' : 's'} valid at the end of ${validInput.value}, as known at the end of ${knownInput.value}.`);
}

function load(bytes: Uint8Array, name: string): void {
  try {
    mem = decodeSnapshot(bytes);
    sourceName = name;
    render();
  } catch (err) {
    mem = null;
    tbody.replaceChildren();
    const e = err as Error;
    say(`${name}: ${e.name}: ${e.message}`, true);
  }
}

async function loadUrl(url: string): Promise<void> {
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    load(new Uint8Array(await res.arrayBuffer()), url);
  } catch (err) {
    say(`Could not load ${url}: ${(err as Error).message}. Choose a snapshot file above.`, true);
  }
}

validInput.value = today();
knownInput.value = today();
validInput.addEventListener('input', render);
knownInput.addEventListener('input', render);
$<HTMLButtonElement>('today').addEventListener('click', () => {
  validInput.value = today();
  knownInput.value = today();
  render();
});
fileInput.addEventListener('change', async () => {
  const file = fileInput.files?.[0];
  if (file) load(new Uint8Array(await file.arrayBuffer()), file.name);
});

await loadUrl(new URLSearchParams(location.search).get('snapshot') ?? 'dist/sample.plmp');
document.body.dataset.ready = 'true';
