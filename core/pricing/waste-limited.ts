/**
 * The knapsack of patterns whose waste is at most a limit: max Σ vᵢaᵢ over 0 ≤ aᵢ ≤ uᵢ with
 * C − limit ≤ Σ wᵢaᵢ ≤ C. A plan that beats the incumbent of a one-bar job wastes at most
 * C·(its bars) − Σ wᵢdᵢ in all, so each of its bars wastes at most that: pricing only such bars keeps
 * the proof (docs/solver.md, Pricing, "Waste-limited pricing").
 */
import { gcd } from '../model/index.ts';
import { choiceBitmap, splitChunks, sweepChunks } from './chunk-dp.ts';
import { WASTE_WALK_CELLS } from './tuning.ts';

/** The best pattern of waste at most `limit`, or null when no such pattern exists. */
export interface WasteLimited {
  readonly counts: Int32Array;
  readonly value: number;
  /** Further distinct patterns of waste at most `limit` worth more than `more.above` (best-first order). */
  readonly extra: readonly Int32Array[];
}

/** What else to read off the DP: up to `count` more patterns worth more than `above`. */
export interface MorePatterns {
  readonly above: number;
  readonly count: number;
  /** No item in more than this many of the patterns returned (the first one included). */
  readonly perItem: number;
  /** Steps of the walk through the table (each a cell looked at). */
  readonly steps: number;
}

let layers = new Float32Array(0);

/** The per-chunk value table for the walk, reused between calls. */
function table(size: number): Float32Array {
  if (layers.length < size) layers = new Float32Array(size);
  return layers;
}

/** Cells of the DP (capacity over the weights' gcd, times the 0/1 chunks): the caller's size cap. */
export function wasteLimitedCells(weights: ArrayLike<number>, bounds: Int32Array, capacity: number): number {
  let g = 0;
  let chunks = 0;
  for (let i = 0; i < bounds.length; i++) {
    const w = weights[i] ?? 0;
    const u = Math.min(bounds[i] ?? 0, w > 0 ? Math.floor(capacity / w) : 0);
    if (u <= 0) continue;
    g = gcd(g, w);
    chunks += Math.ceil(Math.log2(u + 1));
  }
  return g === 0 ? 0 : (Math.floor(capacity / g) + 1) * chunks;
}

/**
 * The exact best pattern of waste at most `limit` (items of value 0 may fill a bar too). A dense 0/1 DP
 * over binary-split copies whose empty packing is allowed only within `limit` of the capacity: the
 * table's last cell is then the best packing whose weight lies in [C − limit, C].
 */
export function wasteLimitedKnapsack(
  values: Float64Array,
  weights: ArrayLike<number>,
  bounds: Int32Array,
  capacity: number,
  limit: number,
  more?: MorePatterns,
): WasteLimited | null {
  const m = values.length;
  let g = 0;
  const copies = new Int32Array(m);
  for (let i = 0; i < m; i++) {
    const w = weights[i] ?? 0;
    const left = Math.min(bounds[i] ?? 0, w > 0 ? Math.floor(capacity / w) : 0);
    if (left <= 0) continue;
    copies[i] = left;
    g = gcd(g, w);
  }
  // Items worth nothing stay in: a full bar may need them.
  const chunks = splitChunks(copies);
  const { item, times } = chunks;
  if (g === 0) return limit >= capacity ? { counts: new Int32Array(m), value: 0, extra: [] } : null;
  const cap = Math.floor(capacity / g);
  // Weights are multiples of g: a weight of at least C − limit is at least ⌈(C − limit)/g⌉ grid units.
  const slack = cap - Math.ceil(Math.max(0, capacity - limit) / g);
  if (slack < 0) return null;
  const width = cap + 1;
  const f = new Float64Array(width).fill(Number.NEGATIVE_INFINITY);
  f.fill(0, 0, Math.min(width, slack + 1));
  const n = item.length;
  const take = choiceBitmap(n * width);
  const walk = more && more.count > 0 && n * width <= WASTE_WALK_CELLS ? table(n * width) : null;
  const grid = Int32Array.from(weights, (w) => w / g);
  sweepChunks(f, take, chunks, grid, values, cap, walk ? (c) => walk.set(f, c * width) : undefined);
  const value = f[cap] ?? Number.NEGATIVE_INFINITY;
  if (value === Number.NEGATIVE_INFINITY) return null;
  const counts = new Int32Array(m);
  let r = cap;
  for (let c = n - 1; c >= 0; c--) {
    if (take[c * width + r]) {
      const i = item[c] ?? 0;
      const k = times[c] ?? 0;
      counts[i] = (counts[i] ?? 0) + k;
      r -= (grid[i] ?? 0) * k;
    }
  }
  const extra =
    walk && more
      ? patternsAbove(walk, width, n, slack, item, times, weights, values, g, m, counts, more)
      : [];
  return { counts, value, extra };
}

/**
 * Walks the DP's table from its last cell, the better branch first, for distinct patterns worth more
 * than `more.above` other than `first`, within `more.steps` cells looked at; an item already in
 * `more.perItem` of the patterns kept is not taken again.
 */
function patternsAbove(
  t: Float32Array,
  width: number,
  n: number,
  slack: number,
  item: readonly number[],
  times: readonly number[],
  weights: ArrayLike<number>,
  values: Float64Array,
  g: number,
  m: number,
  first: Int32Array,
  more: MorePatterns,
): Int32Array[] {
  const used = new Int32Array(m);
  for (let i = 0; i < m; i++) if ((first[i] ?? 0) > 0) used[i] = 1;
  const out: Int32Array[] = [];
  const seen = new Set<string>([first.join(',')]);
  const chosen: number[] = [];
  let steps = 0;
  // Value of chunks 0..c at room r, as the table has it (the empty packing below chunk 0).
  const at = (c: number, r: number): number =>
    c < 0 ? (r <= slack ? 0 : Number.NEGATIVE_INFINITY) : (t[c * width + r] ?? Number.NEGATIVE_INFINITY);
  const tol = 1e-6 * Math.max(1, Math.abs(more.above));
  // 'found' unwinds the whole walk, which starts again from the top: the choices above the new pattern
  // may hold pieces that `perItem` now forbids.
  const visit = (c: number, r: number, acc: number): 'stop' | 'found' | 'done' => {
    if (++steps > more.steps) return 'stop';
    if (c < 0) {
      const counts = new Int32Array(m);
      for (const ch of chosen) counts[item[ch] ?? 0] = (counts[item[ch] ?? 0] ?? 0) + (times[ch] ?? 0);
      const key = counts.join(',');
      if (seen.has(key)) return 'done';
      seen.add(key);
      out.push(counts);
      for (let i = 0; i < m; i++) if ((counts[i] ?? 0) > 0) used[i] = (used[i] ?? 0) + 1;
      return 'found';
    }
    const i = item[c] ?? 0;
    const w = ((weights[i] ?? 0) / g) * (times[c] ?? 0);
    const v = (values[i] ?? 0) * (times[c] ?? 0);
    const takeValue =
      w <= r && (used[i] ?? 0) < more.perItem ? acc + v + at(c - 1, r - w) : Number.NEGATIVE_INFINITY;
    const skipValue = acc + at(c - 1, r);
    const order = takeValue >= skipValue ? [true, false] : [false, true];
    for (const taking of order) {
      if (!((taking ? takeValue : skipValue) > more.above + tol)) continue;
      if (taking) chosen.push(c);
      const next = taking ? visit(c - 1, r - w, acc + v) : visit(c - 1, r, acc);
      if (taking) chosen.pop();
      if (next !== 'done') return next;
    }
    return 'done';
  };
  while (out.length < more.count && visit(n - 1, width - 1, 0) === 'found') chosen.length = 0;
  return out;
}
