// Shared by the artwork generators (make-artwork.mjs, make-fleet-artwork.mjs): the
// container palette and a seeded random number generator, so drawings are deterministic.

/** Container colours used across the drawings. */
export const BOXES = ['#1363df', '#13a89e', '#f28c28', '#0b2545', '#c4453a', '#e3b23c', '#5b6c8f', '#2f7fbf', '#8aa9d6'];

/** mulberry32: the same seed gives the same sequence in [0, 1). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
