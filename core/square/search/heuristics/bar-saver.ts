/**
 * The bar saver: a consistent neighbourhood search that empties three bars of a one-bar job's plan into a
 * pool and refills the others until the pool fits in two, saving a bar.
 */
import { type GroupPlan, type Incumbent, type Job, type Layout, rng } from '../../../model/index.ts';
import {
  BAR_SAVER_MAX_PIECES,
  FILL_NODES,
  POOL_BARS,
  RESTART_OPS,
  TABU_LEAST,
  TABU_SPREAD,
  TABU_STEPS,
} from './tuning.ts';

/**
 * Consistent neighbourhood search (after Buljubašić & Vasquez, 2016) that tries to save a bar in a
 * one-bar job: from the incumbent's M bars, three bars are emptied into a pool; the search keeps the
 * other M − 3 bars feasible at all times and moves pieces between them and the pool, making the pool as
 * light as it can (then of as many pieces), until the pool fits in two bars, which gives M − 1 bars. It
 * alternates a descent (each bar refilled by an exact subset sum over its pieces and the pool) with a tabu
 * search on swaps of up to two pieces between a bar and the pool.
 *
 * This finds near-perfect packings (every bar full to the last few units) that diving on the LP misses on
 * large jobs (docs/solver.md, Tuning). It proves nothing; the bound comes from elsewhere. Its work is counted in
 * operations (moves and subsets looked at, subset-sum nodes), never in time, so it is the same on any
 * machine.
 */
export class BarSaver {
  private readonly cap: number;
  private readonly weight: Float64Array;
  private readonly type: Int32Array;
  private readonly tabuUntil: Float64Array;
  private readonly random: () => number;
  private bins: number[][] = [];
  private load: number[] = [];
  private pool: number[] = [];
  private poolWeight = 0;
  private bestPool = Number.POSITIVE_INFINITY;
  private from: GroupPlan | null = null;
  private restarts = 0;
  private iteration = 0;
  private sinceRestart = 0;
  /** Operations done, and granted by `work` so far. */
  private ops = 0;
  private granted = 0;
  private mode: 'descent' | 'tabu' = 'descent';
  private cursor = 0;
  private unimproved = 0;
  private tabuLeft = 0;

  private readonly job: Job;
  private readonly inc: Incumbent;

  constructor(job: Job, inc: Incumbent, seed = 1) {
    this.job = job;
    this.inc = inc;
    const source = job.sources[0];
    this.cap = source?.capacity ?? 0;
    let pieces = 0;
    for (const it of job.items) pieces += it.demand;
    this.weight = new Float64Array(pieces);
    this.type = new Int32Array(pieces);
    this.tabuUntil = new Float64Array(pieces);
    let p = 0;
    job.items.forEach((it, i) => {
      for (let k = 0; k < it.demand; k++, p++) {
        this.weight[p] = it.weight;
        this.type[p] = i;
      }
    });
    this.random = rng(seed);
  }

  /** Can the search run on this job at all? */
  static applies(job: Job): boolean {
    let pieces = 0;
    for (const it of job.items) pieces += it.demand;
    return job.sources.length === 1 && pieces <= BAR_SAVER_MAX_PIECES && job.items.length > 0;
  }

  /**
   * Runs about `ops` operations of search (moves and subsets looked at, subset-sum nodes), offering every
   * plan with a bar fewer to the incumbent. A step that overruns is paid back by the next call, so the
   * search is the same however its work is sliced.
   */
  work(ops: number): void {
    this.granted += ops;
    while (this.ops < this.granted) {
      if (this.inc.plan !== this.from || this.sinceRestart >= RESTART_OPS) {
        if (!this.restart()) {
          this.ops = this.granted;
          return;
        }
      }
      const before = this.ops;
      if (this.mode === 'descent') this.descentStep();
      else this.tabuStep();
      this.ops += 1;
      this.sinceRestart += this.ops - before;
      if (this.poolWeight <= POOL_BARS * this.cap) this.tryEmit();
    }
  }

  /** Starts from the incumbent with three of its bars emptied into the pool; false when nothing to do. */
  private restart(): boolean {
    const plan = this.inc.plan;
    if (!plan) return false;
    const next = new Int32Array(this.job.items.length);
    let start = 0;
    for (let i = 0; i < this.job.items.length; i++) {
      next[i] = start;
      start += this.job.items[i]?.demand ?? 0;
    }
    const bins: number[][] = [];
    for (const l of plan.layouts)
      for (let c = 0; c < l.count; c++) {
        const bin: number[] = [];
        l.counts.forEach((n, i) => {
          const first = next[i] ?? 0;
          for (let k = 0; k < n; k++) bin.push(first + k);
          next[i] = first + n;
        });
        bins.push(bin);
      }
    // Too few bars to save one: no search state, so the next call looks at the incumbent again.
    if (bins.length <= POOL_BARS) {
      this.from = null;
      return false;
    }
    const fresh = plan !== this.from;
    this.from = plan;
    this.sinceRestart = 0;
    if (fresh) this.restarts = 0;
    const load = bins.map((b) => this.sum(b));
    // First the emptiest bars; on later restarts bars at random.
    const order = bins.map((_, i) => i);
    if (this.restarts === 0) order.sort((a, b) => (load[a] ?? 0) - (load[b] ?? 0) || a - b);
    else
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(this.random() * (i + 1));
        [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
      }
    this.restarts++;
    const out = new Set(order.slice(0, POOL_BARS + 1));
    this.bins = bins.filter((_, i) => !out.has(i));
    this.load = this.bins.map((b) => this.sum(b));
    this.pool = bins.filter((_, i) => out.has(i)).flat();
    this.poolWeight = this.sum(this.pool);
    this.bestPool = this.poolWeight;
    this.tabuUntil.fill(0);
    this.mode = 'descent';
    this.cursor = 0;
    this.unimproved = 0;
    return true;
  }

  /** Pieces of each item type among `pieces`. */
  private countsOf(pieces: readonly number[]): Int32Array {
    const counts = new Int32Array(this.job.items.length);
    for (const p of pieces) {
      const t = this.type[p] ?? 0;
      counts[t] = (counts[t] ?? 0) + 1;
    }
    return counts;
  }

  private sum(pieces: readonly number[]): number {
    let s = 0;
    for (const p of pieces) s += this.weight[p] ?? 0;
    return s;
  }

  /** When the pool fits in `POOL_BARS` bars: the search's bars plus the pool's, offered to the incumbent. */
  private tryEmit(): void {
    const m = this.job.items.length;
    const counts = this.countsOf(this.pool);
    const poolBars: Int32Array[] = [];
    if (this.poolWeight <= this.cap) poolBars.push(counts);
    else {
      // Two bars: one must take at least what the other cannot.
      const types: number[] = [];
      for (let i = 0; i < m; i++) if ((counts[i] ?? 0) > 0) types.push(i);
      const w = types.map((t) => this.job.items[t]?.weight ?? 0);
      const avail = types.map((t) => counts[t] ?? 0);
      const found = maxFill(w, avail, this.cap, this.poolWeight - this.cap - 1);
      this.ops += found.nodes;
      const take = found.take;
      if (take === null) return;
      const first = new Int32Array(m);
      types.forEach((t, i) => {
        first[t] = take[i] ?? 0;
        counts[t] = (counts[t] ?? 0) - (take[i] ?? 0);
      });
      poolBars.push(first, counts);
    }
    const bars: Layout[] = this.bins.map((pieces) => ({
      source: 0,
      counts: this.countsOf(pieces),
      count: 1,
    }));
    for (const c of poolBars) bars.push({ source: 0, counts: c, count: 1 });
    this.inc.offer(bars, 'bar saver');
    // Whether or not the incumbent took it, start again from what the incumbent now holds.
    this.from = null;
  }

  /** Refills the next bar with the subset of its pieces and the pool that loads it most. */
  private descentStep(): void {
    const b = this.cursor;
    this.cursor = (this.cursor + 1) % this.bins.length;
    if (this.fill(b)) this.unimproved = 0;
    else if (++this.unimproved >= this.bins.length) {
      this.mode = 'tabu';
      this.tabuLeft = TABU_STEPS;
    }
  }

  private fill(b: number): boolean {
    const bin = this.bins[b] ?? [];
    const load = this.load[b] ?? 0;
    if (load === this.cap || this.pool.length === 0) return false;
    // Group candidate pieces by type, longest first: pieces of a type are interchangeable.
    const byType = new Map<number, number[]>();
    for (const p of [...bin, ...this.pool]) {
      const t = this.type[p] ?? 0;
      const list = byType.get(t);
      if (list) list.push(p);
      else byType.set(t, [p]);
    }
    const types = [...byType.keys()].sort((a, c) => a - c);
    const w = types.map((t) => this.job.items[t]?.weight ?? 0);
    const avail = types.map((t) => byType.get(t)?.length ?? 0);
    const found = maxFill(w, avail, this.cap, load);
    this.ops += types.length + found.nodes;
    if (found.take === null) return false;
    const chosen: number[] = found.take;
    const best = found.sum;
    const inBin: number[] = [];
    const toPool: number[] = [];
    types.forEach((t, i) => {
      const list = byType.get(t) ?? [];
      // Prefer the bar's own pieces, so the pool keeps its tabu history.
      list.sort((x, y) => Number(bin.includes(y)) - Number(bin.includes(x)));
      for (let k = 0; k < list.length; k++) (k < (chosen[i] ?? 0) ? inBin : toPool).push(list[k] ?? 0);
    });
    this.bins[b] = inBin;
    this.load[b] = best;
    // Every piece of the bar and the pool was a candidate, so it is now in one or the other.
    this.pool = toPool;
    this.poolWeight = this.sum(this.pool);
    if (this.poolWeight < this.bestPool) this.bestPool = this.poolWeight;
    return true;
  }

  /**
   * One tabu step: the swap of at most two pieces of a bar with one or two pieces of the pool
   * that leaves the lightest pool (then the pool with more pieces); moved pieces may not move again for a
   * few steps unless that gives the lightest pool yet.
   */
  private tabuStep(): void {
    this.iteration++;
    if (--this.tabuLeft <= 0) {
      this.mode = 'descent';
      this.unimproved = 0;
    }
    const it = this.iteration;
    const isTabu = (p: number): boolean => (this.tabuUntil[p] ?? 0) > it;
    // Pool subsets, one per combination of types (and tabu state), sorted by weight, fewer pieces last
    // among equal weights so the search for the heaviest that fits finds the smallest subset first.
    const cands = this.subsets(this.pool, isTabu);
    cands.sort((x, y) => x.w - y.w || y.pieces.length - x.pieces.length);
    let best: Move | null = null;
    let ties = 0;
    for (let b = 0; b < this.bins.length; b++) {
      const bin = this.bins[b] ?? [];
      const room = this.cap - (this.load[b] ?? 0);
      const outs = this.subsets(
        bin.filter((p) => !isTabu(p)),
        () => false,
      );
      outs.push({ pieces: [], w: 0, key: 0, flag: false });
      for (const out of outs) {
        // Heaviest pool subset that fits; a tabu one only when it gives the lightest pool so far.
        for (let hi = upperIndex(cands, room + out.w); hi >= 0; hi--) {
          this.ops++;
          const c = cands[hi] as Subset;
          const delta = out.w - c.w;
          if (best !== null && delta > best.delta) break;
          if (c.key === out.key || (c.flag && this.poolWeight + delta >= this.bestPool)) continue;
          const count = out.pieces.length - c.pieces.length;
          if (best === null || delta < best.delta || (delta === best.delta && count > best.count)) {
            best = { bin: b, out: out.pieces, into: c.pieces, delta, count };
            ties = 1;
          } else if (delta === best.delta && count === best.count && this.random() * ++ties < 1) {
            best = { bin: b, out: out.pieces, into: c.pieces, delta, count };
          }
          break;
        }
      }
    }
    const move = best as Move | null;
    if (move === null) {
      this.tabuUntil.fill(0);
      return;
    }
    const bin = (this.bins[move.bin] ?? []).filter((p) => !move.out.includes(p)).concat(move.into);
    bin.sort((x, y) => (this.type[x] ?? 0) - (this.type[y] ?? 0) || x - y);
    this.bins[move.bin] = bin;
    this.load[move.bin] = this.sum(bin);
    this.pool = this.pool.filter((p) => !move.into.includes(p)).concat(move.out);
    this.poolWeight += move.delta;
    if (this.poolWeight < this.bestPool) this.bestPool = this.poolWeight;
    for (const p of [...move.out, ...move.into])
      this.tabuUntil[p] = it + TABU_LEAST + Math.floor(this.random() * TABU_SPREAD);
  }

  /**
   * Single pieces and pairs of `pieces`, one per multiset of types and `flag` value: pieces of one type
   * and flag are interchangeable, so the work grows with the kinds of piece, not the pieces.
   */
  private subsets(pieces: readonly number[], flagOf: (p: number) => boolean): Subset[] {
    const m = this.job.items.length;
    const groups = new Map<number, number[]>();
    for (const p of pieces) {
      const g = (this.type[p] ?? 0) * 2 + (flagOf(p) ? 1 : 0);
      const list = groups.get(g);
      if (list) list.push(p);
      else groups.set(g, [p]);
    }
    const kinds = [...groups.keys()].sort((x, y) => x - y);
    const out: Subset[] = [];
    for (let a = 0; a < kinds.length; a++) {
      const ga = kinds[a] ?? 0;
      const pa = groups.get(ga) ?? [];
      const first = pa[0] ?? 0;
      const ta = ga >> 1;
      const wa = this.weight[first] ?? 0;
      out.push({ pieces: [first], w: wa, key: ta + 1, flag: (ga & 1) === 1 });
      for (let b = a; b < kinds.length; b++) {
        const gb = kinds[b] ?? 0;
        const pb = groups.get(gb) ?? [];
        const second = a === b ? pb[1] : pb[0];
        if (second === undefined) continue;
        const tb = gb >> 1;
        out.push({
          pieces: [first, second],
          w: wa + (this.weight[second] ?? 0),
          key: (Math.min(ta, tb) + 1) * (m + 1) + Math.max(ta, tb) + 1,
          flag: ((ga | gb) & 1) === 1,
        });
      }
    }
    this.ops += out.length;
    return out;
  }
}

interface Subset {
  readonly pieces: number[];
  readonly w: number;
  /** The pieces' types as one number: subsets with equal keys are interchangeable. */
  readonly key: number;
  /** For pool subsets: holds a tabu piece. */
  readonly flag: boolean;
}

interface Move {
  readonly bin: number;
  readonly out: number[];
  readonly into: number[];
  readonly delta: number;
  readonly count: number;
}

/** Index of the last entry with weight ≤ `room` in a list sorted by weight, or −1. */
function upperIndex(list: readonly { w: number }[], room: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid]?.w ?? 0) <= room) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * The heaviest load of at most `cap` from `avail[i]` copies of each weight `w[i]` (weights longest first),
 * if heavier than `least`: a depth-first subset sum stopped after `FILL_NODES` nodes or at a full load.
 */
function maxFill(
  w: readonly number[],
  avail: readonly number[],
  cap: number,
  least: number,
): { sum: number; take: number[] | null; nodes: number } {
  const n = w.length;
  const rest = new Float64Array(n + 1);
  for (let i = n - 1; i >= 0; i--) rest[i] = (rest[i + 1] ?? 0) + (w[i] ?? 0) * (avail[i] ?? 0);
  let best = least;
  let bestTake: number[] | null = null;
  const take = new Array<number>(n).fill(0);
  let nodes = 0;
  const dfs = (i: number, s: number): void => {
    if (s > best) {
      best = s;
      bestTake = take.slice();
    }
    if (i >= n || best === cap || nodes++ > FILL_NODES) return;
    if (s + (rest[i] ?? 0) <= best) return;
    const wi = w[i] ?? 0;
    const most = Math.min(avail[i] ?? 0, Math.floor((cap - s) / wi));
    for (let k = most; k >= 0; k--) {
      take[i] = k;
      dfs(i + 1, s + k * wi);
      if (best === cap) break;
    }
    take[i] = 0;
  };
  dfs(0, 0);
  return { sum: best, take: bestTake, nodes };
}
