/**
 * The SentencePiece unigram segmentation that the Universal Sentence Encoder lite was trained with: the text
 * is NFKC-normalised, each space becomes "▁" and a "▁" starts the text, then the split into vocabulary
 * pieces with the highest total log-probability is found by dynamic programming (Viterbi). Characters that
 * no piece covers are scored as unknown (SentencePiece's penalty: the lowest piece score minus 10), and a
 * run of them becomes one unknown token.
 */

/** The model's vocabulary: `[piece, log-probability]`, the token id being the position. */
export type Vocabulary = ReadonlyArray<readonly [string, number]>;

const WORD_START = '\u2581';
/** Id of `<unk>` in the USE-lite vocabulary (the first entry). */
export const UNKNOWN_ID = 0;

export class UnigramTokenizer {
  private readonly pieces = new Map<string, { id: number; score: number }>();
  private readonly longest: number;
  private readonly unknownScore: number;

  constructor(vocabulary: Vocabulary) {
    let longest = 1;
    let lowest = 0;
    // The first six entries are control symbols (<unk>, <s>, </s>, extra ids) that never match text.
    vocabulary.forEach(([piece, score], id) => {
      if (id < 6 || piece.length === 0) return;
      this.pieces.set(piece, { id, score });
      longest = Math.max(longest, [...piece].length);
      lowest = Math.min(lowest, score);
    });
    this.longest = longest;
    this.unknownScore = lowest - 10;
  }

  /** Token ids of one text (an empty text gives the single word-start piece). */
  encode(text: string): number[] {
    const chars = [...(WORD_START + text.normalize('NFKC').replace(/ /g, WORD_START))];
    const n = chars.length;
    // best[j]: best score of chars[0, j); from[j]: where its last piece starts; id[j]: that piece (-1 unknown)
    const best = new Float64Array(n + 1).fill(-Infinity);
    const from = new Int32Array(n + 1);
    const id = new Int32Array(n + 1);
    best[0] = 0;
    for (let start = 0; start < n; start++) {
      const base = best[start] as number;
      if (base === -Infinity) continue;
      let piece = '';
      let covered = false;
      for (let end = start + 1; end <= Math.min(n, start + this.longest); end++) {
        piece += chars[end - 1];
        const hit = this.pieces.get(piece);
        if (hit === undefined) continue;
        if (end === start + 1) covered = true;
        const score = base + hit.score;
        if (score > (best[end] as number)) {
          best[end] = score;
          from[end] = start;
          id[end] = hit.id;
        }
      }
      if (!covered) {
        const score = base + this.unknownScore;
        if (score > (best[start + 1] as number)) {
          best[start + 1] = score;
          from[start + 1] = start;
          id[start + 1] = -1;
        }
      }
    }
    const out: number[] = [];
    for (let end = n; end > 0; end = from[end] as number) {
      const t = id[end] as number;
      // consecutive unknown characters collapse into one <unk>
      if (t === -1 && out[out.length - 1] === -1) continue;
      out.push(t);
    }
    out.reverse();
    return out.map((t) => (t === -1 ? UNKNOWN_ID : t));
  }
}
