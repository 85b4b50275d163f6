/**
 * Which speaker a question is about. In a conversation a question naming one participant ("What does
 * Melanie do to de-stress?") is answered by that participant's own turns far more often than by the
 * other's (on the LoCoMo dev split 250 of 259 evidence turns of such questions), while the other's turns
 * name them too, by address ("Wow, Melanie!"), so BM25 alone cannot tell them apart. A speaker is named by
 * any term of its name or of an alias of the entity with that name ("Mel" for Melanie).
 */
import { NONE } from '../store/fact-store.js';
import { tokenize } from './text.js';

export class SpeakerNames {
  /** Speaker (interned string id) → the search terms that name it. */
  private readonly terms = new Map<number, ReadonlySet<string>>();

  has(speaker: number): boolean {
    return this.terms.has(speaker);
  }

  /** Sets a speaker's names (its own name, and the aliases known so far). */
  set(speaker: number, names: readonly string[]): void {
    const out = new Set<string>();
    for (const n of names) for (const t of tokenize(n)) out.add(t);
    this.terms.set(speaker, out);
  }

  /** A further alias of a known speaker. */
  add(speaker: number, alias: string): void {
    const out = this.terms.get(speaker) as Set<string> | undefined;
    if (out !== undefined) for (const t of tokenize(alias)) out.add(t);
  }

  /**
   * The speaker a question is about: the one its terms name, or when several are named the first ("What
   * did Jon say about Gina's store?" is Jon's turn); NONE when none is, or when the first two are named side
   * by side ("Jon and Gina", a question about both). `queryTerms` in the question's order.
   */
  namedIn(queryTerms: readonly string[]): number {
    let first = NONE;
    let firstAt = Infinity;
    let secondAt = Infinity;
    for (const [speaker, names] of this.terms) {
      let at = Infinity;
      for (let i = 0; i < queryTerms.length && i < at; i++) if (names.has(queryTerms[i]!)) at = i;
      if (at < firstAt) {
        secondAt = firstAt;
        firstAt = at;
        first = speaker;
      } else if (at < secondAt) secondAt = at;
    }
    if (firstAt === Infinity || secondAt === firstAt + 1) return NONE;
    return first;
  }
}
