/**
 * The knapsack of patterns whose waste is at most a limit: max Σ vᵢaᵢ over 0 ≤ aᵢ ≤ uᵢ with
 * C − limit ≤ Σ wᵢaᵢ ≤ C. A plan that beats the incumbent of a one-bar job wastes at most
 * C·(its bars) − Σ wᵢdᵢ in all, so each of its bars wastes at most that: pricing only such bars keeps
 * the proof (docs/solver.md, Pricing, "Waste-limited pricing").
 */
import { gcd } from '../model/index.ts';
import { type ArcBan, isBanned } from './arcs.ts';
import { copyBelow, skipLoads, skippedLoads, splitChunks, sweepChunks, sweepRow } from './chunk-dp.ts';
import { dpArrays, kernelsFor } from './dp-arena.ts';
import { WASTE_WALK_CELLS } from './tuning.ts';
import { type ChunkGain, patternsAbove } from './waste-walk.ts';

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

/** The arguments of one {@link wasteLimitedKnapsack} call, in order. */
export type WasteLimitedArgs = Parameters<typeof wasteLimitedKnapsack>;

let probe: ((args: WasteLimitedArgs) => void) | null = null;

/**
 * Sets a function shown every {@link wasteLimitedKnapsack} call's arguments before it runs (null: none).
 * For `bench/pricing-replay.ts`, which records a solve's calls to replay them on two versions of this
 * module; never set in the service.
 */
export function setWasteLimitedProbe(fn: ((args: WasteLimitedArgs) => void) | null): void {
  probe = fn;
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
  ban?: ArcBan | null,
  arcDuals?: ReadonlyMap<number, ReadonlyMap<number, number>> | null,
  wasm = true,
): WasteLimited | null {
  probe?.([values, weights, bounds, capacity, limit, more, ban, arcDuals, wasm]);
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
  const grid = Int32Array.from(weights, (w) => w / g);
  const gain = arcDuals ? arcGain(arcDuals, item, times, grid, g, width) : null;
  const n = item.length;
  const walks = more && more.count > 0 && n * width <= WASTE_WALK_CELLS;
  // The table, the choices, the walk's rows and a chunk's arc gains: views of the DP arena (technique
  // `wasm-sweep`) or plain arrays, valid for this call only.
  const sizes = {
    width,
    takeCells: n * width,
    rowCells: walks ? n * width : 0,
    scratchCells: gain ? width : 0,
    banCells: ban ? ban.cells.length : 0,
  };
  const arrays = dpArrays(sizes, Number.NEGATIVE_INFINITY, wasm);
  const { f, take, rows: walk, scratch: earned } = arrays;
  // The ban kernels read the ban's bytes from the arena: a copy for this call (one byte per item and
  // position, a memcpy small beside the sweep of n · width cells).
  const arenaBan = ban && arrays.ban ? arrays.ban : null;
  if (ban && arenaBan) arenaBan.set(ban.cells);
  // With a ban or arc duals the table's index must be the load itself (a piece's position is the load
  // before it), so the empty packing starts at 0 only and the best end is read within the slack of C.
  const exactLoads = Boolean(ban) || gain !== null;
  if (exactLoads) f[0] = 0;
  else f.fill(0, 0, Math.min(width, slack + 1));
  // Items are in canonical order (longest first), so the load before a chunk is where its copies start:
  // a banned start (reduced-cost fixing, technique `rc-fixing`) forbids the move.
  const banned = ban
    ? (c: number, from: number): boolean => chunkBanned(ban, item, times, grid, g, c, from)
    : null;
  if (exactLoads)
    sweepExact(
      f,
      take,
      chunks,
      grid,
      values,
      cap,
      { banned, ban: ban ?? null, g, arena: arenaBan },
      gain,
      earned,
      walk ?? undefined,
    );
  else sweepChunks(f, take, chunks, grid, values, cap, walk ?? undefined, Math.min(cap, slack));
  let top = cap;
  if (exactLoads) for (let r = cap - 1; r >= cap - slack; r--) if ((f[r] ?? 0) > (f[top] ?? 0)) top = r;
  const value = f[top] ?? Number.NEGATIVE_INFINITY;
  if (value === Number.NEGATIVE_INFINITY) return null;
  const counts = new Int32Array(m);
  let r = top;
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
      ? patternsAbove(
          { t: walk, width, n, slack, item, times, weights, values, g, m, banned, gain, exactLoads },
          counts,
          more,
        )
      : [];
  return { counts, value, extra };
}

/** Whether chunk `c`, taken from grid load `from`, places a copy on a banned arc. */
function chunkBanned(
  ban: ArcBan,
  item: readonly number[],
  times: readonly number[],
  grid: ArrayLike<number>,
  g: number,
  c: number,
  from: number,
): boolean {
  const i = item[c] ?? 0;
  const w = grid[i] ?? 0;
  for (let t = 0; t < (times[c] ?? 0); t++) if (isBanned(ban, i, (from + t * w) * g)) return true;
  return false;
}

/**
 * The arc duals (length position → item → dual) as one dense grid row per item that has any, and the
 * gain of a chunk's copies from a load: each copy starts where the one before it ends (canonical order).
 * Null rows where an item has no dual, so the sweep keeps its plain loop there.
 */
function arcGain(
  arcDuals: ReadonlyMap<number, ReadonlyMap<number, number>>,
  item: readonly number[],
  times: readonly number[],
  grid: ArrayLike<number>,
  g: number,
  width: number,
): ChunkGain | null {
  const rows = new Map<number, Float64Array>();
  for (const [pos, byItem] of arcDuals) {
    const p = pos / g;
    if (!Number.isInteger(p) || p < 0 || p >= width) continue;
    for (const [j, d] of byItem) {
      if (d === 0) continue;
      let row = rows.get(j);
      if (!row) {
        row = new Float64Array(width);
        rows.set(j, row);
      }
      row[p] = (row[p] ?? 0) + d;
    }
  }
  if (rows.size === 0) return null;
  const byChunk = item.map((i) => rows.get(i) ?? null);
  return {
    has: (c) => byChunk[c] !== null,
    at: (c, from) => {
      const row = byChunk[c];
      if (!row) return 0;
      const w = grid[item[c] ?? 0] ?? 0;
      let sum = 0;
      for (let t = 0; t < (times[c] ?? 0); t++) sum += row[from + t * w] ?? 0;
      return sum;
    },
  };
}

/**
 * What a sweep over exact loads must refuse: `banned` answers for any chunk; where a chunk is one copy
 * (every chunk on jobs of distinct lengths) the sweep reads `ban`'s row itself, the same test without a
 * closure call per improving cell.
 */
interface SweepBan {
  readonly banned: ((chunk: number, from: number) => boolean) | null;
  readonly ban: ArcBan | null;
  /** The weights' gcd: grid load `from` is position `from · g` in the ban's row. */
  readonly g: number;
  /** The ban's cells copied into the DP arena, for the ban kernels (technique `wasm-sweep`), or null. */
  readonly arena: Uint8Array | null;
}

/**
 * {@link sweepChunks} over exact loads (the empty packing at 0 only, so the cells {@link skippedLoads}
 * names are not swept), where a move the ban refuses is never taken (rcfix's local edit, see the contract)
 * and a move earns its chunk's arc duals (`gain`, technique `arc-waste-columns`); `rows` as there. A chunk
 * with neither a ban nor arc duals gets the plain loop, a one-copy chunk under a ban reads the ban's row
 * directly: the same cells and choices as the general loop (every other chunk's), with no closure call
 * per improving cell (docs/solver.md, "Cheaper sweeps over exact loads").
 */
function sweepExact(
  f: Float64Array,
  take: Uint8Array,
  chunks: { readonly item: readonly number[]; readonly times: readonly number[] },
  grid: ArrayLike<number>,
  values: ArrayLike<number>,
  cap: number,
  refuse: SweepBan,
  gain: ChunkGain | null,
  earned: Float64Array | null,
  rows?: Float32Array,
): void {
  const { item, times } = chunks;
  const { banned, ban, g, arena } = refuse;
  const width = cap + 1;
  // `earned`: a chunk's arc gain from every load (at least `width` cells when `gain` is given), read once
  // a chunk rather than a closure call a cell.
  let least = Number.POSITIVE_INFINITY;
  for (let c = 0; c < item.length; c++) {
    const i = item[c] ?? 0;
    const k = times[c] ?? 0;
    const w = (grid[i] ?? 0) * k;
    const v = (values[i] ?? 0) * k;
    const base = c * width;
    take.fill(0, base, base + Math.min(w, width));
    const earns = earned && gain?.has(c) ? earned : null;
    if (earns && gain) for (let from = 0; from + w <= cap; from++) earns[from] = gain.at(c, from);
    const row = (top: number, bottom: number): void => {
      if (!earns && !banned) sweepRow(f, take, base, w, v, top, bottom, rows);
      else if (ban) {
        const at = { row: i * ban.width, g, top, bottom, copies: k, step: (grid[i] ?? 0) * g };
        if (!banKernel(f, take, base, w, v, at, ban.width, earns, arena, rows))
          sweepBanRow(f, take, base, w, v, at, earns, ban, rows);
      } else if (!earns || banned || !gainKernel(f, take, base, w, v, top, bottom, earns, rows))
        for (let r = top; r >= bottom; r--) {
          const cand = (f[r - w] ?? 0) + v + (earns ? (earns[r - w] ?? 0) : 0);
          if (cand > (f[r] ?? 0) && !banned?.(c, r - w)) {
            f[r] = cand;
            take[base + r] = 1;
          } else take[base + r] = 0;
          if (rows) rows[base + r] = f[r] ?? 0;
        }
    };
    const { lo, hi } = skippedLoads(w, cap, 0, least);
    if (lo <= hi) {
      row(cap, hi + 1);
      skipLoads(f, take, base, lo, hi, rows);
      row(lo - 1, w);
    } else row(cap, w);
    if (rows) copyBelow(f, rows, base, w);
    if (w > 0) least = Math.min(least, w);
  }
}

/**
 * The arc-gain row (no ban) by the SIMD kernel when the arrays are the DP arena's (technique
 * `wasm-sweep`): candidates (f[r − w] + v) + earns[r − w], as the JS loop adds them. False: not run here.
 */
function gainKernel(
  f: Float64Array,
  take: Uint8Array,
  base: number,
  w: number,
  v: number,
  top: number,
  bottom: number,
  earns: Float64Array,
  rows: Float32Array | undefined,
): boolean {
  const wasm = top >= bottom && bottom >= w ? kernelsFor(f, take, rows, earns) : null;
  if (!wasm) return false;
  const takeOff = take.byteOffset + base;
  if (rows)
    wasm.sweepGainRows(
      f.byteOffset,
      takeOff,
      rows.byteOffset + base * 4,
      earns.byteOffset,
      w,
      v,
      top,
      bottom,
    );
  else wasm.sweepGain(f.byteOffset, takeOff, earns.byteOffset, w, v, top, bottom);
  return true;
}

/**
 * Where a chunk's row under a ban reads: the chunk's item row in the ban (`row`, byte of start 0), the
 * grid step `g`, the loads `top` down to `bottom`, and its `copies`, `step` positions apart.
 */
interface BanRowAt {
  readonly row: number;
  readonly g: number;
  readonly top: number;
  readonly bottom: number;
  readonly copies: number;
  readonly step: number;
}

/**
 * A chunk's row under a ban (with or without arc gains; one copy, or several, `copyBanned` then done in
 * the kernel) by the SIMD kernel when the arrays and the ban's copy are the DP arena's (technique
 * `wasm-sweep`): the same cells and choices as {@link sweepBanRow}. False: not run here.
 */
function banKernel(
  f: Float64Array,
  take: Uint8Array,
  base: number,
  w: number,
  v: number,
  at: BanRowAt,
  positions: number,
  earns: Float64Array | null,
  arena: Uint8Array | null,
  rows: Float32Array | undefined,
): boolean {
  const { row, g, top, bottom, copies } = at;
  const wasm = arena && top >= bottom && bottom >= w ? kernelsFor(f, take, rows, earns, arena) : null;
  if (!wasm || !arena) return false;
  const fOff = f.byteOffset;
  const takeOff = take.byteOffset + base;
  const banOff = arena.byteOffset + row;
  if (copies !== 1) {
    const many = [banOff, g, copies, at.step, positions];
    const rowsOff = rows ? [rows.byteOffset + base * 4] : [];
    const gainOff = earns ? [earns.byteOffset] : [];
    const run = earns
      ? rows
        ? wasm.sweepGainBanCopiesRows
        : wasm.sweepGainBanCopies
      : rows
        ? wasm.sweepBanCopiesRows
        : wasm.sweepBanCopies;
    run(fOff, takeOff, ...rowsOff, ...gainOff, ...many, w, v, top, bottom);
    return true;
  }
  if (earns) {
    if (rows)
      wasm.sweepGainBanRows(
        fOff,
        takeOff,
        rows.byteOffset + base * 4,
        earns.byteOffset,
        banOff,
        g,
        w,
        v,
        top,
        bottom,
      );
    else wasm.sweepGainBan(fOff, takeOff, earns.byteOffset, banOff, g, w, v, top, bottom);
  } else if (rows) wasm.sweepBanRows(fOff, takeOff, rows.byteOffset + base * 4, banOff, g, w, v, top, bottom);
  else wasm.sweepBan(fOff, takeOff, banOff, g, w, v, top, bottom);
  return true;
}

/**
 * One chunk's row under a ban, over the loads `at.top` down to `at.bottom`, its item's ban row at `at.row`
 * in `ban.cells` (a start at grid load `from` is banned when `cells[row + from · g]` is 1, positions past
 * the row never): the test `chunkBanned` makes, inline, for each of the chunk's `at.copies` copies
 * (`at.step` positions apart). Multi-copy chunks took the general loop's closure call per improving cell
 * before (some 7 % of an ANI 402 run, by the profile in docs/solver.md, "cheaper rounds").
 */
function sweepBanRow(
  f: Float64Array,
  take: Uint8Array,
  base: number,
  w: number,
  v: number,
  at: BanRowAt,
  earns: Float64Array | null,
  ban: ArcBan,
  rows: Float32Array | undefined,
): void {
  const { cells, width: positions } = ban;
  const { row, g, top, bottom, copies, step } = at;
  if (copies === 1 && !earns) {
    oneCopyBanRow(f, take, base, w, v, at, cells, rows);
    return;
  }
  for (let r = top; r >= bottom; r--) {
    const from = r - w;
    const cand = (f[from] ?? 0) + v + (earns ? (earns[from] ?? 0) : 0);
    if (cand > (f[r] ?? 0) && !copyBanned(cells, positions, row, from * g, copies, step)) {
      f[r] = cand;
      take[base + r] = 1;
    } else take[base + r] = 0;
    if (rows) rows[base + r] = f[r] ?? 0;
  }
}

/**
 * {@link sweepBanRow} for a one-copy chunk without arc duals (the tree's plain nodes under reduced-cost
 * fixing, most chunks on ANI): the start's ban cell read inline, with no test of arc duals or of the walk's
 * rows per cell; a start from ≤ cap − w lies within the ban's row. The same cells and choices (fix600's
 * edit: 0.79 of the time on ANI 402_NR_5's replayed calls, docs/solver.md).
 */
function oneCopyBanRow(
  f: Float64Array,
  take: Uint8Array,
  base: number,
  w: number,
  v: number,
  at: Pick<BanRowAt, 'row' | 'g' | 'top' | 'bottom'>,
  cells: Uint8Array,
  rows: Float32Array | undefined,
): void {
  const { row, g, top, bottom } = at;
  if (rows) {
    for (let r = top; r >= bottom; r--) {
      const from = r - w;
      const cand = (f[from] ?? 0) + v;
      if (cand > (f[r] ?? 0) && cells[row + from * g] !== 1) {
        f[r] = cand;
        take[base + r] = 1;
      } else take[base + r] = 0;
      rows[base + r] = f[r] ?? 0;
    }
    return;
  }
  for (let r = top; r >= bottom; r--) {
    const from = r - w;
    const cand = (f[from] ?? 0) + v;
    if (cand > (f[r] ?? 0) && cells[row + from * g] !== 1) {
      f[r] = cand;
      take[base + r] = 1;
    } else take[base + r] = 0;
  }
}

/** Whether any of `copies` copies starting at positions `pos`, `pos + step`, … is banned in the ban's row. */
function copyBanned(
  cells: Uint8Array,
  positions: number,
  row: number,
  pos: number,
  copies: number,
  step: number,
): boolean {
  for (let t = 0, p = pos; t < copies; t++, p += step) if (p < positions && cells[row + p] === 1) return true;
  return false;
}
