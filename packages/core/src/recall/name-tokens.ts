/**
 * The search terms of every entity's name and every literal, as recall indexed them (`tokenize` of the
 * display name, of the literal's text): kept so a snapshot can store them and a load reads them instead of
 * tokenizing and stemming every name again (after the turns' postings, the largest part of a load's indexing).
 * A name's terms depend on nothing but the name and the tokenizer, so what is kept equals what a rebuild makes.
 */
import { tokenize } from './text.js';

/** A literal's text as recall indexes it. */
export const literalText = (v: string | number | boolean): string => String(v);

/** Names' terms in the flat form a snapshot stores: all entities' in id order, then all literals'. */
export interface NameTokensState {
  tokens: string[];
  /** entity e's terms are tokens[entityStarts[e] .. entityStarts[e + 1]); length entities + 1. */
  entityStarts: Uint32Array;
  /** literal l's terms are tokens[literalStarts[l] .. literalStarts[l + 1]); starts where the entities' end. */
  literalStarts: Uint32Array;
}

export class NameTokens {
  private readonly entity: Array<readonly string[] | undefined> = [];
  private readonly literal: Array<readonly string[] | undefined> = [];

  /** Entity `e`'s terms: kept, or `tokenize(name)` (then kept). */
  ofEntity(e: number, name: string): readonly string[] {
    return (this.entity[e] ??= tokenize(name));
  }

  /** Literal `l`'s terms: kept, or tokenized (then kept). */
  ofLiteral(l: number, value: string | number | boolean): readonly string[] {
    return (this.literal[l] ??= tokenize(literalText(value)));
  }

  /**
   * Every entity's and literal's terms, the missing ones tokenized now: a function of the names alone, so a
   * live memory, a loaded one and a rebuilt one export the same.
   */
  exportState(names: (e: number) => string, entities: number, literals: readonly (string | number | boolean)[]): NameTokensState {
    const tokens: string[] = [];
    const entityStarts = new Uint32Array(entities + 1);
    for (let e = 0; e < entities; e++) {
      for (const t of this.ofEntity(e, names(e))) tokens.push(t);
      entityStarts[e + 1] = tokens.length;
    }
    const literalStarts = new Uint32Array(literals.length + 1);
    literalStarts[0] = tokens.length;
    for (let l = 0; l < literals.length; l++) {
      for (const t of this.ofLiteral(l, literals[l]!)) tokens.push(t);
      literalStarts[l + 1] = tokens.length;
    }
    return { tokens, entityStarts, literalStarts };
  }

  /**
   * A load's, before anything is indexed: the terms a snapshot kept, checked to fit (`entities` and `literals`
   * are the memory's counts). Returns what is wrong, or undefined when they were taken.
   */
  restore(state: NameTokensState, entities: number, literals: number): string | undefined {
    const { tokens, entityStarts, literalStarts } = state;
    if (entityStarts.length !== entities + 1) return `${entityStarts.length - 1} entities' starts for ${entities} entities`;
    if (literalStarts.length !== literals + 1) return `${literalStarts.length - 1} literals' starts for ${literals} literals`;
    if (entityStarts[0] !== 0) return 'the first entity does not start at 0';
    if (literalStarts[0] !== entityStarts[entities]) return "the literals do not start where the entities' terms end";
    if (literalStarts[literals] !== tokens.length) return `the starts cover ${literalStarts[literals]} of ${tokens.length} terms`;
    for (let e = 0; e < entities; e++) if (entityStarts[e + 1]! < entityStarts[e]!) return `entity ${e}'s terms end before they start`;
    for (let l = 0; l < literals; l++) if (literalStarts[l + 1]! < literalStarts[l]!) return `literal ${l}'s terms end before they start`;
    for (let e = 0; e < entities; e++) this.entity[e] = tokens.slice(entityStarts[e]!, entityStarts[e + 1]!);
    for (let l = 0; l < literals; l++) this.literal[l] = tokens.slice(literalStarts[l]!, literalStarts[l + 1]!);
    return undefined;
  }
}
