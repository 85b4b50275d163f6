/**
 * Float32 bounds of doubles, rounded outwards: summaries (a block's smallest and largest time) kept in 4
 * bytes instead of 8 that still never exclude a value they stand for. Exact tests are made on the doubles.
 */
const scratch = new Float32Array(1);
const scratchBits = new Int32Array(scratch.buffer);

/** The largest float32 ≤ x (x not NaN; beyond float32's range, -∞). */
export function float32Down(x: number): number {
  // Small enough to inline where the index hot paths call it (no call and no boxed double per row):
  // most doubles round to a float32 at or below them, or are float32s already.
  const f = Math.fround(x);
  return f <= x ? f : stepDown(f);
}

/** The float32 one step below the float32 `f`, towards -∞. */
function stepDown(f: number): number {
  scratch[0] = f;
  // A positive float32 loses a unit of its bits, a negative one (or 0) gains magnitude.
  if (f > 0) scratchBits[0]!--;
  else if (f < 0) scratchBits[0]!++;
  else scratchBits[0] = 0x80000001;
  return scratch[0]!;
}

/** The smallest float32 ≥ x (x not NaN; beyond float32's range, ∞). */
export function float32Up(x: number): number {
  const f = Math.fround(x);
  return f >= x ? f : -stepDown(-f);
}
