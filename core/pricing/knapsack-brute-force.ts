/** Test support: the bounded knapsack's optimum by enumeration, for the pricing tests' oracles. */

/** The true optimum by brute force over every count vector (tiny instances only). */
export function bruteForce(values: number[], weights: number[], bounds: number[], capacity: number): number {
  let best = 0;
  const walk = (i: number, room: number, value: number): void => {
    if (i === values.length) {
      best = Math.max(best, value);
      return;
    }
    const w = weights[i] ?? 1;
    for (let c = 0; c <= (bounds[i] ?? 0) && c * w <= room; c++)
      walk(i + 1, room - c * w, value + c * (values[i] ?? 0));
  };
  walk(0, capacity, 0);
  return best;
}
