// A small seeded random number generator (mulberry32) for test and benchmark data: the same
// seed gives the same numbers on every machine and every run.

/** A function returning the next number in [0, 1) of the sequence that `seed` starts. */
export function mulberry32(seed) {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
