/**
 * Pricing for column generation: the bounded knapsack
 *   max Σ v_i a_i  s.t.  Σ w_i a_i ≤ C,  0 ≤ a_i ≤ u_i integer,
 * solved for several capacities at once (one per kind of bar).
 *
 * Capacities can be huge (scaled decimals, 1/64 inch), so nothing here is linear in the capacity value
 * without a cap:
 * - small instances (capacity × items below a few million cells) use the exact dense DP;
 * - `fast` mode runs the DP on a coarse grid twice: weights rounded up give packings that really fit, and
 *   weights rounded down give a valid upper bound (every real packing fits the relaxed one), so the bound
 *   stays valid and, when the two meet, the answer is exact;
 * - `exact` mode certifies with the full DP when it fits in memory, else with a branch and bound and, when
 *   that stops early, a value-only DP; past every cap it returns the best packing and a valid upper bound.
 */

import { gcd } from '../model/index.ts';
import { splitChunks, sweepChunks } from './chunk-dp.ts';
import { dpArrays } from './dp-arena.ts';
import { branchAndBound } from './knapsack-bb.ts';
import { sparseKnapsack } from './knapsack-sparse.ts';
import type { KnapsackInput, KnapsackOptions, KnapsackResult } from './knapsack-types.ts';
import {
  BITMAP_CELLS,
  COARSE_DP_CELLS,
  DIRECT_DP_CELLS,
  EXACT_NODES,
  QUICK_NODES_MAX,
  QUICK_NODES_MIN,
  QUICK_WORK,
  SEEDED_NODES,
  SMALL_DP_CELLS,
  SPARSE_STATES,
  VALUE_DP_CELLS,
} from './tuning.ts';

/** Solves one knapsack (see {@link solveKnapsacks}). */
export function solveKnapsack(input: KnapsackInput, options: KnapsackOptions = {}): KnapsackResult {
  const [result] = solveKnapsacks(input, [input.capacity], options);
  return result ?? emptyResult(input.values.length);
}

/** Solves the same knapsack for several capacities: one DP over the largest answers them all. */
export function solveKnapsacks(
  input: Omit<KnapsackInput, 'capacity'>,
  capacities: readonly number[],
  options: KnapsackOptions = {},
): KnapsackResult[] {
  const { values, weights, bounds } = input;
  const m = values.length;
  const maxCap = Math.max(0, ...capacities);
  const copies = new Int32Array(m);
  let g = 0;
  let chunks = 0;
  for (let i = 0; i < m; i++) {
    const w = weights[i] ?? 0;
    if ((values[i] ?? 0) <= 0 || (bounds[i] ?? 0) <= 0 || w > maxCap || w <= 0) continue;
    copies[i] = Math.min(bounds[i] ?? 0, Math.floor(maxCap / w));
    g = gcd(g, w);
    chunks += Math.ceil(Math.log2((copies[i] ?? 0) + 1));
  }
  if (g === 0) return capacities.map(() => emptyResult(m));
  // Dividing by the gcd of the weights shrinks the capacities without changing which packings fit.
  const cells = (Math.floor(maxCap / g) + 1) * Math.max(1, chunks);
  const extras = options.extras ?? 0;
  const wasm = options.wasm !== false;
  if (cells <= SMALL_DP_CELLS) return exactDp(values, weights, copies, g, capacities, extras, wasm);
  // Few item types and varied values (the usual practical job) make the branch and bound finish in a
  // few thousand nodes, far below a DP over a fine-grained capacity.
  const quickNodes = Math.max(
    QUICK_NODES_MIN,
    Math.min(QUICK_NODES_MAX, Math.floor(QUICK_WORK / Math.max(1, m))),
  );
  const quick =
    options.quick?.length === capacities.length
      ? [...options.quick]
      : capacities.map((capacity) => branchAndBound(values, weights, copies, capacity, quickNodes));
  // Fast pricing only needs a column that prices out: the branch and bound's packings as they are, with
  // its valid (if looser) bound; the exact round follows when none prices out.
  if (quick.every((r) => r.exact) || options.mode === 'fast') return quick;
  // Certify where the quick search stopped, by a branch and bound that starts from its best packing,
  // whose value prunes from the first node: with few item types it usually finishes and spares the coarse
  // DP; with many it rarely does and costs nodes (docs/solver.md, Tuning), so it is asked for.
  if (options.resume) {
    const resumed = allExact(capacities, (capacity, k) => {
      const q = quick[k];
      return q?.exact ? q : branchAndBound(values, weights, copies, capacity, SEEDED_NODES, q?.counts);
    });
    if (resumed) return resumed;
  }
  if (cells <= DIRECT_DP_CELLS) return exactDp(values, weights, copies, g, capacities, extras, wasm);
  // Else a coarse DP for a better start.
  const coarse = coarseDp(values, weights, copies, g, capacities, extras, cells, wasm);
  if (coarse.every((r) => r.exact)) return coarse;
  // Certify with a branch and bound that starts from the coarse packing: its value prunes most of the
  // tree, and the relaxed bound says how far off it can be. The full DP only when that does not finish.
  const seeded = allExact(capacities, (capacity, k) =>
    branchAndBound(values, weights, copies, capacity, SEEDED_NODES, coarse[k]?.counts),
  );
  if (seeded) return seeded;
  if (cells <= BITMAP_CELLS) return exactDp(values, weights, copies, g, capacities, extras, wasm);
  // Too large for the choice bitmap: the undominated states only, pruned by the Dantzig bound, before a
  // branch and bound that would stop at its node limit with a loose bound (technique `sparse-dp`).
  if (options.sparse !== false) {
    const sparse = allExact(
      capacities,
      (capacity, k) =>
        sparseKnapsack(values, weights, copies, capacity, SPARSE_STATES, better(quick[k], coarse[k])) ??
        INEXACT,
    );
    if (sparse) return sparse;
  }
  const results = capacities.map((capacity) =>
    branchAndBound(values, weights, copies, capacity, EXACT_NODES),
  );
  if (results.every((r) => r.exact) || cells > VALUE_DP_CELLS) return results;
  const best = dpValues(values, weights, copies, g, 1, 'floor', capacities);
  return results.map((r, k) => {
    const v = best[k] ?? r.upperBound;
    return { ...r, upperBound: Math.max(v, r.value), exact: r.value >= v * (1 - 1e-12) };
  });
}

/**
 * `solve` for every capacity while each answer is exact; null at the first that is not. Where one is not,
 * the caller drops them all for the next step, so the capacities after it are never solved for nothing
 * (a resumed or seeded branch and bound that stops costs its whole node limit).
 */
function allExact(
  capacities: readonly number[],
  solve: (capacity: number, k: number) => KnapsackResult,
): KnapsackResult[] | null {
  const out: KnapsackResult[] = [];
  for (const [k, capacity] of capacities.entries()) {
    const r = solve(capacity, k);
    if (!r.exact) return null;
    out.push(r);
  }
  return out;
}

/** The packing of the higher value of two answers, if any (a start for the sparse DP's pruning). */
function better(a: KnapsackResult | undefined, b: KnapsackResult | undefined): Int32Array | undefined {
  if (!a) return b?.counts;
  if (!b) return a.counts;
  return b.value > a.value ? b.counts : a.counts;
}

/** Stands for an answer `allExact` must not accept (the sparse DP gave up). */
const INEXACT: KnapsackResult = {
  counts: new Int32Array(0),
  value: 0,
  upperBound: 0,
  exact: false,
  extra: [],
};

function emptyResult(m: number): KnapsackResult {
  return { counts: new Int32Array(m), value: 0, upperBound: 0, exact: true, extra: [] };
}

function exactDp(
  values: Float64Array,
  weights: ArrayLike<number>,
  copies: Int32Array,
  g: number,
  capacities: readonly number[],
  extras: number,
  wasm: boolean,
): KnapsackResult[] {
  const grid = Int32Array.from({ length: values.length }, (_, i) => (weights[i] ?? 0) / g);
  return dpPatterns(
    values,
    grid,
    copies,
    capacities.map((c) => Math.floor(c / g)),
    extras,
    wasm,
  ).map((r) => ({
    counts: r.counts,
    value: r.value,
    upperBound: r.value,
    exact: true,
    extra: r.extra,
  }));
}

/**
 * The DP on a grid `step` times coarser than the gcd: rounded-up weights give packings that fit; rounded-down
 * weights give an upper bound, because every packing that fits the real capacity fits the relaxed one.
 */
function coarseDp(
  values: Float64Array,
  weights: ArrayLike<number>,
  copies: Int32Array,
  g: number,
  capacities: readonly number[],
  extras: number,
  cells: number,
  wasm: boolean,
): KnapsackResult[] {
  const step = g * Math.ceil(cells / COARSE_DP_CELLS);
  const up = Int32Array.from({ length: values.length }, (_, i) => Math.ceil((weights[i] ?? 0) / step));
  const found = dpPatterns(
    values,
    up,
    copies,
    capacities.map((c) => Math.floor(c / step)),
    extras,
    wasm,
  );
  const bounds = dpValues(values, weights, copies, step, 1, 'floor', capacities);
  return found.map((r, k) => {
    const value = patternValue(values, r.counts);
    const upperBound = Math.max(value, bounds[k] ?? Number.POSITIVE_INFINITY);
    return { counts: r.counts, value, upperBound, exact: value >= upperBound * (1 - 1e-12), extra: r.extra };
  });
}

function patternValue(values: Float64Array, counts: Int32Array): number {
  let v = 0;
  for (let i = 0; i < counts.length; i++) v += (counts[i] ?? 0) * (values[i] ?? 0);
  return v;
}

/** Dense 0/1 DP over chunks with a choice bitmap, on integer grid weights; one table for all capacities. */
function dpPatterns(
  values: Float64Array,
  grid: Int32Array,
  copies: Int32Array,
  caps: readonly number[],
  extras: number,
  wasm: boolean,
): { counts: Int32Array; value: number; extra: Int32Array[] }[] {
  const m = values.length;
  const cap = Math.max(0, ...caps);
  const chunks = splitChunks(copies, (i) => (values[i] ?? 0) > 0);
  const { item, times } = chunks;
  const n = item.length;
  const width = cap + 1;
  // Views of the DP arena (technique `wasm-sweep`): used within this call only.
  const { f, take } = dpArrays({ width, takeCells: n * width, rowCells: 0 }, 0, wasm);
  sweepChunks(f, take, chunks, grid, values, cap);
  const rebuild = (start: number): Int32Array => {
    const counts = new Int32Array(m);
    let r = start;
    for (let c = n - 1; c >= 0; c--) {
      if (take[c * width + r]) {
        const i = item[c] ?? 0;
        const k = times[c] ?? 0;
        counts[i] = (counts[i] ?? 0) + k;
        r -= (grid[i] ?? 0) * k;
      }
    }
    return counts;
  };
  return caps.map((top) => {
    const counts = rebuild(top);
    const extra: Int32Array[] = [];
    if (extras > 0) {
      // f is non-decreasing in r; where it steps down, the best packing of the smaller capacity differs.
      const seen = new Set<string>([counts.join(',')]);
      for (let r = top; r > 0 && extra.length < extras; r--) {
        if ((f[r - 1] ?? 0) >= (f[r] ?? 0) - 1e-12) continue;
        if ((f[r - 1] ?? 0) <= 0) break;
        const alt = rebuild(r - 1);
        const key = alt.join(',');
        if (!seen.has(key)) {
          seen.add(key);
          extra.push(alt);
        }
      }
    }
    return { counts, value: f[top] ?? 0, extra };
  });
}

/**
 * Best values only (no reconstruction), O(C / step) memory, on weights rounded down to a grid of `step`:
 * with step = the gcd this is exact; coarser, it is a relaxation and so an upper bound.
 */
function dpValues(
  values: Float64Array,
  weights: ArrayLike<number>,
  copies: Int32Array,
  step: number,
  _unused: number,
  _round: 'floor',
  capacities: readonly number[],
): number[] {
  const caps = capacities.map((c) => Math.floor(c / step));
  const cap = Math.max(0, ...caps);
  const f = new Float64Array(cap + 1);
  const { item, times } = splitChunks(copies, (i) => (values[i] ?? 0) > 0);
  for (let c = 0; c < item.length; c++) {
    const i = item[c] ?? 0;
    const k = times[c] ?? 0;
    const w = Math.floor((weights[i] ?? 0) / step) * k;
    const v = (values[i] ?? 0) * k;
    if (w === 0) {
      for (let r = 0; r <= cap; r++) f[r] = (f[r] ?? 0) + v;
      continue;
    }
    for (let r = cap; r >= w; r--) {
      const cand = (f[r - w] ?? 0) + v;
      if (cand > (f[r] ?? 0)) f[r] = cand;
    }
  }
  return caps.map((c) => f[c] ?? 0);
}
