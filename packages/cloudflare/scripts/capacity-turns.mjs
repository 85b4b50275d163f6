/**
 * The turns the capacity scripts fill one memory with (measure-capacity.mjs in Node's V8, measure-workerd.mjs
 * in workerd), `at` in milliseconds.
 *
 * LoCoMo: the ten conversations in turn, a pass past the tenth starting again at the first with fresh ids,
 * sessions and times a year later (so the memory keeps growing with LoCoMo-sized turns). LongMemEval: the S
 * file's unique sessions (all splits, first occurrence), in date order, every non-empty turn with its role as
 * speaker.
 */
import { loadLocomo, loadLongMemEval } from '@palimpsest/datasets';

const YEAR = 365 * 86_400_000;

export async function* turnsOf(data) {
  if (data === 'locomo') {
    const convs = await loadLocomo({ split: 'all' });
    for (let pass = 0; ; pass++) {
      for (const c of convs) for (const s of c.sessions) for (const t of s.turns) yield { id: `${t.id}@${c.id}#${pass}`, text: t.text, at: t.at + pass * YEAR, speaker: t.speaker, session: `${c.id}/S${s.index}#${pass}` };
    }
  }
  const seen = new Set();
  const sessions = [];
  for (const q of await loadLongMemEval('s', { split: 'all' })) for (const s of q.sessions) if (!seen.has(s.id)) (seen.add(s.id), sessions.push(s));
  sessions.sort((a, b) => a.date - b.date);
  for (const s of sessions) {
    for (const [i, t] of s.turns.entries()) if (t.content.trim() !== '') yield { id: `${s.id}:${i}`, text: t.content, at: s.date + i * 1000, speaker: t.role, session: s.id };
  }
}
