import { describe, expect, it } from 'vitest';
import { float32Down, float32Up } from '../src/util/float32.js';
import { mulberry32 } from '../src/util/random.js';

/** The bounds by their definition: the float32 neighbours of x, found through the float32 bits. */
function reference(x: number): { down: number; up: number } {
  const f = Math.fround(x);
  if (f === x) return { down: f, up: f };
  const bits = new Int32Array(new Float32Array([f]).buffer);
  const step = (d: number) => {
    const b = new Int32Array([bits[0]!]);
    const v = new Float32Array(b.buffer);
    if (v[0] === 0) b[0] = d < 0 ? 0x80000001 : 1;
    else b[0] = b[0]! + (v[0]! > 0 ? d : -d);
    return v[0]!;
  };
  return f < x ? { down: f, up: step(1) } : { down: step(-1), up: f };
}

describe('float32Down / float32Up (outward float32 bounds of summaries)', () => {
  it('give the float32 neighbours of a double, on both sides of every sign, zero and range end', () => {
    const random = mulberry32(11);
    const xs = [0, -0, 1, -1, 0.1, -0.1, 1e-46, -1e-46, 3.4028235677973366e38, 3.5e38, -3.5e38, Infinity, -Infinity, 2 ** -149, -(2 ** -149), 1.7e12, 1718236800123];
    for (let i = 0; i < 20_000; i++) {
      const magnitude = 10 ** (random() * 90 - 45);
      xs.push((random() < 0.5 ? -1 : 1) * magnitude * random());
      xs.push(Math.floor(random() * 4e12) - 2e12); // millisecond times, either side of 1970
    }
    const wrong: string[] = [];
    for (const x of xs) {
      const { down, up } = reference(x);
      if (!Object.is(float32Down(x), down) || !Object.is(float32Up(x), up) || !(float32Down(x) <= x && x <= float32Up(x))) wrong.push(`${x}: ${float32Down(x)}, ${float32Up(x)}`);
    }
    expect(wrong).toEqual([]);
  });
});
