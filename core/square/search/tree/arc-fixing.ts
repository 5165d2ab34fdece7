/**
 * Reduced-cost fixing of arcs for large one-bar jobs (technique `rc-fixing`): from the best item duals the
 * waste-limited pricing has seen at the root's demand, the arcs (item j starting at position p of a bar
 * laid out longest first) that no plan beating the incumbent can use, for the whole tree; and from a tree
 * node's own duals (arc duals included), those no such plan of the node's subtree can use (technique
 * `node-fixing`).
 */

import type { ActiveArc, Residual } from '../../../master/index.ts';
import type { Job } from '../../../model/index.ts';
import { CEIL_TOLERANCE } from '../../../numbers.ts';
import type { ArcBan } from '../../../pricing/index.ts';

/**
 * Positions × items of the fixing's DPs past which neither it nor its tight root rounds are tried (8 bytes
 * a cell). At 25 M the full run at 60 s took ANI 402 from 34 to 45 proven of 48, but ANI 600 (12 M cells)
 * from 37 to 32 of 49: 23 of the 31 proofs both runs made 2–30 s slower (the 40 tight rounds and the
 * fixing's DPs), six lost, one gained (600_NR_26); ANI 402 is 4 M cells (docs/solver.md, "Where it
 * applies", under "Reduced-cost fixing").
 */
export const FIXING_CELLS = 8_000_000;

/**
 * A tree node's share of the fixing argument (technique `node-fixing`): its arc rows' duals σ (clamped to
 * the sign of their active bound), Σ bound·σ over those rows (every plan of the node has Σ σₐ·flowₐ at
 * least that), and the fewest bars a plan of the node has. The arcs newly banned are pushed to `added`
 * (as cell indices item · width + position).
 */
export interface NodeDuals {
  /** σ per item, by position (items without arc duals absent). */
  readonly sigma: ReadonlyMap<number, Float64Array>;
  readonly rhs: number;
  readonly fewest: number;
  readonly added: number[];
}

/** What one fixing found: the arcs on some bar within the waste limit, and how many of them it fixed. */
export interface FixingCount {
  readonly arcs: number;
  readonly fixed: number;
}

/**
 * The arcs that no plan of at most `bars` bars, each loaded to at least `leastLoad` and each piece cut
 * once, can use, by the duals `pi ≥ 0`. Such a plan covers Σ dᵢπᵢ with bars each worth at most v (the
 * best bar within the load and the ban), so each of its bars is worth at least Σ dᵢπᵢ − (bars − 1)·v;
 * an arc whose best bar is worth less (by a safe margin) is on none of them. Arcs `ban` already holds
 * stay banned and no bar through them counts (they are on no such plan either). Adds the new arcs to
 * `ban`; returns the counts, or null when no bar fits at all.
 */
export function fixArcs(
  pi: ArrayLike<number>,
  weights: ArrayLike<number>,
  demand: ArrayLike<number>,
  capacity: number,
  leastLoad: number,
  bars: number,
  ban: ArcBan,
  node?: NodeDuals,
  scratch?: FixingScratch,
): FixingCount | null {
  const m = weights.length;
  const W = capacity + 1;
  const cells = ban.cells;
  // The node's arc duals: σ of item j at position p (0 where none), and the plans' fewest bars.
  const sig = node?.sigma;
  const fewest = Math.max(1, node?.fewest ?? 1);
  const copies = Int32Array.from({ length: m }, (_, j) => {
    const w = weights[j] ?? 0;
    return w > 0 ? Math.min(demand[j] ?? 0, Math.floor(capacity / w)) : 0;
  });
  // B[j][p]: the best value of items j … m − 1 from load p to a load in [leastLoad, C]. Rows below m are
  // all written before they are read, so a reused buffer needs only row m set (a fresh (m + 1)·W array
  // and its fill were some 5 % of an ANI 402 run).
  const size = (m + 1) * W;
  let B: Float64Array;
  if (scratch) {
    if (!scratch.dp || scratch.dp.length < size) scratch.dp = new Float64Array(size);
    B = scratch.dp;
  } else B = new Float64Array(size);
  B.fill(Number.NEGATIVE_INFINITY, m * W, size);
  B.fill(0, m * W + Math.max(0, leastLoad), size);
  for (let j = m - 1; j >= 0; j--) {
    const w = weights[j] ?? 0;
    const v = pi[j] ?? 0;
    const row = sig?.get(j);
    for (let p = 0; p < W; p++) {
      let best = B[(j + 1) * W + p] ?? Number.NEGATIVE_INFINITY;
      let arcs = 0;
      for (let k = 1; k <= (copies[j] ?? 0) && p + k * w <= capacity; k++) {
        if (cells[j * W + p + (k - 1) * w] === 1) break;
        if (row) arcs += row[p + (k - 1) * w] ?? 0;
        const x = (B[(j + 1) * W + p + k * w] ?? Number.NEGATIVE_INFINITY) + k * v + arcs;
        if (x > best) best = x;
      }
      B[j * W + p] = best;
    }
  }
  // v: the best bar within the load and the ban, read off B at load 0.
  const v = B[0] ?? Number.NEGATIVE_INFINITY;
  if (v === Number.NEGATIVE_INFINITY) return null;
  let sum = node?.rhs ?? 0;
  for (let j = 0; j < m; j++) sum += (demand[j] ?? 0) * (pi[j] ?? 0);
  // The other bars of a plan of n bars are worth at most (n − 1)·v together, n within [fewest, bars]
  // (v < 0 is possible with negative arc duals: then the fewest bars leave the least).
  const threshold = sum - Math.max((bars - 1) * v, (fewest - 1) * v);
  // A relative margin on every sum involved, as bounds are rounded (core/numbers.ts): never fix on float noise.
  // The float error of these sums is some 1e-14 of them; the margin is 1e-9 of them.
  const margin = CEIL_TOLERANCE * (Math.abs(sum) + Math.abs(node?.rhs ?? 0) + Math.abs(bars * v) + 1);
  // F: the best value of items 0 … j − 1 ending at load p, one row at a time.
  let F = new Float64Array(W).fill(Number.NEGATIVE_INFINITY);
  F[0] = 0;
  let next = new Float64Array(W);
  let arcs = 0;
  let fixed = 0;
  for (let j = 0; j < m; j++) {
    const w = weights[j] ?? 0;
    const v = pi[j] ?? 0;
    const u = copies[j] ?? 0;
    const after = (j + 1) * W;
    const row = sig?.get(j);
    // The arc duals of copies of j from s, k of them.
    const run = (s: number, k: number): number => {
      if (!row) return 0;
      let x = 0;
      for (let t = 0; t < k; t++) x += row[s + t * w] ?? 0;
      return x;
    };
    for (let p = 0; u > 0 && p + w <= capacity; p++) {
      // A copy of j at p: a copies of j before it, b after it, all free.
      let through = Number.NEGATIVE_INFINITY;
      for (let a = 0; a < u && a * w <= p; a++) {
        // Copies at p − a·w … p all free: once one is banned, so is every larger a's run.
        if (cells[j * W + p - a * w] === 1) break;
        const f = F[p - a * w] ?? Number.NEGATIVE_INFINITY;
        if (f === Number.NEGATIVE_INFINITY) continue;
        let arcs = run(p - a * w, a + 1);
        for (let b = 0; a + 1 + b <= u && p + (1 + b) * w <= capacity; b++) {
          if (b > 0 && cells[j * W + p + b * w] === 1) break;
          if (b > 0 && row) arcs += row[p + b * w] ?? 0;
          const x = f + (a + 1 + b) * v + arcs + (B[after + p + (1 + b) * w] ?? Number.NEGATIVE_INFINITY);
          if (x > through) through = x;
        }
      }
      if (through === Number.NEGATIVE_INFINITY) {
        // On no bar within the limit: no such plan uses it either (pricing within the limit never does).
        if (cells[j * W + p] !== 1) node?.added.push(j * W + p);
        cells[j * W + p] = 1;
        continue;
      }
      arcs++;
      if (through < threshold - margin) {
        cells[j * W + p] = 1;
        node?.added.push(j * W + p);
        fixed++;
      }
    }
    // The next row: k copies of j ending at p (the ban as it stood before this item's new arcs is not
    // needed: an arc fixed just now is on no bar that could matter, so leaving it out is valid too).
    for (let p = 0; p < W; p++) {
      let best = F[p] ?? Number.NEGATIVE_INFINITY;
      for (let k = 1; k <= u && k * w <= p; k++) {
        const s = p - k * w;
        // Copies at s … p − w all free: once one is banned, so is every larger k's run.
        if (cells[j * W + s] === 1) break;
        const x = (F[s] ?? Number.NEGATIVE_INFINITY) + k * v + run(s, k);
        if (x > best) best = x;
      }
      next[p] = best;
    }
    const done = F;
    F = next;
    next = done;
  }
  return { arcs, fixed };
}

/** A buffer `fixArcs` may reuse between calls (its positions × items DP), to spare a large allocation. */
export interface FixingScratch {
  dp: Float64Array | null;
}

/**
 * The fixing's state over one solve: the best duals seen at the root's demand (by their Lagrangian bound
 * at the incumbent's bars less one), the ban built from them, and when to build it again.
 */
export class ArcFixing {
  private readonly weights: Float64Array;
  private readonly demand: Int32Array;
  private readonly capacity: number;
  private readonly cost: number;
  private readonly load: number;
  private readonly pruneAt: () => number;
  /** The ban in force: the root's arcs and the current node's (technique `node-fixing`). */
  private readonly table: ArcBan;
  /** The arcs fixed for the whole tree. */
  private readonly root: ArcBan;
  private active = false;
  /** The current node's own fixed arcs (its subtree's), applied on top of the root's in `table`. */
  private current: SubtreeBan | null = null;
  /** The best duals seen at the current node (with arc duals), by their score. */
  private nodeBest: { pi: Float64Array; arcs: NodeArc[]; score: number } | null = null;
  /** Node fixings run, and arcs they fixed (technique `node-fixing`). */
  nodeRuns = 0;
  nodeFixed = 0;
  private best: { pi: Float64Array; value: number; score: number; bars: number } | null = null;
  /** The duals' score (Σ dᵢπᵢ / v − N, or Σ dᵢπᵢ − N·v) and the bars the ban was last built from. */
  private used: { score: number; bars: number } | null = null;
  /** Arcs on some bar within the limit at the last fixing, and the arcs fixed so far. */
  counts: FixingCount = { arcs: 0, fixed: 0 };
  /** Fixings run. */
  runs = 0;
  /** The fixings' DP buffer, kept over the solve. */
  private readonly scratch: FixingScratch = { dp: null };

  /** Rank duals by their bound in bars, not by Σ dᵢπᵢ − N·v (technique `fixing-scale`). */
  private readonly scaleFree: boolean;

  /** `scaleFree`: rank duals by Σ dᵢπᵢ / v (technique `fixing-scale`; off: by Σ dᵢπᵢ − N·v). */
  constructor(job: Job, pruneAt: () => number, scaleFree = true) {
    this.scaleFree = scaleFree;
    const s = job.sources[0];
    this.weights = Float64Array.from(job.items, (it) => it.weight);
    this.demand = Int32Array.from(job.items, (it) => it.demand);
    this.capacity = s?.capacity ?? 0;
    this.cost = s?.cost ?? 0;
    this.load = job.items.reduce((a, it) => a + it.weight * it.demand, 0);
    this.pruneAt = pruneAt;
    const width = this.capacity + 1;
    this.table = { width, cells: new Uint8Array(job.items.length * width) };
    this.root = { width, cells: new Uint8Array(job.items.length * width) };
  }

  /** Whether the fixing applies to a job: one kind of bar, integral lengths, its DPs within the cap. */
  static applies(job: Job): boolean {
    const s = job.sources[0];
    if (!s || job.sources.length !== 1 || s.cost <= 0 || !Number.isInteger(s.capacity)) return false;
    if (!job.items.every((it) => Number.isInteger(it.weight) && it.weight > 0)) return false;
    // Canonical order is the items' order, longest first (core/pricing/arcs.ts).
    for (let i = 1; i < job.items.length; i++)
      if ((job.items[i]?.weight ?? 0) > (job.items[i - 1]?.weight ?? 0)) return false;
    return (job.items.length + 1) * (s.capacity + 1) <= FIXING_CELLS;
  }

  /** The ban pricing honours, once some arc is fixed. */
  ban(): ArcBan | null {
    return this.active || this.current ? this.table : null;
  }

  /** Bars of a plan that beats the incumbent, at most (−1 without an incumbent). */
  private bars(): number {
    const at = this.pruneAt();
    return Number.isFinite(at) ? Math.floor(at / this.cost + 1e-9) - 1 : -1;
  }

  /** A waste-limited pricing round at the root's demand: its duals and best bar's value. */
  observe(pi: Float64Array, value: number): void {
    const n = this.bars();
    // Under a node's ban v is the best bar of that subtree only: no bound for the whole tree.
    if (n < 1 || this.current) return;
    let s = 0;
    for (let i = 0; i < pi.length; i++) s += (this.demand[i] ?? 0) * (pi[i] ?? 0);
    // Scale-free (technique `fixing-scale`): the Lagrangian bound in bars, Σ dᵢπᵢ / v, less n. The fixing's
    // test divided by v is (best bar through the arc) / v < Σ dᵢπᵢ / v − (n − 1): the higher, the more
    // arcs can go. Σ dᵢπᵢ − n·v instead tends to 0 as duals shrink: small-scale duals won on it alone.
    if (this.scaleFree && !(value > 0)) return;
    const here = this.scaleFree ? s / value - n : s - n * value;
    if (!this.best || this.best.bars !== n || here > this.best.score) {
      this.best = { pi: Float64Array.from(pi), value, score: here, bars: n };
    }
  }

  /**
   * Fixes arcs from the best duals, when they or the incumbent changed since the last fixing; true when
   * new arcs were fixed (the master must then hold the columns crossing them at zero).
   */
  update(): boolean {
    const bars = this.bars();
    const best = this.best;
    if (!best || bars < 1) return false;
    // Again only for fewer bars, or duals that close a tenth of the gap left (the score is at most 0
    // while a plan of N bars may exist; the nearer 0, the more arcs go): a fixing costs two DPs. In bars
    // (`fixing-scale`) the gap is scale-free too.
    const used = this.used;
    if (used && used.bars === bars && !(best.score > used.score + 0.1 * Math.abs(used.score))) return false;
    // The waste limit of `waste-limit` pricing: each bar of such a plan is loaded to at least `least`.
    const limit = this.capacity * bars - this.load;
    const least = this.capacity - limit;
    if (limit < 0 || !(least > 0)) return false;
    this.used = { score: best.score, bars };
    this.runs++;
    const before = this.counts.fixed;
    const found = fixArcs(
      best.pi,
      this.weights,
      this.demand,
      this.capacity,
      least,
      bars,
      this.root,
      undefined,
      this.scratch,
    );
    if (!found) return false;
    this.counts = { arcs: found.arcs + before, fixed: before + found.fixed };
    if (found.fixed === 0) return false;
    // The table in force: the root's arcs, then the current node's again.
    this.table.cells.set(this.root.cells);
    for (let b = this.current; b; b = b.parent) for (const c of b.cells) this.table.cells[c] = 1;
    this.active = true;
    return true;
  }

  /**
   * A tree node starts (technique `node-fixing`): the ban in force becomes the root's and the arcs its
   * ancestors fixed for their subtrees (`ban`; null at the root). True when the table changed (the master
   * must then hold other columns at zero).
   */
  enter(ban: SubtreeBan | null): boolean {
    this.nodeBest = null;
    if (ban === this.current) return false;
    const cells = this.table.cells;
    const root = this.root.cells;
    for (let b = this.current; b; b = b.parent) for (const c of b.cells) cells[c] = root[c] ?? 0;
    for (let b = ban; b; b = b.parent) for (const c of b.cells) cells[c] = 1;
    this.current = ban;
    return true;
  }

  /**
   * A pricing round at the current node, with arc duals: the item duals π, the arc rows (σ clamped to
   * their active bound's sign, and the bounds), the node's bar range and the best bar's value v. Keeps
   * the duals of the best score, Σ dᵢπᵢ + Σ σₐ·boundₐ − max n·v over the node's bar counts n.
   */
  observeNode(pi: Float64Array, active: readonly ActiveArc[], residual: Residual, value: number): void {
    const range = this.barRange(residual.lo[0] ?? 0, residual.hi[0] ?? 0);
    if (!range) return;
    const arcs: NodeArc[] = [];
    for (const a of active) {
      const b = residual.arcs?.get(a.key);
      if (b) arcs.push({ key: a.key, lo: b.lo, hi: b.hi, sigma: a.sigma });
    }
    let s = arcRhs(arcs);
    for (let i = 0; i < pi.length; i++) s += (this.demand[i] ?? 0) * (pi[i] ?? 0);
    const score = s - Math.max(range.most * value, range.fewest * value);
    if (!this.nodeBest || score > this.nodeBest.score)
      this.nodeBest = { pi: Float64Array.from(pi), arcs, score };
  }

  /** Bars of a plan of the node that beats the incumbent: at least `fewest`, at most `most`. */
  private barRange(lo: number, hi: number): { fewest: number; most: number } | null {
    const most = Math.min(this.bars(), Math.floor(hi + 1e-9));
    const fewest = Math.max(1, Math.ceil(lo - 1e-9));
    return most >= 1 ? { fewest, most } : null;
  }

  /**
   * Fixes arcs for the current node's subtree from its best duals (technique `node-fixing`), when their
   * score is within `gap` (in bar costs) of a plan: the plans of the subtree that beat the incumbent
   * have n bars in [max(1, lo), min(N, hi)], each loaded to at least C − (C·n − Σ wᵢdᵢ), and their arc
   * flows within the node's bounds, so their bars' values under (π, σ) sum to at least
   * Σ dᵢπᵢ + Σ σₐ·boundₐ (σ clamped to its active bound's sign). Arcs whose flow the node bounds to 0
   * are banned too. Returns the subtree's ban (the node's own when nothing new), or 'empty' when no such
   * plan is left (no bar at all, or an arc the node requires is fixed).
   */
  fixNode(
    lo: number,
    hi: number,
    bounds: ReadonlyMap<string, { readonly lo: number; readonly hi: number }>,
    gap: number,
  ): SubtreeBan | null | 'empty' {
    const best = this.nodeBest;
    const range = this.barRange(lo, hi);
    if (!range) return 'empty';
    if (!best || -best.score > gap * this.cost) return this.current;
    const least = this.capacity - (this.capacity * range.most - this.load);
    if (least > this.capacity) return 'empty';
    const W = this.capacity + 1;
    const sigma = new Map<number, Float64Array>();
    const added: number[] = [];
    for (const a of best.arcs) {
      const [, pos, item] = a.key.split(':').map(Number) as [number, number, number];
      if (a.hi <= 0 && this.table.cells[item * W + pos] !== 1) {
        this.table.cells[item * W + pos] = 1;
        added.push(item * W + pos);
      }
      if (a.sigma === 0) continue;
      const row = sigma.get(item) ?? new Float64Array(W);
      sigma.set(item, row);
      row[pos] = (row[pos] ?? 0) + a.sigma;
    }
    this.nodeRuns++;
    const node: NodeDuals = { sigma, rhs: arcRhs(best.arcs), fewest: range.fewest, added };
    const found = fixArcs(
      best.pi,
      this.weights,
      this.demand,
      this.capacity,
      Math.max(0, least),
      range.most,
      this.table,
      node,
      this.scratch,
    );
    const ban: SubtreeBan | null =
      added.length > 0 ? { cells: Int32Array.from(added), parent: this.current } : this.current;
    this.current = ban;
    if (!found) return 'empty';
    this.nodeFixed += found.fixed;
    for (const [key, b] of bounds) {
      if (!(b.lo >= 1)) continue;
      const [, pos, item] = key.split(':').map(Number) as [number, number, number];
      if (this.table.cells[item * W + pos] === 1) return 'empty';
    }
    return ban;
  }
}

/** Arcs a tree node fixed for its subtree, on top of its ancestors' (technique `node-fixing`). */
export interface SubtreeBan {
  /** Cell indices (item · width + position). */
  readonly cells: Int32Array;
  readonly parent: SubtreeBan | null;
}

/** An arc row of a tree node as the node fixing reads it: its key, bounds and clamped dual σ. */
export interface NodeArc {
  readonly key: string;
  readonly lo: number;
  readonly hi: number;
  readonly sigma: number;
}

/** Σ σₐ·boundₐ over arc rows, the bound σ's sign makes active: every plan of the node has Σ σₐ·flowₐ ≥ it. */
function arcRhs(arcs: readonly NodeArc[]): number {
  let rhs = 0;
  for (const a of arcs) if (a.sigma !== 0) rhs += a.sigma > 0 ? a.lo * a.sigma : a.hi * a.sigma;
  return rhs;
}
