/**
 * An exact search for fewer setups, for small groups: is there a plan of cost ≤ V with at most S − 1
 * setups (bars uncapped, as the bound's scope, bound.ts)? Depth-first branch and bound over setups: a
 * node branches on the setups (a pattern on a bar length, on k bars, its pieces k·aᵢ within the demand
 * left) that cut the first item still wanted, so every plan is reached; setups that cut the same first
 * item are taken in decreasing pattern order (each plan once). A node is pruned when the cost so far
 * plus the rest's cost floor (its length spread over the cheapest capacity) exceeds V, when the rest's
 * item types need more setups than are left (one piece of each packed into the longest bar, L2), and at
 * the last setup the rest is one pattern exactly when some bar count divides every demand left. Failed
 * states are remembered. Work is counted in nodes, so the answer depends on the job alone; the request's
 * budget is only a safety net.
 */

import { l2Bound } from '../../bounds/index.ts';
import type { Budget } from '../../budget.ts';
import type { GroupPlan, Job, Layout } from '../../model/index.ts';
import { gcd, patternWeight } from '../../model/index.ts';
import { countSetups } from '../count/count-setups.ts';
import { EXACT_MAX_TYPES, EXACT_MEMO_LIMIT, EXACT_NODES } from '../tuning.ts';
import { BarCosts, type LengthClass } from './exact-costs.ts';

export interface ExactOutcome {
  /** The best plan found (the given one when no plan with fewer setups ranks better). */
  readonly plan: readonly Layout[];
  /** When proven: every plan of cost ≤ the given plan's cost has at least this many setups; else 0. */
  readonly bound: number;
  /** Nodes visited (deterministic: the work done). */
  readonly nodes: number;
}

/**
 * Searches for plans with fewer setups than `plan` at no greater cost, as long as each one found ranks
 * better by `better`; proves, when the nodes suffice, that none has fewer setups than the last. `floor`
 * is a bound already known for the same plans: a plan found at it is proven minimal at once. Groups of
 * more than {@link EXACT_MAX_TYPES} item types are left alone (bound 0, no nodes). `kind` is for pattern
 * kinds whose weights only relax what fits (angle sequences): it counts a plan's setups and refuses
 * patterns that fit no bar.
 */
export function searchFewerSetups(
  job: Job,
  plan: GroupPlan,
  budget: Budget,
  better: (a: readonly Layout[], b: readonly Layout[]) => boolean,
  floor = 0,
  nodes: number = EXACT_NODES,
  kind: PatternKind = {},
): ExactOutcome {
  let best = plan.layouts;
  const setupsOf = kind.setupsOf ?? ((layouts: readonly Layout[]) => countSetups(job, layouts));
  // Item types name bits of the type bound's cache key too.
  if (job.items.length > EXACT_MAX_TYPES) return { plan: best, bound: 0, nodes: 0 };
  const search = new Search(job, plan.cost, budget, nodes, kind.fits);
  for (;;) {
    const setups = setupsOf(best);
    if (setups <= floor) return { plan: best, bound: setups, nodes: search.visited };
    const found = search.run(setups - 1);
    const nodes = search.visited;
    if (found === 'unknown') return { plan: best, bound: 0, nodes };
    if (found === null) return { plan: best, bound: setups, nodes };
    if (!better(found, best)) return { plan: best, bound: 0, nodes };
    best = found;
  }
}

/** What a pattern kind adds to the weights (square patterns need neither). */
export interface PatternKind {
  /** A plan's setups (default: distinct bar length and counts). */
  readonly setupsOf?: (layouts: readonly Layout[]) => number;
  /**
   * False only when no pattern of these counts fits a bar of `length` (it must never refuse one that
   * does: a proof rests on it); patterns whose weights fit are tried only when it says true.
   */
  readonly fits?: (length: number, counts: Int32Array) => boolean;
}

/** One node's pattern enumeration on one class and multiplicity (`bars`). */
interface Frame {
  readonly cls: number;
  readonly first: number;
  readonly bound: Int32Array | null;
  readonly left: number;
  readonly capacity: number;
  bars: number;
  cost: number;
  need: number;
  readonly counts: Int32Array;
  readonly suffix: Float64Array;
}

interface Chosen {
  readonly cls: number;
  readonly counts: Int32Array;
  readonly bars: number;
}

class Search {
  private readonly costs: BarCosts;
  private readonly classes: readonly LengthClass[];
  private readonly weights: Float64Array;
  private readonly rem: Int32Array;
  private readonly used: Float64Array;
  private readonly stack: Chosen[] = [];
  private readonly memo = new Map<string, number>();
  private readonly typeBounds = new Map<number, number>();
  private cost = 0;
  /** The weight of the demand left. */
  private weight = 0;
  private nodes = 0;
  get visited(): number {
    return this.nodes;
  }
  private out = false;
  private readonly job: Job;
  private readonly value: number;
  private readonly budget: Budget;
  private readonly limit: number;

  private readonly fits: ((cls: number, counts: Int32Array) => boolean) | null;

  constructor(
    job: Job,
    value: number,
    budget: Budget,
    limit: number,
    fits?: (length: number, counts: Int32Array) => boolean,
  ) {
    this.job = job;
    this.value = value;
    this.budget = budget;
    this.limit = limit;
    this.costs = new BarCosts(job);
    this.classes = this.costs.classes;
    this.weights = Float64Array.from(job.items, (it) => it.weight);
    this.rem = Int32Array.from(job.items, (it) => it.demand);
    this.used = new Float64Array(this.classes.length);
    const lengths = this.classes.map((c) => job.sources[c.sources[0]?.index ?? -1]?.length ?? 0);
    this.fits = fits ? (cls, counts) => fits(lengths[cls] ?? 0, counts) : null;
  }

  /** A plan of at most `setups` setups within the value, null when none, 'unknown' when the nodes ran out. */
  run(setups: number): Layout[] | null | 'unknown' {
    this.memo.clear();
    this.rem.set(this.job.items.map((it) => it.demand));
    this.used.fill(0);
    this.stack.length = 0;
    this.cost = 0;
    this.weight = this.job.items.reduce((a, it) => a + it.demand * it.weight, 0);
    const found = this.dfs(setups, -1, -1, null);
    if (found) return this.layouts();
    return this.out ? 'unknown' : null;
  }

  private dfs(left: number, prevItem: number, prevCls: number, prev: Int32Array | null): boolean {
    const rem = this.rem;
    const first = rem.findIndex((d) => d > 0);
    if (first < 0) return true;
    if (left === 0 || this.exhausted()) return false;
    if (this.cost + this.costs.floor(this.used, this.weight) > this.value + 1e-9) return false;
    if (this.typesBound(left) > left) return false;
    if (left === 1) return this.last();
    const ordered = first === prevItem;
    const key = `${rem.join(',')}|${this.used.join(',')}${ordered ? `|${prevCls}:${prev?.join(',')}` : ''}`;
    if ((this.memo.get(key) ?? 0) >= left) return false;
    for (let cls = ordered ? prevCls : this.classes.length - 1; cls >= 0; cls--) {
      const c = this.classes[cls];
      if (!c || c.supply - (this.used[cls] ?? 0) < 1) continue;
      const bound = ordered && cls === prevCls ? prev : null;
      if (this.patterns(cls, first, bound, left)) return true;
      if (this.out) return false;
    }
    if (this.memo.size < EXACT_MEMO_LIMIT) this.memo.set(key, left);
    return false;
  }

  /**
   * Tries every pattern on class `cls` that cuts item `first`, on k bars from the most the demand allows
   * down to one; for each k in decreasing pattern order (below `bound` when given), and only patterns full
   * enough that the rest's cost floor still fits the value. True when one completes a plan.
   */
  private patterns(cls: number, first: number, bound: Int32Array | null, left: number): boolean {
    const m = this.job.items.length;
    const capacity = this.classes[cls]?.capacity ?? 0;
    const most = Math.min(this.rem[first] ?? 0, (this.classes[cls]?.supply ?? 0) - (this.used[cls] ?? 0));
    const counts = new Int32Array(m);
    const suffix = new Float64Array(m + 1);
    const f: Frame = { cls, first, bound, left, capacity, bars: 0, cost: 0, need: 0, counts, suffix };
    for (let k = most; k >= 1; k--) {
      const extra = this.costs.barCost(this.used, cls, k);
      if (this.cost + extra > this.value + 1e-9) continue;
      const need = this.costs.fillNeeded(this.used, cls, k, this.weight, this.value - this.cost - extra);
      if (need > capacity) continue;
      for (let i = m - 1; i >= 0; i--)
        f.suffix[i] = (f.suffix[i + 1] ?? 0) + (this.weights[i] ?? 0) * Math.floor((this.rem[i] ?? 0) / k);
      f.bars = k;
      f.cost = extra;
      f.need = need;
      if (this.walk(f, first, capacity, bound !== null)) return true;
      if (this.out) return false;
    }
    return false;
  }

  /** Item `i` on of the patterns of frame `f` (`tight`: equal to its bound so far). */
  private walk(f: Frame, i: number, room: number, tight: boolean): boolean {
    const { counts, suffix, bound } = f;
    if (f.capacity - room + Math.min(room, suffix[i] ?? 0) < f.need) return false;
    if (i === counts.length)
      return (
        !tight &&
        (this.fits?.(f.cls, counts) ?? true) &&
        this.tryPattern(f.cls, counts, f.bars, f.cost, f.left)
      );
    const w = this.weights[i] ?? 0;
    let top = Math.min(Math.floor((this.rem[i] ?? 0) / f.bars), Math.floor(room / w));
    if (tight) top = Math.min(top, bound?.[i] ?? 0);
    for (let a = top; a >= (i === f.first ? 1 : 0); a--) {
      counts[i] = a;
      if (this.walk(f, i + 1, room - a * w, tight && a === (bound?.[i] ?? 0))) return true;
      if (this.out) return false;
    }
    counts[i] = 0;
    return false;
  }

  /** Takes `counts` on `bars` bars of class `cls` and searches on; true when that completes a plan. */
  private tryPattern(cls: number, counts: Int32Array, bars: number, cost: number, left: number): boolean {
    if (this.exhausted()) return false;
    const pattern = counts.slice();
    this.apply(cls, pattern, bars, cost, 1);
    if (
      this.dfs(
        left - 1,
        pattern.findIndex((a) => a > 0),
        cls,
        pattern,
      )
    )
      return true;
    this.apply(cls, pattern, bars, cost, -1);
    return false;
  }

  /** The last setup: the rest is one pattern on x bars, x dividing every demand left. */
  private last(): boolean {
    let g = 0;
    let weight = 0;
    this.rem.forEach((d, i) => {
      g = gcd(g, d);
      weight += d * (this.weights[i] ?? 0);
    });
    for (let x = 1; x <= g; x++) {
      if (g % x !== 0) continue;
      for (let cls = 0; cls < this.classes.length; cls++) {
        const c = this.classes[cls];
        if (!c || weight / x > c.capacity || c.supply - (this.used[cls] ?? 0) < x) continue;
        const extra = this.costs.barCost(this.used, cls, x);
        if (this.cost + extra > this.value + 1e-9) continue;
        const pattern = Int32Array.from(this.rem, (d) => d / x);
        if (this.fits && !this.fits(cls, pattern)) continue;
        this.apply(cls, pattern, x, extra, 1);
        return true;
      }
    }
    return false;
  }

  /** Takes (sign 1) or gives back (−1) `bars` bars of `counts` on class `cls`. */
  private apply(cls: number, counts: Int32Array, bars: number, cost: number, sign: 1 | -1): void {
    counts.forEach((a, i) => {
      this.rem[i] = (this.rem[i] ?? 0) - sign * a * bars;
    });
    this.used[cls] = (this.used[cls] ?? 0) + sign * bars;
    this.cost += sign * cost;
    this.weight -= sign * bars * patternWeight(this.job, counts);
    if (sign === 1) this.stack.push({ cls, counts, bars });
    else this.stack.pop();
  }

  /** Setups the rest's item types need: one piece of each packed into the longest bar left (L2). */
  private typesBound(left: number): number {
    let types = 0;
    let mask = 0;
    this.rem.forEach((d, i) => {
      if (d <= 0) return;
      types++;
      mask |= 1 << i;
    });
    // One setup per type at most: no bound above `left` when the types are that few.
    if (types <= left) return types;
    let capacity = 0;
    this.classes.forEach((c, cls) => {
      if (c.supply - (this.used[cls] ?? 0) >= 1) capacity = Math.max(capacity, c.capacity);
    });
    if (capacity <= 0) return Number.POSITIVE_INFINITY;
    // The types left (at most EXACT_MAX_TYPES, so a bit mask) and the longest bar name the bound.
    const key = mask * 2 ** 32 + capacity;
    let bound = this.typeBounds.get(key);
    if (bound === undefined) {
      const demands = Int32Array.from(this.rem, (d) => (d > 0 ? 1 : 0));
      bound = l2Bound({ weights: this.weights, demands, capacity });
      this.typeBounds.set(key, bound);
    }
    return bound;
  }

  private exhausted(): boolean {
    this.nodes++;
    if (this.nodes > this.limit || ((this.nodes & 1023) === 0 && this.budget.expired())) this.out = true;
    return this.out;
  }

  /** The chosen setups as layouts, each setup's bars bought cheapest first within its length. */
  private layouts(): Layout[] {
    const taken = new Float64Array(this.job.sources.length);
    const out: Layout[] = [];
    for (const { cls, counts, bars } of this.stack) {
      let need = bars;
      for (const s of this.classes[cls]?.sources ?? []) {
        const take = Math.min(need, s.supply - (taken[s.index] ?? 0));
        if (take <= 0) continue;
        taken[s.index] = (taken[s.index] ?? 0) + take;
        out.push({ source: s.index, counts, count: take });
        need -= take;
        if (need <= 0) break;
      }
    }
    return out;
  }
}
