// Shared by the forget tests: a scripted memory with a secret in it, every read of a memory at many cuts,
// and a leak check over text in UTF-8 and UTF-16.
import { ingestEpisode, MemoryGraph } from '../src/index.js';
import { tablesOf } from '../src/internal.js';

export const DAY = 86_400_000;
export const T0 = Date.UTC(2026, 0, 1);

/** One step of a script: a write at its own record time; `secret` marks the steps that carry the secret. */
export interface Step {
  secret?: boolean;
  run: (mem: MemoryGraph, at: number) => void;
}

/** A memory written by `steps` in order, one day apart; steps marked secret are left out when `withSecret` is false. */
export function build(steps: readonly Step[], withSecret = true): { mem: MemoryGraph; clock: { t: number } } {
  const clock = { t: T0 };
  const mem = new MemoryGraph({ now: () => clock.t, predicates: { lives_in: { cardinality: 'one' }, code: { cardinality: 'one' } } });
  steps.forEach((step, i) => {
    clock.t = T0 + (i + 1) * DAY;
    if (step.secret === true && !withSecret) return;
    step.run(mem, clock.t);
  });
  clock.t = T0 + (steps.length + 2) * DAY;
  return { mem, clock };
}

export const episode = (id: string, text: string, speaker = 'user'): Step['run'] => (mem, at) => {
  ingestEpisode(mem, { id, text, at, speaker });
};

/** Every read a user can make, at `cuts`, as one JSON text (entity names, facts, history, changes, recall, graph). */
export function everyRead(mem: MemoryGraph, cuts: readonly number[], queries: readonly string[]): string {
  const out: unknown[] = [];
  const names = new Set<string>();
  for (let id = 0; id < mem.size.entities; id++) names.add(mem.getEntity({ id })!.name);
  for (const k of cuts) {
    for (const v of cuts) out.push(mem.facts({ validAt: v, knownAt: k }));
    out.push(mem.changes({ since: k - 2 * DAY, until: k }), mem.changes({ since: k - 2 * DAY, until: k, axis: 'valid' }));
    for (const q of queries) {
      const r = mem.recall(q, { validAt: k, knownAt: k, k: 20 });
      out.push(r.text, r.facts, r.entities, r.episodes);
    }
    out.push(mem.toGraphology({ validAt: k, knownAt: k }).export());
  }
  for (const name of [...names].sort()) out.push(mem.getEntity(name), mem.history({ subject: name }));
  return JSON.stringify(out);
}

/** Every string a memory holds or shows: its reads, its log (as objects and as stored bytes) and its exported state. */
export function everything(mem: MemoryGraph, cuts: readonly number[], queries: readonly string[]): string {
  const state = mem.exportState() as unknown as Record<string, unknown>;
  const parts = [everyRead(mem, cuts, queries), JSON.stringify(mem.log())];
  parts.push(new TextDecoder().decode(tablesOf(mem)!.logBuffer.trimmed().bytes));
  for (const [key, value] of Object.entries(state)) {
    if (value instanceof Uint8Array) parts.push(key, new TextDecoder().decode(value));
    else if (!ArrayBuffer.isView(value)) parts.push(key, JSON.stringify(value));
  }
  return parts.join('\n');
}

/** Whether `secret` appears in `bytes` as UTF-8 or UTF-16 (either byte order), ignoring ASCII case. */
export function leaks(bytes: Uint8Array, secret: string): boolean {
  const lower = (b: Uint8Array): Uint8Array => b.map((c) => (c >= 0x41 && c <= 0x5a ? c + 32 : c));
  const hay = Buffer.from(lower(bytes));
  const s = secret.toLowerCase();
  const utf16le = Buffer.from(s, 'utf16le');
  const utf16be = Buffer.from(utf16le).swap16();
  return hay.includes(Buffer.from(s, 'utf8')) || hay.includes(utf16le) || hay.includes(utf16be);
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
