/** A small deterministic generator (a linear congruential one), so a failing random test can be replayed. */
export function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}
