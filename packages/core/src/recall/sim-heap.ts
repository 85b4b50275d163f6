/**
 * Binary heaps of (similarity, slot) in typed arrays, for HNSW's walks. `CandidateHeap` keeps the most
 * similar on top (what to expand next); `ResultHeap` the least similar (the worst kept result, evicted
 * first). Ties fall to the slot number, so the order is total and runs are reproducible. Two classes, not
 * one with a flag, so the comparison in the sift loops is a plain expression V8 can inline.
 */
abstract class SimHeap {
  sims = new Float64Array(64);
  ids = new Uint32Array(64);
  size = 0;

  protected grow(): void {
    const s = new Float64Array(this.size * 2);
    s.set(this.sims);
    this.sims = s;
    const d = new Uint32Array(this.size * 2);
    d.set(this.ids);
    this.ids = d;
  }

  topSim(): number {
    return this.sims[0]!;
  }

  topId(): number {
    return this.ids[0]!;
  }
}

export class CandidateHeap extends SimHeap {
  push(sim: number, id: number): void {
    if (this.size === this.sims.length) this.grow();
    const s = this.sims;
    const d = this.ids;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const sp = s[p]!;
      if (!(sim > sp || (sim === sp && id < d[p]!))) break;
      s[i] = sp;
      d[i] = d[p]!;
      i = p;
    }
    s[i] = sim;
    d[i] = id;
  }

  pop(): void {
    const n = --this.size;
    if (n === 0) return;
    const s = this.sims;
    const d = this.ids;
    const sim = s[n]!;
    const id = d[n]!;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      let c = l;
      if (r < n && (s[r]! > s[l]! || (s[r] === s[l] && d[r]! < d[l]!))) c = r;
      const sc = s[c]!;
      if (!(sc > sim || (sc === sim && d[c]! < id))) break;
      s[i] = sc;
      d[i] = d[c]!;
      i = c;
    }
    s[i] = sim;
    d[i] = id;
  }
}

export class ResultHeap extends SimHeap {
  push(sim: number, id: number): void {
    if (this.size === this.sims.length) this.grow();
    const s = this.sims;
    const d = this.ids;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const sp = s[p]!;
      if (!(sim < sp || (sim === sp && id > d[p]!))) break;
      s[i] = sp;
      d[i] = d[p]!;
      i = p;
    }
    s[i] = sim;
    d[i] = id;
  }

  pop(): void {
    const n = --this.size;
    if (n === 0) return;
    const s = this.sims;
    const d = this.ids;
    const sim = s[n]!;
    const id = d[n]!;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      let c = l;
      if (r < n && (s[r]! < s[l]! || (s[r] === s[l] && d[r]! > d[l]!))) c = r;
      const sc = s[c]!;
      if (!(sc < sim || (sc === sim && d[c]! > id))) break;
      s[i] = sc;
      d[i] = d[c]!;
      i = c;
    }
    s[i] = sim;
    d[i] = id;
  }
}
