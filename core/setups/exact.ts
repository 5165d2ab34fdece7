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
import type { Budget } from '../budget.ts';
import { l2Bound } from '../solver/bounds/index.ts';
import type { GroupPlan, Job, Layout } from '../solver/model/index.ts';
import { gcd } from '../solver/model/index.ts';
import { countSetups } from './count.ts';

/** Nodes (setups tried) the search may visit per group, over all its rounds. */
export const EXACT_NODES = 250_000;
/** Groups with more item types than this are skipped: their patterns are too many to close the search. */
export const EXACT_MAX_TYPES = 14;
/** Failed states remembered at most. */
const MEMO_LIMIT = 200_000;

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
 * better by `better`; proves, when the nodes suffice, that none has fewer setups than the last.
 */
export function searchFewerSetups(
  job: Job,
  plan: GroupPlan,
  budget: Budget,
  better: (a: readonly Layout[], b: readonly Layout[]) => boolean,
  nodes: number = EXACT_NODES,
): ExactOutcome {
  let best = plan.layouts;
  if (job.items.filter((it) => it.demand > 0).length > EXACT_MAX_TYPES)
    return { plan: best, bound: 0, nodes: 0 };
  const search = new Search(job, plan.cost, budget, nodes);
  for (;;) {
    const setups = countSetups(job, best);
    const found = search.run(setups - 1);
    const nodes = search.visited;
    if (found === 'unknown') return { plan: best, bound: 0, nodes };
    if (found === null) return { plan: best, bound: setups, nodes };
    if (!better(found, best)) return { plan: best, bound: 0, nodes };
    best = found;
  }
}

/** Bars of one length: its sources cheapest first (bars are bought in that order). */
interface LengthClass {
  readonly capacity: number;
  readonly sources: readonly { readonly index: number; readonly cost: number; readonly supply: number }[];
  readonly supply: number;
}

interface Chosen {
  readonly cls: number;
  readonly counts: Int32Array;
  readonly bars: number;
}

class Search {
  private readonly classes: LengthClass[];
  private readonly weights: Float64Array;
  /** Sources by cost per unit of capacity, for the cost floor: class, source, and bars of its class before it. */
  private readonly byRate: { cls: number; cost: number; capacity: number; supply: number; before: number }[];
  private readonly rem: Int32Array;
  private readonly used: Float64Array;
  private readonly stack: Chosen[] = [];
  private readonly memo = new Map<string, number>();
  private cost = 0;
  private nodes = 0;
  get visited(): number {
    return this.nodes;
  }
  private out = false;
  private readonly job: Job;
  private readonly value: number;
  private readonly budget: Budget;
  private readonly limit: number;

  constructor(job: Job, value: number, budget: Budget, limit: number) {
    this.job = job;
    this.value = value;
    this.budget = budget;
    this.limit = limit;
    const lengths = [...new Set(job.sources.map((s) => s.length))];
    this.classes = lengths.map((length) => {
      const sources = job.sources
        .map((s, index) => ({ s, index }))
        .filter(({ s }) => s.length === length && s.supply > 0)
        .sort((a, b) => a.s.cost - b.s.cost || a.index - b.index)
        .map(({ s, index }) => ({ index, cost: s.cost, supply: s.supply }));
      const capacity = job.sources.find((s) => s.length === length)?.capacity ?? 0;
      return { capacity, sources, supply: sources.reduce((a, s) => a + s.supply, 0) };
    });
    this.byRate = this.classes
      .flatMap((c, cls) => {
        let before = 0;
        return c.sources.map((s) => {
          const entry = { cls, cost: s.cost, capacity: c.capacity, supply: s.supply, before };
          before += s.supply;
          return entry;
        });
      })
      .sort((a, b) => a.cost / a.capacity - b.cost / b.capacity);
    this.weights = Float64Array.from(job.items, (it) => it.weight);
    this.rem = Int32Array.from(job.items, (it) => it.demand);
    this.used = new Float64Array(this.classes.length);
  }

  /** A plan of at most `setups` setups within the value, null when none, 'unknown' when the nodes ran out. */
  run(setups: number): Layout[] | null | 'unknown' {
    this.memo.clear();
    this.rem.set(this.job.items.map((it) => it.demand));
    this.used.fill(0);
    this.stack.length = 0;
    this.cost = 0;
    const found = this.dfs(setups, -1, -1, null);
    if (found) return this.layouts();
    return this.out ? 'unknown' : null;
  }

  private dfs(left: number, prevItem: number, prevCls: number, prev: Int32Array | null): boolean {
    const rem = this.rem;
    const first = rem.findIndex((d) => d > 0);
    if (first < 0) return true;
    if (left === 0 || this.exhausted()) return false;
    if (this.cost + this.floor() > this.value + 1e-9) return false;
    if (this.typesBound() > left) return false;
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
    if (this.memo.size < MEMO_LIMIT) this.memo.set(key, left);
    return false;
  }

  /**
   * Tries, in decreasing order (below `bound` when given), every pattern on class `cls` that cuts item
   * `first`, each on as many bars as the demand allows down to one. True when one completes a plan.
   */
  private patterns(cls: number, first: number, bound: Int32Array | null, left: number): boolean {
    const job = this.job;
    const capacity = this.classes[cls]?.capacity ?? 0;
    const counts = new Int32Array(job.items.length);
    const walk = (i: number, room: number, tight: boolean): boolean => {
      if (i === job.items.length) return !tight && this.tryPattern(cls, counts, left);
      const w = this.weights[i] ?? 0;
      let top = Math.min(this.rem[i] ?? 0, Math.floor(room / w));
      if (tight) top = Math.min(top, bound?.[i] ?? 0);
      const low = i === first ? 1 : 0;
      for (let a = top; a >= low; a--) {
        counts[i] = a;
        if (walk(i + 1, room - a * w, tight && a === (bound?.[i] ?? 0))) return true;
        if (this.out) return false;
      }
      counts[i] = 0;
      return false;
    };
    return walk(first, capacity, bound !== null);
  }

  private tryPattern(cls: number, counts: Int32Array, left: number): boolean {
    if (this.exhausted()) return false;
    let most = (this.classes[cls]?.supply ?? 0) - (this.used[cls] ?? 0);
    counts.forEach((a, i) => {
      if (a > 0) most = Math.min(most, Math.floor((this.rem[i] ?? 0) / a));
    });
    const pattern = counts.slice();
    for (let k = most; k >= 1; k--) {
      const extra = this.barCost(cls, k);
      if (this.cost + extra > this.value + 1e-9) continue;
      this.apply(cls, pattern, k, extra, 1);
      const found = this.dfs(
        left - 1,
        pattern.findIndex((a) => a > 0),
        cls,
        pattern,
      );
      if (found) return true;
      this.apply(cls, pattern, k, extra, -1);
      if (this.out) return false;
    }
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
        const extra = this.barCost(cls, x);
        if (this.cost + extra > this.value + 1e-9) continue;
        const pattern = Int32Array.from(this.rem, (d) => d / x);
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
    if (sign === 1) this.stack.push({ cls, counts, bars });
    else this.stack.pop();
  }

  /** Cost of `bars` more bars of class `cls`, cheapest first after those used. */
  private barCost(cls: number, bars: number): number {
    let skip = this.used[cls] ?? 0;
    let need = bars;
    let cost = 0;
    for (const s of this.classes[cls]?.sources ?? []) {
      const free = Math.max(0, s.supply - skip);
      skip = Math.max(0, skip - s.supply);
      const take = Math.min(need, free);
      cost += take * s.cost;
      need -= take;
      if (need <= 0) break;
    }
    return need > 0 ? Number.POSITIVE_INFINITY : cost;
  }

  /** The rest's cost floor (whole cost units): its length over the cheapest capacity left. */
  private floor(): number {
    let weight = 0;
    this.rem.forEach((d, i) => {
      weight += d * (this.weights[i] ?? 0);
    });
    let floor = 0;
    for (const s of this.byRate) {
      if (weight <= 0) break;
      const left = Math.max(0, Math.min(s.supply, s.supply + s.before - (this.used[s.cls] ?? 0)));
      const take = Math.min(weight, left * s.capacity);
      floor += (take * s.cost) / s.capacity;
      weight -= take;
    }
    return weight > 0 ? Number.POSITIVE_INFINITY : Math.ceil(floor - 1e-9);
  }

  /** Setups the rest's item types need: one piece of each packed into the longest bar left (L2). */
  private typesBound(): number {
    let capacity = 0;
    this.classes.forEach((c, cls) => {
      if (c.supply - (this.used[cls] ?? 0) >= 1) capacity = Math.max(capacity, c.capacity);
    });
    if (capacity <= 0) return Number.POSITIVE_INFINITY;
    const demands = Int32Array.from(this.rem, (d) => (d > 0 ? 1 : 0));
    return l2Bound({ weights: this.weights, demands, capacity });
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
