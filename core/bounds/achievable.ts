/**
 * Lower bounds lifted to costs a plan can reach (whole bars of each source), the cheap mixes of bar counts,
 * and cuts on bar counts.
 */
import type { Job } from '../model/index.ts';

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
 * The smallest value ≥ `bound` and < `below` that some bar counts within [lo, hi] add up to (and that
 * satisfy every cut), or `below` when there is none. Gives up (returns `bound` unchanged) after
 * `stepLimit` search steps.
 */
export function liftBound(
  bound: number,
  below: number,
  sources: readonly CostSource[],
  cuts: readonly CountCut[] = [],
  stepLimit = 200_000,
): number {
  if (bound >= below) return bound;
  if (cuts.length > 0) return liftWithCuts(bound, below, sources, cuts, stepLimit);
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

/**
 * A valid inequality on bar counts: every plan has Σ vₛ·nₛ ≥ rhs (from duals π ≥ 0: rhs = Σ dᵢπᵢ, vₛ the
 * best pattern value of source s under π, `Infinity` where it was not priced).
 */
export interface CountCut {
  readonly rhs: number;
  readonly v: ArrayLike<number>;
}

/**
 * {@link liftBound} with inequalities on the bar counts: the smallest Σ cₛ·nₛ ≥ `bound` (and < `below`)
 * over counts within [lo, hi] that satisfy every cut, or `below` when there is none.
 */
function liftWithCuts(
  bound: number,
  below: number,
  sources: readonly CostSource[],
  cuts: readonly CountCut[],
  stepLimit: number,
): number {
  const K = cuts.length;
  const times = (v: number, n: number): number => (n === 0 || v === 0 ? 0 : v * n);
  const cover0 = new Float64Array(K);
  const need = Float64Array.from(cuts, (c) => c.rhs - 1e-9 * Math.max(1, Math.abs(c.rhs)));
  let base = 0;
  const paid: number[] = [];
  sources.forEach((s, k) => {
    const fixed = s.cost > 0 ? s.lo : s.hi;
    if (s.cost > 0) base += s.cost * s.lo;
    for (let j = 0; j < K; j++) cover0[j] = (cover0[j] ?? 0) + times(cuts[j]?.v[k] ?? 0, fixed);
    if (s.cost > 0 && s.hi > s.lo) paid.push(k);
  });
  if (base >= below) return below;
  paid.sort((a, b) => (sources[b]?.cost ?? 0) - (sources[a]?.cost ?? 0) || a - b);
  const P = paid.length;
  // room[j·(P+1) + q]: most cut j can still gain from paid sources q…
  const room = new Float64Array(K * (P + 1));
  for (let j = 0; j < K; j++) {
    for (let q = P - 1; q >= 0; q--) {
      const k = paid[q] ?? 0;
      const s = sources[k];
      const span = s ? s.hi - s.lo : 0;
      room[j * (P + 1) + q] = (room[j * (P + 1) + q + 1] ?? 0) + times(cuts[j]?.v[k] ?? 0, span);
    }
  }
  // ratio[j·(P+1) + q]: the least cost per unit of cut j's coverage among paid sources q…: covering a
  // gap g costs at least g times it.
  const ratio = new Float64Array(K * (P + 1)).fill(Number.POSITIVE_INFINITY);
  for (let j = 0; j < K; j++) {
    for (let q = P - 1; q >= 0; q--) {
      const k = paid[q] ?? 0;
      const v = cuts[j]?.v[k] ?? 0;
      const own = v > 0 ? (sources[k]?.cost ?? 0) / v : Number.POSITIVE_INFINITY;
      ratio[j * (P + 1) + q] = Math.min(own, ratio[j * (P + 1) + q + 1] ?? Number.POSITIVE_INFINITY);
    }
  }
  let best = below;
  let steps = 0;
  let gaveUp = false;
  const cover = cover0.slice();
  const snap = new Float64Array(K * (P + 1));
  const search = (q: number, sum: number): void => {
    if (gaveUp || sum >= best) return;
    if (++steps > stepLimit) {
      gaveUp = true;
      return;
    }
    let ok = true;
    for (let j = 0; j < K; j++) {
      const c = cover[j] ?? 0;
      const n = need[j] ?? 0;
      if (c >= n) continue;
      ok = false;
      if (c + (room[j * (P + 1) + q] ?? 0) < n) return;
      // Margin: the cheapest way to cover the gap must stay below the best sum found (floats: the ratio
      // bound is relaxed a little, so it never cuts off a sum that would really do).
      if (sum + (n - c) * (ratio[j * (P + 1) + q] ?? 0) * (1 - 1e-9) >= best) return;
    }
    if (ok && sum >= bound) {
      best = sum;
      return;
    }
    if (q >= P) return;
    const k = paid[q] ?? 0;
    const s = sources[k];
    if (!s) return;
    if (q === P - 1) {
      // The last source: more bars only add cost and coverage, so its fewest sufficient bars decide.
      let n = Math.max(0, Math.ceil((bound - sum) / s.cost));
      for (let j = 0; j < K; j++) {
        const gap = (need[j] ?? 0) - (cover[j] ?? 0);
        if (gap <= 0) continue;
        const v = cuts[j]?.v[k] ?? 0;
        if (v <= 0) return;
        n = Math.max(n, Number.isFinite(v) ? Math.ceil(gap / v) : 1);
      }
      if (n <= s.hi - s.lo && sum + n * s.cost < best) best = sum + n * s.cost;
      return;
    }
    let most = Math.min(s.hi - s.lo, Math.floor((best - 1 - sum) / s.cost));
    if (!Number.isFinite(most)) {
      // No incumbent to stop at: enough bars to reach the bound and cover every cut with this source alone.
      most = Math.max(0, Math.ceil((bound - sum) / s.cost));
      for (let j = 0; j < K; j++) {
        const v = cuts[j]?.v[k] ?? 0;
        if (v > 0 && Number.isFinite(v))
          most = Math.max(most, Math.ceil(((need[j] ?? 0) - (cover[j] ?? 0)) / v));
        else if (v > 0) most = Math.max(most, 1);
      }
    }
    snap.set(cover, q * K);
    for (let n = 0; n <= most && !gaveUp; n++) {
      if (sum + n * s.cost >= best) break;
      if (n > 0) for (let j = 0; j < K; j++) cover[j] = (cover[j] ?? 0) + (cuts[j]?.v[k] ?? 0);
      search(q + 1, sum + n * s.cost);
    }
    cover.set(snap.subarray(q * K, (q + 1) * K));
  };
  search(0, base);
  return gaveUp ? bound : Math.max(bound, best);
}

/** Bars of each source (`n`, by source index) and what they cost. */
export interface Mix {
  readonly n: readonly number[];
  readonly cost: number;
}

/**
 * Every mix of bars within [lo, hi] with `bound` ≤ cost < `below` that satisfies the cuts, in no
 * particular order, or null when there are more than `limit` (or the search for them takes more than
 * `stepLimit` steps). Sources of cost 0 are not enumerated:
 * their count stays free (listed as `hi`).
 */
export function cheapMixes(
  bound: number,
  below: number,
  sources: readonly CostSource[],
  cuts: readonly CountCut[],
  limit: number,
  stepLimit = 100_000,
): Mix[] | null {
  const out: Mix[] = [];
  const n = sources.map((s) => (s.cost > 0 ? s.lo : s.hi));
  const need = cuts.map((c) => c.rhs - 1e-9 * Math.max(1, Math.abs(c.rhs)));
  const paid = sources.flatMap((s, k) => (s.cost > 0 ? [k] : []));
  let base = 0;
  for (const k of paid) base += (sources[k]?.cost ?? 0) * (n[k] ?? 0);
  const covers = (): boolean =>
    cuts.every((cut, j) => {
      let c = 0;
      n.forEach((x, k) => {
        const v = cut.v[k] ?? 0;
        if (x > 0 && v > 0) c += v * x;
      });
      return c >= (need[j] ?? 0);
    });
  let overflow = false;
  let steps = 0;
  const visit = (q: number, sum: number): void => {
    if (overflow || sum >= below) return;
    // Many bars of several unlimited sources make the window's mixes countless: too many, like `limit`.
    if (++steps > stepLimit) {
      overflow = true;
      return;
    }
    if (q === paid.length) {
      if (sum < bound || !covers()) return;
      if (out.length === limit) overflow = true;
      else out.push({ n: n.slice(), cost: sum });
      return;
    }
    const k = paid[q] ?? 0;
    const s = sources[k];
    if (!s) return;
    const most = Math.min(s.hi - s.lo, Math.floor((below - 1 - sum) / s.cost));
    // The last source's count alone decides whether the sum reaches the window.
    const least = q === paid.length - 1 ? Math.max(0, Math.ceil((bound - sum) / s.cost)) : 0;
    for (let x = least; x <= most && !overflow; x++) {
      n[k] = s.lo + x;
      visit(q + 1, sum + x * s.cost);
    }
    n[k] = s.lo;
  };
  if (!Number.isFinite(below)) return null;
  visit(0, base);
  return overflow ? null : out;
}

/** The cost structure of a residual: each source's cost and how many of its bars may be used. */
export function costSources(
  job: Job,
  r: { readonly lo: Float64Array; readonly hi: Float64Array },
): CostSource[] {
  return job.sources.map((s, k) => ({ cost: s.cost, lo: r.lo[k] ?? 0, hi: r.hi[k] ?? 0 }));
}
