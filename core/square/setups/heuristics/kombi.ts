/**
 * Pattern combination (KOMBI, Foerster & Wäscher 2000) as a post-optimisation: two setups of one source
 * are replaced by one, three by two (and two of different sources by one on either, as cost allows), cutting exactly the same pieces on no more bars of that source, so
 * cost, material and bars never rise and no slack is needed. Each replacement is an exact small problem:
 * for one result pattern the bars must divide every piece count; for two, a split of the bars into m and
 * X − m and a dynamic programme over the items (Pareto pairs of the two patterns' lengths) decides it.
 * Moves repeat until none applies or the work budget ends.
 */
import type { Budget } from '../../../budget.ts';
import { gcd, type Job, type Layout, mergeLayouts, planCost } from '../../../model/index.ts';
import { KOMBI_MAX_STATES, KOMBI_OPS } from '../tuning.ts';
import { purchasedBars } from './oracle.ts';

/** Counts operations; checks the stage's budget (one work unit) every 4096 of them. */
interface Work {
  /** Spends `n` operations; false once the work is over. */
  spend(n: number): boolean;
}

function workOf(budget: Budget, limit: number): Work {
  let ops = 0;
  return {
    spend(n) {
      const before = ops;
      ops += n;
      if (ops >= limit) return false;
      return before >>> 12 === ops >>> 12 || !budget.expired();
    },
  };
}

/**
 * The plan with setups combined where an exact move applies (same pieces, no more bars per source), within
 * `ops` operations and the stage's budget.
 */
export function combinePatterns(
  job: Job,
  layouts: readonly Layout[],
  budget: Budget,
  ops: number = KOMBI_OPS,
): Layout[] {
  const work = workOf(budget, ops);
  let plan = [...mergeLayouts(job, layouts).layouts];
  for (;;) {
    const next = oneMove(job, plan, work);
    if (next === null) return plan;
    plan = [...mergeLayouts(job, next).layouts];
  }
}

/** The first move that applies (pairs before triples, in plan order), or null. */
function oneMove(job: Job, plan: readonly Layout[], work: Work): Layout[] | null {
  const n = plan.length;
  const used = new Float64Array(job.sources.length);
  for (const l of plan) used[l.source] = (used[l.source] ?? 0) + l.count;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) {
      if (!work.spend(1)) return null;
      const pair = [plan[a], plan[b]] as Layout[];
      const merged = combine(job, pair, 1, work) ?? acrossSources(job, pair, used);
      if (merged) return replace(plan, [a, b], merged);
    }
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++) {
        if (!work.spend(1)) return null;
        const merged = combine(job, [plan[a], plan[b], plan[c]] as Layout[], 2, work);
        if (merged) return replace(plan, [a, b, c], merged);
      }
  return null;
}

function replace(plan: readonly Layout[], drop: readonly number[], add: readonly Layout[]): Layout[] {
  return [...plan.filter((_, k) => !drop.includes(k)), ...add];
}

/**
 * `into` (1 or 2) patterns on the group's source that cut exactly the group's pieces on at most its bars,
 * or null. Only groups of one source combine.
 */
function combine(job: Job, group: readonly Layout[], into: 1 | 2, work: Work): Layout[] | null {
  const source = group[0]?.source ?? -1;
  if (group.some((l) => l.source !== source)) return null;
  const capacity = job.sources[source]?.capacity ?? 0;
  const bars = group.reduce((s, l) => s + l.count, 0);
  const demand = new Int32Array(job.items.length);
  for (const l of group)
    l.counts.forEach((a, i) => {
      demand[i] = (demand[i] ?? 0) + a * l.count;
    });
  const weights = job.items.map((it) => it.weight);
  if (into === 1) {
    let g = 0;
    for (const d of demand) g = gcd(g, d);
    // The most bars the pieces divide into evenly, no more than before: the lightest single pattern.
    for (let x = Math.min(bars, g); x >= 1; x--) {
      if (g % x !== 0) continue;
      const counts = Int32Array.from(demand, (d) => d / x);
      if (weightOf(counts, weights) <= capacity) return [{ source, counts, count: x }];
      return null;
    }
    return null;
  }
  for (let m = 1; m <= bars / 2; m++) {
    const split = twoPatterns(demand, weights, capacity, m, bars - m, work);
    if (split)
      return [
        { source, counts: split[0], count: m },
        { source, counts: split[1], count: bars - m },
      ];
  }
  return null;
}

/**
 * Two setups of different sources (a bought bar and an offcut, two stock lengths) as one pattern on
 * either source, at no more cost and no more purchased bars, within the source's supply (`used`: bars of
 * each source the plan cuts); or null.
 */
function acrossSources(job: Job, pair: readonly Layout[], used: Float64Array): Layout[] | null {
  const [p, q] = pair;
  if (!p || !q || p.source === q.source) return null;
  const demand = new Int32Array(job.items.length);
  for (const l of pair)
    l.counts.forEach((a, i) => {
      demand[i] = (demand[i] ?? 0) + a * l.count;
    });
  let g = 0;
  for (const d of demand) g = gcd(g, d);
  const cost = planCost(job, pair);
  const bought = purchasedBars(job, pair);
  const weights = job.items.map((it) => it.weight);
  for (const source of [p.source, q.source]) {
    const s = job.sources[source];
    if (!s) continue;
    const free =
      s.supply - (used[source] ?? 0) + pair.reduce((n, l) => n + (l.source === source ? l.count : 0), 0);
    // The most bars (the lightest pattern) that divide the pieces and keep cost, bars and supply.
    for (let x = g; x >= 1; x--) {
      if (g % x !== 0 || x > free || s.cost * x > cost || (s.kind === 'stock' ? x : 0) > bought) continue;
      const counts = Int32Array.from(demand, (d) => d / x);
      if (weightOf(counts, weights) <= s.capacity) return [{ source, counts, count: x }];
      break;
    }
  }
  return null;
}

function weightOf(counts: Int32Array, weights: readonly number[]): number {
  let w = 0;
  counts.forEach((a, i) => {
    w += a * (weights[i] ?? 0);
  });
  return w;
}

interface State {
  readonly wa: number;
  readonly wb: number;
  /** Pieces of the item on pattern A, and the state it came from. */
  readonly a: number;
  readonly prev: State | null;
}

/**
 * Patterns A and B with m·A + k·B = demand exactly and both within `capacity`, or null: per item the
 * pieces on A fix those on B; a Pareto list of (length of A, length of B) over the items decides it.
 */
function twoPatterns(
  demand: Int32Array,
  weights: readonly number[],
  capacity: number,
  m: number,
  k: number,
  work: Work,
): [Int32Array, Int32Array] | null {
  const items: number[] = [];
  demand.forEach((d, i) => {
    if (d > 0) items.push(i);
  });
  let states: State[] = [{ wa: 0, wb: 0, a: 0, prev: null }];
  for (const i of items) {
    const d = demand[i] ?? 0;
    const w = weights[i] ?? 0;
    const next: State[] = [];
    for (let a = 0; a * m <= d; a++) {
      if ((d - a * m) % k !== 0) continue;
      const b = (d - a * m) / k;
      for (const s of states) {
        const wa = s.wa + a * w;
        const wb = s.wb + b * w;
        if (wa <= capacity && wb <= capacity) next.push({ wa, wb, a, prev: s });
      }
    }
    if (next.length === 0 || !work.spend(next.length)) return null;
    next.sort((x, y) => x.wa - y.wa || x.wb - y.wb);
    states = [];
    for (const s of next) {
      const last = states[states.length - 1];
      if (last && s.wb >= last.wb) continue;
      states.push(s);
      if (states.length >= KOMBI_MAX_STATES) break;
    }
  }
  let s: State | null = states[0] ?? null;
  if (!s) return null;
  const A = new Int32Array(demand.length);
  const B = new Int32Array(demand.length);
  for (let j = items.length - 1; j >= 0 && s; j--) {
    const i = items[j] ?? 0;
    A[i] = s.a;
    B[i] = ((demand[i] ?? 0) - s.a * m) / k;
    s = s.prev;
  }
  return [A, B];
}
