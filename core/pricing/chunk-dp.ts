/**
 * The dense 0/1 DP over binary-split chunks that both exact pricing DPs share (the plain knapsack's and
 * the waste-limited one's): the split and the row sweep. Their arrays come from `dp-arena.ts`.
 */
import { kernelsFor } from './dp-arena.ts';

/** Binary splitting of bounded copies into 0/1 chunks (item, copies taken), items `keep` refuses left out. */
export function splitChunks(
  copies: ArrayLike<number>,
  keep: (i: number) => boolean = () => true,
): { item: number[]; times: number[] } {
  const item: number[] = [];
  const times: number[] = [];
  for (let i = 0; i < copies.length; i++) {
    if (!keep(i)) continue;
    let left = copies[i] ?? 0;
    for (let k = 1; left > 0; k *= 2) {
      const take = Math.min(k, left);
      item.push(i);
      times.push(take);
      left -= take;
    }
  }
  return { item, times };
}

/**
 * Where a chunk's sweep can skip: the loads `r` (from `lo` to `hi`, none when `lo > hi`) whose source
 * `r − w` lies above the table's initial empty packings (`f` finite up to `empty`, −∞ above it) and below
 * `least`, the lightest chunk swept so far: no packing of those chunks weighs that little, so the source is
 * −∞ and the cell keeps its value. On the waste-limited DP's full bars (`empty` 0) that is a quarter of
 * the swept cells (ANI 402 to 1002: 24–25 %; docs/solver.md, "Cheaper sweeps over exact loads").
 */
export function skippedLoads(
  w: number,
  cap: number,
  empty: number | undefined,
  least: number,
): { lo: number; hi: number } {
  if (empty === undefined) return { lo: 1, hi: 0 };
  return { lo: Math.max(w, w + empty + 1), hi: Math.min(cap, w + least - 1) };
}

/**
 * The skipped cells of chunk row `base` (loads `lo` to `hi`): not taken, and the walk's row (`rows`)
 * gets the value the row before holds there (from `f` for the first row): this chunk leaves it as it was.
 */
export function skipLoads(
  f: Float64Array,
  take: Uint8Array,
  base: number,
  lo: number,
  hi: number,
  rows: Float32Array | undefined,
): void {
  if (lo > hi) return;
  take.fill(0, base + lo, base + hi + 1);
  if (!rows) return;
  const width = f.length;
  if (base >= width) rows.copyWithin(base + lo, base - width + lo, base - width + hi + 1);
  else rows.set(f.subarray(lo, hi + 1), base + lo);
}

/**
 * Sweeps the chunks over the value table `f` (capacities 0..cap, grid weights), recording in `take` (a
 * row of cap + 1 cells per chunk) whether each cell took its chunk; `rows`, when given, gets a copy of
 * the table after each chunk (row c at c·(cap + 1)), written in the same pass (one pass over the table
 * a chunk instead of two: the copy cost as much as the sweep where the waste-limited DP's walk needs it).
 * `empty`, when given, says `f` starts finite up to it and −∞ above: the cells {@link skippedLoads} names
 * are then not swept (the same table, choices and rows).
 */
export function sweepChunks(
  f: Float64Array,
  take: Uint8Array,
  chunks: { readonly item: readonly number[]; readonly times: readonly number[] },
  grid: ArrayLike<number>,
  values: ArrayLike<number>,
  cap: number,
  rows?: Float32Array,
  empty?: number,
): void {
  const { item, times } = chunks;
  const width = cap + 1;
  let least = Number.POSITIVE_INFINITY;
  for (let c = 0; c < item.length; c++) {
    const i = item[c] ?? 0;
    const k = times[c] ?? 0;
    const w = (grid[i] ?? 0) * k;
    const v = (values[i] ?? 0) * k;
    const base = c * width;
    take.fill(0, base, base + Math.min(w, width));
    const { lo, hi } = skippedLoads(w, cap, empty, least);
    if (lo <= hi) {
      sweepRow(f, take, base, w, v, cap, hi + 1, rows);
      skipLoads(f, take, base, lo, hi, rows);
      sweepRow(f, take, base, w, v, lo - 1, w, rows);
    } else sweepRow(f, take, base, w, v, cap, w, rows);
    if (rows) copyBelow(f, rows, base, w);
    if (w > 0) least = Math.min(least, w);
  }
}

/**
 * Chunk row `base` (weight `w ≥ 1`, value `v`) swept over the loads `top` down to `bottom` (≥ w). Two
 * loops, not one testing `rows` at every cell: this is the hottest loop of ANI pricing, and the copy for
 * the walk is wanted on some sweeps only. On arrays of the DP arena, the WebAssembly SIMD kernel instead
 * (`wasm/sweep-kernel.ts`): the same table, choices and rows to the bit, 2.6–3.7 times faster a cell.
 */
export function sweepRow(
  f: Float64Array,
  take: Uint8Array,
  base: number,
  w: number,
  v: number,
  top: number,
  bottom: number,
  rows: Float32Array | undefined,
): void {
  // Arrays of the arena (technique `wasm-sweep`): the SIMD kernel, the same cells to the bit.
  const wasm = top >= bottom && bottom >= w ? kernelsFor(f, take, rows) : null;
  if (wasm) {
    if (rows)
      wasm.sweepRows(f.byteOffset, take.byteOffset + base, rows.byteOffset + base * 4, w, v, top, bottom);
    else wasm.sweep(f.byteOffset, take.byteOffset + base, w, v, top, bottom);
    return;
  }
  if (rows) {
    for (let r = top; r >= bottom; r--) {
      const cand = (f[r - w] ?? 0) + v;
      if (cand > (f[r] ?? 0)) {
        f[r] = cand;
        take[base + r] = 1;
      } else take[base + r] = 0;
      rows[base + r] = f[r] ?? 0;
    }
    return;
  }
  for (let r = top; r >= bottom; r--) {
    const cand = (f[r - w] ?? 0) + v;
    if (cand > (f[r] ?? 0)) {
      f[r] = cand;
      take[base + r] = 1;
    } else take[base + r] = 0;
  }
}

/**
 * The cells below a chunk's weight (which it cannot change) copied into its row of `rows`: from the row
 * before, which holds the same values already rounded to 32 bits (a plain memory move, where converting
 * from `f` again cost ANI 801 a tenth of its pricing), or from `f` for the first row.
 */
export function copyBelow(f: Float64Array, rows: Float32Array, base: number, w: number): void {
  const width = f.length;
  const below = Math.min(w, width);
  if (below <= 0) return;
  if (base >= width) rows.copyWithin(base, base - width, base - width + below);
  else rows.set(f.subarray(0, below), base);
}
