;; Dot products of f32 vectors in WASM SIMD (f32x4), for HNSW.
;;
;; The summation order is fixed and mirrored exactly by the TypeScript fallback (scalar.ts), so both give
;; bit-identical results: eight f32 lane sums (two f32x4 accumulators: elements 8j..8j+3 go to lanes 0-3
;; of the first, 8j+4..8j+7 to lanes 0-3 of the second), one more 4-block into the first if 4 or more
;; elements remain, the two accumulators added lane-wise, the last dim % 4 products added to lanes 0, 1, 2,
;; then (lane0 + lane1) + (lane2 + lane3). Every product and every sum is rounded to f32 (no fused
;; multiply-add, no relaxed SIMD).
;;
;; Assembled by scripts/wasm.mjs (wabt, a devDependency) into distances-wasm.ts; edit this file, then
;; run `npm run wasm -w @palimpsest/core`.
(module
  (memory (export "memory") 1)

  ;; dot(a, b, dim): a and b are byte offsets of two vectors of `dim` f32 values.
  (func $dot (export "dot") (param $a i32) (param $b i32) (param $dim i32) (result f32)
    (local $acc0 v128) (local $acc1 v128) (local $end i32) (local $rem i32)
    (local $s0 f32) (local $s1 f32) (local $s2 f32) (local $s3 f32)
    ;; blocks of 8 elements: $end is where the last whole block of 8 in $a ends
    (local.set $end (i32.add (local.get $a) (i32.shl (i32.and (local.get $dim) (i32.const -8)) (i32.const 2))))
    (block $done8
      (loop $each8
        (br_if $done8 (i32.ge_u (local.get $a) (local.get $end)))
        (local.set $acc0 (f32x4.add (local.get $acc0) (f32x4.mul (v128.load (local.get $a)) (v128.load (local.get $b)))))
        (local.set $acc1 (f32x4.add (local.get $acc1)
          (f32x4.mul (v128.load offset=16 (local.get $a)) (v128.load offset=16 (local.get $b)))))
        (local.set $a (i32.add (local.get $a) (i32.const 32)))
        (local.set $b (i32.add (local.get $b) (i32.const 32)))
        (br $each8)))
    ;; one more block of 4 into the first accumulator
    (if (i32.and (local.get $dim) (i32.const 4))
      (then
        (local.set $acc0 (f32x4.add (local.get $acc0) (f32x4.mul (v128.load (local.get $a)) (v128.load (local.get $b)))))
        (local.set $a (i32.add (local.get $a) (i32.const 16)))
        (local.set $b (i32.add (local.get $b) (i32.const 16)))))
    (local.set $acc0 (f32x4.add (local.get $acc0) (local.get $acc1)))
    (local.set $s0 (f32x4.extract_lane 0 (local.get $acc0)))
    (local.set $s1 (f32x4.extract_lane 1 (local.get $acc0)))
    (local.set $s2 (f32x4.extract_lane 2 (local.get $acc0)))
    (local.set $s3 (f32x4.extract_lane 3 (local.get $acc0)))
    ;; the last dim % 4 elements, one to each of lanes 0, 1, 2
    (local.set $rem (i32.and (local.get $dim) (i32.const 3)))
    (if (i32.gt_u (local.get $rem) (i32.const 0))
      (then (local.set $s0 (f32.add (local.get $s0) (f32.mul (f32.load (local.get $a)) (f32.load (local.get $b)))))))
    (if (i32.gt_u (local.get $rem) (i32.const 1))
      (then (local.set $s1 (f32.add (local.get $s1) (f32.mul (f32.load offset=4 (local.get $a)) (f32.load offset=4 (local.get $b)))))))
    (if (i32.gt_u (local.get $rem) (i32.const 2))
      (then (local.set $s2 (f32.add (local.get $s2) (f32.mul (f32.load offset=8 (local.get $a)) (f32.load offset=8 (local.get $b)))))))
    (f32.add (f32.add (local.get $s0) (local.get $s1)) (f32.add (local.get $s2) (local.get $s3))))

  ;; dots(q, base, ids, n, out, dim): for k < n, out[k] = dot(q, base + ids[k] * dim * 4, dim).
  ;; q, base, ids and out are byte offsets; ids holds u32 row numbers, out receives f32 values.
  ;; WASM has no prefetch: a first pass reads one word of each cache line of every row, so that the rows'
  ;; memory loads run in parallel instead of one row at a time (the words go to $sink, an exported global,
  ;; so that no compiler drops the loads). The results do not depend on it.
  (global $sink (export "sink") (mut i32) (i32.const 0))
  (func (export "dots") (param $q i32) (param $base i32) (param $ids i32) (param $n i32) (param $out i32) (param $dim i32)
    (local $end i32) (local $row i32) (local $at i32) (local $line i32) (local $lineEnd i32) (local $touch i32)
    (local.set $row (i32.shl (local.get $dim) (i32.const 2)))
    (local.set $end (i32.add (local.get $ids) (i32.shl (local.get $n) (i32.const 2))))
    (local.set $at (local.get $ids))
    (block $touched
      (loop $touchRow
        (br_if $touched (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $line (i32.add (local.get $base) (i32.mul (i32.load (local.get $at)) (local.get $row))))
        (local.set $lineEnd (i32.add (local.get $line) (local.get $row)))
        (loop $touchLine
          (local.set $touch (i32.xor (local.get $touch) (i32.load (local.get $line))))
          (local.set $line (i32.add (local.get $line) (i32.const 64)))
          (br_if $touchLine (i32.lt_u (local.get $line) (local.get $lineEnd))))
        (local.set $at (i32.add (local.get $at) (i32.const 4)))
        (br $touchRow)))
    (global.set $sink (local.get $touch))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $ids) (local.get $end)))
        (f32.store (local.get $out)
          (call $dot (local.get $q)
            (i32.add (local.get $base) (i32.mul (i32.load (local.get $ids)) (local.get $row)))
            (local.get $dim)))
        (local.set $ids (i32.add (local.get $ids) (i32.const 4)))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $each))))
)
