/**
 * Pricing for column generation: the bounded knapsack
 *   max Σ v_i a_i  s.t.  Σ w_i a_i ≤ C,  0 ≤ a_i ≤ u_i integer.
 *
 * Two exact engines: a dense dynamic programme over capacity (fast when C × Σ log u_i is small) and a
 * depth-first branch and bound over items sorted by value density (fast when few items fit a bar, as with
 * the large capacities that scaled decimals and 1/64-inch lengths produce). Neither is linear in the
 * capacity value without a fallback: the DP is used only under a size cap, and the branch and bound reports
 * an upper bound when it stops early, so column generation can still derive a valid bound.
 */

export interface KnapsackInput {
  /** Item values (duals); items with value ≤ 0 are never packed. */
  readonly values: Float64Array;
  /** Integer weights (part length + kerf), > 0. */
  readonly weights: Int32Array | Float64Array;
  /** Upper bounds on copies per item. */
  readonly bounds: Int32Array;
  /** Integer capacity. */
  readonly capacity: number;
}

export interface KnapsackResult {
  /** Best packing found (copies per item). */
  readonly counts: Int32Array;
  readonly value: number;
  /** An upper bound on the optimum; equals `value` when `exact`. */
  readonly upperBound: number;
  readonly exact: boolean;
  /** Further distinct good packings found on the way (best first), for multi-column pricing. */
  readonly extra: readonly Int32Array[];
}

export interface KnapsackOptions {
  /** Node limit of the branch and bound before it falls back or gives up. */
  readonly nodeLimit?: number;
  /** Largest DP table (cells = (C+1) × chunks) to allocate. */
  readonly dpCellLimit?: number;
  /** Number of extra packings wanted. */
  readonly extras?: number;
  /** Values with reduced cost above this are not worth returning as extras. */
  readonly extraThreshold?: number;
}

const DEFAULT_DP_CELLS = 6_000_000;
const DEFAULT_NODES = 400_000;

/** Solves the bounded knapsack exactly when the size caps allow, else returns the best found and a bound. */
export function solveKnapsack(input: KnapsackInput, options: KnapsackOptions = {}): KnapsackResult {
  const [result] = solveKnapsacks(input, [input.capacity], options);
  return result ?? emptyResult(input.values.length);
}

/**
 * Solves the same knapsack for several capacities (one per kind of bar). One DP table over the largest
 * capacity answers them all; the branch and bound runs once per capacity.
 */
export function solveKnapsacks(
  input: Omit<KnapsackInput, 'capacity'>,
  capacities: readonly number[],
  options: KnapsackOptions = {},
): KnapsackResult[] {
  const { values, weights, bounds } = input;
  const m = values.length;
  const maxCap = Math.max(0, ...capacities);
  // Reduce by the gcd of all weights: capacities shrink without changing which packings fit.
  let g = 0;
  let chunks = 0;
  for (let i = 0; i < m; i++) {
    const w = weights[i] ?? 0;
    if ((values[i] ?? 0) <= 0 || (bounds[i] ?? 0) <= 0 || w > maxCap) continue;
    g = gcd(g, w);
    chunks += Math.ceil(Math.log2(Math.min(bounds[i] ?? 0, Math.floor(maxCap / w)) + 1));
  }
  if (g === 0) return capacities.map(() => emptyResult(m));
  const cells = (Math.floor(maxCap / g) + 1) * Math.max(1, chunks);
  const dpLimit = options.dpCellLimit ?? DEFAULT_DP_CELLS;
  if (cells <= dpLimit)
    return dpKnapsack({ values, weights, bounds, capacity: maxCap }, g, capacities, options.extras ?? 0);
  const results = capacities.map((capacity) =>
    branchAndBound({ values, weights, bounds, capacity }, options.nodeLimit ?? DEFAULT_NODES),
  );
  if (results.every((r) => r.exact) || cells > dpLimit * 8) return results;
  return dpKnapsack({ values, weights, bounds, capacity: maxCap }, g, capacities, options.extras ?? 0);
}

function emptyResult(m: number): KnapsackResult {
  return { counts: new Int32Array(m), value: 0, upperBound: 0, exact: true, extra: [] };
}

export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

/** Dense 0/1 DP over binary-split chunks with a choice bitmap for reconstruction, for several capacities. */
function dpKnapsack(
  input: KnapsackInput,
  g: number,
  capacities: readonly number[],
  extras: number,
): KnapsackResult[] {
  const { values, weights, bounds, capacity } = input;
  const m = values.length;
  const cap = Math.floor(capacity / g);
  const chunkItem: number[] = [];
  const chunkCopies: number[] = [];
  for (let i = 0; i < m; i++) {
    const v = values[i] ?? 0;
    const w = weights[i] ?? 0;
    if (v <= 0 || w > capacity) continue;
    let left = Math.min(bounds[i] ?? 0, Math.floor(capacity / w));
    for (let k = 1; left > 0; k *= 2) {
      const take = Math.min(k, left);
      chunkItem.push(i);
      chunkCopies.push(take);
      left -= take;
    }
  }
  const n = chunkItem.length;
  const f = new Float64Array(cap + 1);
  const width = cap + 1;
  const take = new Uint8Array(n * width);
  for (let c = 0; c < n; c++) {
    const i = chunkItem[c] ?? 0;
    const k = chunkCopies[c] ?? 0;
    const w = ((weights[i] ?? 0) / g) * k;
    const v = (values[i] ?? 0) * k;
    const base = c * width;
    for (let r = cap; r >= w; r--) {
      const cand = (f[r - w] ?? 0) + v;
      if (cand > (f[r] ?? 0)) {
        f[r] = cand;
        take[base + r] = 1;
      }
    }
  }
  const rebuild = (start: number): Int32Array => {
    const counts = new Int32Array(m);
    let r = start;
    for (let c = n - 1; c >= 0; c--) {
      if (take[c * width + r]) {
        const i = chunkItem[c] ?? 0;
        const k = chunkCopies[c] ?? 0;
        counts[i] = (counts[i] ?? 0) + k;
        r -= ((weights[i] ?? 0) / g) * k;
      }
    }
    return counts;
  };
  return capacities.map((capacityS) => {
    const top = Math.floor(capacityS / g);
    const best = f[top] ?? 0;
    const counts = rebuild(top);
    const extra: Int32Array[] = [];
    if (extras > 0) {
      // f is non-decreasing in r; each strict step down marks a packing of a different total weight.
      const seen = new Set<string>([counts.join(',')]);
      for (let r = top; r > 0 && extra.length < extras; r--) {
        if ((f[r - 1] ?? 0) < (f[r] ?? 0) - 1e-12) continue;
        if ((f[r - 1] ?? 0) <= 0) break;
        const alt = rebuild(r - 1);
        const key = alt.join(',');
        if (!seen.has(key)) {
          seen.add(key);
          extra.push(alt);
        }
      }
    }
    return { counts, value: best, upperBound: best, exact: true, extra };
  });
}

/**
 * Depth-first branch and bound in density order with the Dantzig (fractional) bound.
 * Stops after `nodeLimit` nodes; the bound then is the max of the best value and the fractional bounds of
 * the nodes left open, which is a valid upper bound.
 */
function branchAndBound(input: KnapsackInput, nodeLimit: number): KnapsackResult {
  const { values, weights, bounds, capacity } = input;
  const m = values.length;
  const order: number[] = [];
  for (let i = 0; i < m; i++) {
    if ((values[i] ?? 0) > 0 && (bounds[i] ?? 0) > 0 && (weights[i] ?? 0) <= capacity) order.push(i);
  }
  order.sort((a, b) => {
    const d = (values[b] ?? 0) / (weights[b] ?? 1) - (values[a] ?? 0) / (weights[a] ?? 1);
    return d !== 0 ? d : a - b;
  });
  const n = order.length;
  const v = new Float64Array(n);
  const w = new Float64Array(n);
  const u = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const i = order[k] ?? 0;
    v[k] = values[i] ?? 0;
    w[k] = weights[i] ?? 0;
    u[k] = Math.min(bounds[i] ?? 0, Math.floor(capacity / (w[k] ?? 1)));
  }
  // Smallest weight among items k.. lets a node stop early when nothing else fits.
  const minW = new Float64Array(n + 1);
  minW[n] = Number.POSITIVE_INFINITY;
  for (let k = n - 1; k >= 0; k--) minW[k] = Math.min(w[k] ?? 0, minW[k + 1] ?? 0);

  const fractionalBound = (k0: number, room: number): number => {
    let bound = 0;
    let r = room;
    for (let k = k0; k < n; k++) {
      const wk = w[k] ?? 1;
      const full = Math.min(u[k] ?? 0, Math.floor(r / wk));
      bound += full * (v[k] ?? 0);
      r -= full * wk;
      if (full < (u[k] ?? 0)) {
        bound += (r / wk) * (v[k] ?? 0);
        break;
      }
    }
    return bound;
  };

  const cur = new Int32Array(n);
  let bestVal = 0;
  let best = new Int32Array(n);
  let nodes = 0;
  let openBound = 0;
  let stopped = false;

  const dfs = (k: number, room: number, val: number): void => {
    if (val > bestVal + 1e-12) {
      bestVal = val;
      best = cur.slice();
    }
    if (k >= n || room < (minW[k] ?? 0)) return;
    const ub = val + fractionalBound(k, room);
    if (ub <= bestVal + 1e-12) return;
    if (stopped || ++nodes > nodeLimit) {
      stopped = true;
      openBound = Math.max(openBound, ub);
      return;
    }
    const wk = w[k] ?? 1;
    const maxTake = Math.min(u[k] ?? 0, Math.floor(room / wk));
    for (let t = maxTake; t >= 0; t--) {
      cur[k] = t;
      // Once stopped, each call below only records its subtree's bound, so every open node is covered.
      dfs(k + 1, room - t * wk, val + t * (v[k] ?? 0));
    }
    cur[k] = 0;
  };
  dfs(0, capacity, 0);

  const counts = new Int32Array(m);
  for (let k = 0; k < n; k++) counts[order[k] ?? 0] = best[k] ?? 0;
  const exact = !stopped;
  return {
    counts,
    value: bestVal,
    upperBound: exact ? bestVal : Math.max(bestVal, openBound),
    exact,
    extra: [],
  };
}
