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

import { continuousBound, l2Bound, onePatternCuts } from '../../bounds/index.ts';
import type { Budget } from '../../budget.ts';
import type { LpEngine } from '../../lp/index.ts';
import type { Job, Layout } from '../../model/index.ts';
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
  // One pattern of `demandᵢ / x` pieces fits a bar when its weights do.
  const capacityOf = new Map(job.sources.map((s) => [s.length, s.capacity]));
  const fits = (x: number, length: number): boolean => {
    let weight = 0;
    for (const it of job.items) weight += (it.demand / x) * it.weight;
    return weight <= (capacityOf.get(length) ?? 0);
  };
  const demands = job.items.map((it) => it.demand);
  return onePatternCuts(demands, job.sources, fits, cost) ? 1 : 2;
}
