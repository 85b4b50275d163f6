/** Strings interned once: every repeated string (predicates, sources, evidence ids) is stored one time. */
export class StringDictionary {
  readonly values: string[] = [];
  private ids = new Map<string, number>();

  intern(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }

  /**
   * Bulk load into an empty dictionary: `values` in id order and `ids`, each value's index (no duplicates:
   * the caller checked), which becomes the dictionary's own map. A dictionary not empty interns each instead.
   */
  load(values: readonly string[], ids: Map<string, number>): void {
    if (this.values.length !== 0) {
      for (const v of values) this.intern(v);
      return;
    }
    for (let i = 0; i < values.length; i++) this.values.push(values[i]!);
    this.ids = ids;
  }

  /** The id of an already interned string, or -1. */
  find(value: string): number {
    return this.ids.get(value) ?? -1;
  }

  get(id: number): string {
    const value = this.values[id];
    if (value === undefined) throw new RangeError(`StringDictionary: no string #${id}`);
    return value;
  }

  get size(): number {
    return this.values.length;
  }

  static from(values: string[]): StringDictionary {
    const dict = new StringDictionary();
    for (const v of values) dict.intern(v);
    return dict;
  }
}
