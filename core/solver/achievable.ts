/**
 * Every plan costs Σ cₛ·nₛ: a whole number of bars of each source times that source's cost. So a lower bound
 * B can be raised to the smallest such sum that is at least B. With one kind of bar (cost 1) every integer
 * is a sum and nothing changes; with a few stock lengths, prices or owned offcuts of odd lengths, the sums
 * are sparse, and the bound often jumps straight to the incumbent's cost: a proof for free.
 */

export interface CostSource {
  readonly cost: number;
  /** Fewest bars of this source (a branching decision; 0 by default). */
  readonly lo: number;
  /** Most bars (supply or branching; `Infinity` when unlimited). */
  readonly hi: number;
}

/**
 * The smallest value ≥ `bound` and < `below` that some bar counts within [lo, hi] add up to, or `below`
 * when there is none. Gives up (returns `bound` unchanged) after `stepLimit` search steps.
 */
export function liftBound(
  bound: number,
  below: number,
  sources: readonly CostSource[],
  stepLimit = 200_000,
): number {
  if (bound >= below) return bound;
  const list = sources.filter((s) => s.hi > 0 || s.lo > 0).sort((a, b) => b.cost - a.cost);
  // Zero-cost sources never change a sum: fold them away.
  const paid = list.filter((s) => s.cost > 0);
  let base = 0;
  for (const s of paid) base += s.cost * s.lo;
  if (base >= below) return below;
  // Most each suffix of sources can still add on top of its minimum.
  const room = new Float64Array(paid.length + 1);
  for (let k = paid.length - 1; k >= 0; k--) {
    const s = paid[k];
    room[k] = (room[k + 1] ?? 0) + (s ? s.cost * (s.hi - s.lo) : 0);
  }
  let best = below;
  let steps = 0;
  let gaveUp = false;
  const search = (k: number, sum: number): void => {
    if (gaveUp || sum >= best) return;
    if (++steps > stepLimit) {
      gaveUp = true;
      return;
    }
    if (sum >= bound) {
      best = sum;
      return;
    }
    const s = paid[k];
    if (!s || sum + (room[k] ?? 0) < bound) return;
    // Bars of this source that keep the sum below `best`; past `bound` one more bar only adds cost.
    const most = Math.min(
      s.hi - s.lo,
      Math.floor((best - 1 - sum) / s.cost),
      Math.ceil((bound - sum) / s.cost),
    );
    for (let n = 0; n <= most && !gaveUp; n++) {
      if (sum + n * s.cost >= best) break;
      search(k + 1, sum + n * s.cost);
    }
  };
  search(0, base);
  return gaveUp ? bound : Math.max(bound, best);
}
