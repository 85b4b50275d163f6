import { bare, folded, type Sentence } from './names.js';

/**
 * Who is who in one conversation: the speakers, the names they go by, and the other names heard so far.
 * One book per extractor, so results depend on the order of turns (deterministically).
 *
 * A name resolves to a speaker when
 * - it is the speaker's name or an alias the conversation gave ("I'm Maya Chen", "my name is Sam", "call me Sam");
 * - it is a full name whose first word is a one-word speaker's name ("Maya Chen" when "Maya" speaks), or the
 *   first word of a speaker's full name ("Maya" when "Maya Chen" speaks);
 * - it is one word of at least three letters that starts exactly one speaker's first name ("Mel" for "Melanie").
 * Everything else is itself.
 */
export class SpeakerBook {
  /** the first word of every folded name isKnown accepts (for `mayHear`) */
  private readonly knownFirstWords = new Set<string>();
  /** folded name or alias → the speaker's display name */
  private readonly aliasOf = new Map<string, string>();
  /** folded first word of each speaker → display names */
  private readonly firstWords = new Map<string, string[]>();
  /** folded names seen written as names (mid-sentence, or given), so they may later open a sentence */
  private readonly known = new Set<string>();

  addSpeaker(name: string): void {
    const f = fold(name);
    if (this.aliasOf.has(f)) return;
    this.aliasOf.set(f, name);
    this.addKnown(f);
    // role labels ("user", "assistant") are matched exactly, never by first word or prefix
    if (!/^\p{Lu}/u.test(name.trim())) return;
    const first = f.split(' ')[0]!;
    const list = this.firstWords.get(first) ?? [];
    if (!list.includes(name)) list.push(name);
    this.firstWords.set(first, list);
  }

  isSpeaker(name: string): boolean {
    return this.aliasOf.get(fold(name)) === name;
  }

  learn(name: string): void {
    this.addKnown(fold(name));
  }

  private addKnown(f: string): void {
    if (this.known.has(f)) return;
    this.known.add(f);
    this.knownFirstWords.add(f.split(' ')[0]!);
  }

  /**
   * Whether a name `isKnown` accepts may be in this sentence: some capitalised word of it is, folded, the
   * first word of a known name (a name is a run of whole words, the first of them capitalised). A
   * necessary condition only.
   */
  mayHear(s: Sentence): boolean {
    for (const t of s.toks) {
      const w = t.text;
      // the first word of a longer name is written whole; a one-word name loses its "'s" (twice: namesIn, then folded)
      const lower = w.toLowerCase();
      if (w.indexOf("'") < 0 && w.indexOf('’') < 0 ? this.knownFirstWords.has(lower) : this.knownFirstWords.has(lower.replace(/['’]/g, '')) || this.knownFirstWords.has(folded(bare(w)))) return true;
    }
    return false;
  }

  isKnown(foldedName: string): boolean {
    return this.known.has(foldedName) || this.aliasOf.has(foldedName);
  }

  /** Records that `alias` names `speaker` (the speaker must have been added). */
  alias(speaker: string, alias: string): void {
    const f = fold(alias);
    if (!this.aliasOf.has(f)) this.aliasOf.set(f, speaker);
    this.addKnown(f);
  }

  /** The speaker whose name or given alias this is exactly, or undefined. */
  exact(name: string): string | undefined {
    return this.aliasOf.get(fold(name));
  }

  /** The speaker a name stands for, or undefined when it names no speaker. */
  speakerFor(name: string): string | undefined {
    const f = fold(name);
    const exact = this.aliasOf.get(f);
    if (exact !== undefined) return exact;
    const words = f.split(' ');
    const first = words[0]!;
    const sharing = this.firstWords.get(first);
    if (sharing !== undefined && sharing.length === 1) {
      const speaker = sharing[0]!;
      const speakerWords = fold(speaker).split(' ').length;
      // "Maya Chen" for the speaker "Maya", or "Maya" for the speaker "Maya Chen"
      if ((words.length > 1 && speakerWords === 1) || (words.length === 1 && speakerWords > 1)) return speaker;
    }
    if (words.length === 1 && first.length >= 3) {
      const starts = [...this.firstWords.entries()].filter(([w]) => w.length > first.length && w.startsWith(first));
      if (starts.length === 1 && starts[0]![1].length === 1) return starts[0]![1][0];
    }
    return undefined;
  }
}

// most names need neither replacement below: no apostrophe, no run of white space, no white space but a space
const NEEDS_FOLDING = /['’]|\s\s|[^\S ]/;

export function fold(name: string): string {
  const s = name.trim().toLowerCase();
  return NEEDS_FOLDING.test(s) ? s.replace(/['’]/g, '').replace(/\s+/g, ' ') : s;
}
