/**
 * A lower bound on the setups of any plan of a group that costs at most a given value.
 *
 * 1. Every item type is cut on at least one setup, and the types one setup carries fit one bar together
 *    (each at least once). So the setups are at least the bars needed to pack one piece of every type,
 *    a bin-packing problem whose Martello–Toth L2 bound (with the continuous bound) is valid; the bar is
 *    the longest source, which every setup's bar is no longer than. This is never below the usual
 *    ⌈types / most types one pattern holds⌉ and is higher when long types cannot share a bar.
 * 2. At the fixed value: one setup cuts the whole list only when some bar count x divides every demand,
 *    one pattern of `demandᵢ / x` pieces fits a bar of some length, and x such bars are in supply and cost
 *    at most the value. When no x does, a plan of that value needs two setups.
 * 3. The pattern-minimisation LP at the fixed value (lp-bound.ts), by column generation: much stronger
 *    on cut lists with many items of a few pieces each; {@link lowerBoundOnSetups} takes the best of all three.
 */
import type { Budget } from '../../budget.ts';
import { cheapestBarsCost, continuousBound, l2Bound } from '../../solver/bounds/index.ts';
import type { LpEngine } from '../../solver/lp/index.ts';
import type { Job, Layout } from '../../solver/model/index.ts';
import { gcd } from '../../solver/model/index.ts';
import { countSetups } from '../count/count-setups.ts';
import { BOUND_RESERVE_MS } from '../tuning.ts';
import { type LpBoundLimits, setupsLpBound } from './lp-bound.ts';

/** The budget the stage's heuristics get: the stage's, less the bound's reserve. */
export function heuristicsBudget(stage: Budget): Budget {
  const left = stage.remainingMs();
  return stage.sub(left - Math.min(left / 4, BOUND_RESERVE_MS));
}

/**
 * The plans a bound holds for: value ≤ `value` (job cost units), purchased bars ≤ `bars` (∞: any).
 * `fewest_setups` chooses among plans of its cost that buy no more bars than the search's plan, so a cap
 * at those bars would be valid for it; the stage passes none, so that the bound holds, as the response
 * and the PDF say, for every plan of the cost (docs/solver.md, "Tuning").
 */
export interface BoundScope {
  readonly value: number;
  readonly bars: number;
  /** A plan in the scope (the stage's result): it starts the LP, and its setups stop it. */
  readonly plan: readonly Layout[];
}

/**
 * The best valid lower bound on setups of every plan in `scope`: the combinatorial bound, then the LP
 * bound when that can still rise (the work it may do is counted in `limits`; `budget` is a safety net).
 */
export function lowerBoundOnSetups(
  job: Job,
  scope: BoundScope,
  lp: LpEngine,
  budget: Budget,
  limits?: LpBoundLimits,
): number {
  const floor = setupsLowerBound(job, scope.value);
  const target = countSetups(job, scope.plan);
  if (floor >= target) return floor;
  const r = setupsLpBound(job, { ...scope, target, floor }, lp, budget, limits);
  return Math.max(floor, r.bound);
}

/** Valid lower bound on setups of every plan of `job` costing at most `cost` (job cost units). */
export function setupsLowerBound(job: Job, cost: number): number {
  const types = job.items.filter((it) => it.demand > 0);
  if (types.length === 0) return 0;
  const capacity = Math.max(...job.sources.map((s) => s.capacity));
  const weights = types.map((it) => it.weight);
  const ones = types.map(() => 1);
  const packing = Math.max(
    1,
    continuousBound({ weights, demands: ones, capacity }),
    l2Bound({ weights, demands: ones, capacity }),
  );
  if (packing >= 2) return packing;
  return onePatternCuts(job, cost) ? 1 : 2;
}

/** Can one pattern, repeated on bars of one length, cut the whole demand at cost ≤ `cost`? */
function onePatternCuts(job: Job, cost: number): boolean {
  let g = 0;
  for (const it of job.items) g = gcd(g, it.demand);
  // Sources of one length form one setup; its x bars take the cheapest bars among them.
  const byLength = new Map<number, { capacity: number; bars: { cost: number; supply: number }[] }>();
  for (const s of job.sources) {
    const entry = byLength.get(s.length) ?? { capacity: s.capacity, bars: [] };
    entry.bars.push({ cost: s.cost, supply: s.supply });
    byLength.set(s.length, entry);
  }
  for (const x of divisors(g)) {
    let weight = 0;
    for (const it of job.items) weight += (it.demand / x) * it.weight;
    for (const { capacity, bars } of byLength.values()) {
      if (weight > capacity) continue;
      const sorted = [...bars].sort((a, b) => a.cost - b.cost);
      if (cheapestBarsCost(sorted, x) <= cost + 1e-9) return true;
    }
  }
  return false;
}

/** The divisors of n ≥ 1, ascending. */
function divisors(n: number): number[] {
  const low: number[] = [];
  const high: number[] = [];
  for (let d = 1; d * d <= n; d++) {
    if (n % d !== 0) continue;
    low.push(d);
    if (d * d !== n) high.unshift(n / d);
  }
  return [...low, ...high];
}
