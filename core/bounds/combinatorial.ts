/**
 * Combinatorial lower bounds on the number of bars of one capacity needed to cut given items: the
 * continuous bound and the Martello–Toth L2 bound. Both are exact integer arithmetic.
 */

export interface WeightedDemand {
  /** Item weights (length + kerf). */
  readonly weights: ArrayLike<number>;
  readonly demands: ArrayLike<number>;
  /** Bar capacity (length + kerf − trim kerfs). */
  readonly capacity: number;
}

/** ⌈Σ w·d / C⌉. */
export function continuousBound({ weights, demands, capacity }: WeightedDemand): number {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += (weights[i] ?? 0) * (demands[i] ?? 0);
  return total <= 0 ? 0 : Math.ceil(total / capacity);
}

/**
 * Martello–Toth L2: for each threshold α ≤ C/2, items heavier than C − α each need their own bar, items in
 * (C/2, C − α] need a bar each that only items ≥ α can share, and the items in [α, C/2] must fill what is
 * left. O(k²) over the k distinct weights, which is fine for the few thousand lines we accept.
 */
export function l2Bound({ weights, demands, capacity: c }: WeightedDemand): number {
  const idx = Array.from({ length: weights.length }, (_, i) => i).filter((i) => (demands[i] ?? 0) > 0);
  let best = continuousBound({ weights, demands, capacity: c });
  const alphas = new Set<number>([0]);
  for (const i of idx) {
    const w = weights[i] ?? 0;
    if (2 * w <= c) alphas.add(w);
  }
  for (const alpha of alphas) {
    let n1 = 0;
    let n2 = 0;
    let sum2 = 0;
    let sum3 = 0;
    for (const i of idx) {
      const w = weights[i] ?? 0;
      const d = demands[i] ?? 0;
      if (w > c - alpha) n1 += d;
      else if (2 * w > c) {
        n2 += d;
        sum2 += w * d;
      } else if (w >= alpha) sum3 += w * d;
    }
    const room = n2 * c - sum2;
    const extra = Math.max(0, Math.ceil((sum3 - room) / c));
    best = Math.max(best, n1 + n2 + extra);
  }
  return best;
}
