/** The seeded PRNG the tests and benchmarks draw commands from (never used by the engine itself). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** A uniform integer in [lo, hi], from a 32-bit draw, without going through a fraction. */
export function intIn(next: () => number, lo: number, hi: number): number {
  return lo + (next() % (hi - lo + 1));
}
