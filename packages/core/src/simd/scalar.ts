/**
 * The TypeScript twin of distances.wat, for engines without WASM SIMD: the same eight f32 lane sums in
 * the same order, each product and each sum rounded to f32 by Math.fround, so the result is bit-identical
 * to the SIMD kernel's. (A product of two f32 values is exact in a double, and a sum of two is rounded
 * correctly when a double is rounded to f32, since 53 ≥ 2·24 + 2 bits: fround reproduces f32 arithmetic.)
 */
const f = Math.fround;

/** Dot product of a[ao, ao + dim) and b[bo, bo + dim), summed in distances.wat's order. */
export function dotScalar(a: Float32Array, ao: number, b: Float32Array, bo: number, dim: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let s5 = 0;
  let s6 = 0;
  let s7 = 0;
  const end8 = dim & ~7;
  let i = 0;
  for (; i < end8; i += 8) {
    s0 = f(s0 + f(a[ao + i]! * b[bo + i]!));
    s1 = f(s1 + f(a[ao + i + 1]! * b[bo + i + 1]!));
    s2 = f(s2 + f(a[ao + i + 2]! * b[bo + i + 2]!));
    s3 = f(s3 + f(a[ao + i + 3]! * b[bo + i + 3]!));
    s4 = f(s4 + f(a[ao + i + 4]! * b[bo + i + 4]!));
    s5 = f(s5 + f(a[ao + i + 5]! * b[bo + i + 5]!));
    s6 = f(s6 + f(a[ao + i + 6]! * b[bo + i + 6]!));
    s7 = f(s7 + f(a[ao + i + 7]! * b[bo + i + 7]!));
  }
  if (dim & 4) {
    s0 = f(s0 + f(a[ao + i]! * b[bo + i]!));
    s1 = f(s1 + f(a[ao + i + 1]! * b[bo + i + 1]!));
    s2 = f(s2 + f(a[ao + i + 2]! * b[bo + i + 2]!));
    s3 = f(s3 + f(a[ao + i + 3]! * b[bo + i + 3]!));
    i += 4;
  }
  let t0 = f(s0 + s4);
  let t1 = f(s1 + s5);
  let t2 = f(s2 + s6);
  const t3 = f(s3 + s7);
  const rem = dim & 3;
  if (rem > 0) t0 = f(t0 + f(a[ao + i]! * b[bo + i]!));
  if (rem > 1) t1 = f(t1 + f(a[ao + i + 1]! * b[bo + i + 1]!));
  if (rem > 2) t2 = f(t2 + f(a[ao + i + 2]! * b[bo + i + 2]!));
  return f(f(t0 + t1) + f(t2 + t3));
}
