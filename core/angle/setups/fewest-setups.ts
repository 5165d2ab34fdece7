/**
 * `fewest_setups` for angle jobs, the stage after the search (docs/angle-cuts.md, "Setups"). Lexicographic,
 * as for square jobs: the search's cost first (never raised), no more purchased bars than the search's
 * plan, then the fewest setups, then fewer bars, then (between finished plans only, core/setups/ties.ts)
 * fewer saw stop settings, then fewer layouts.
 *
 * Haessler's sequential heuristic over sequence patterns: step by step, fix a sequence cut on many bars at
 * once (the fullest sequence whose pieces, times the bars, stay within the demand left; the largest
 * multiplicity first) as long as what is left can still be cut within the cost and bars left. The angle
 * oracle (sequence greedy, then the angle search on the residual job) decides that and hands back a plan
 * for the rest, so every state is a complete plan of at most the starting cost.
 */
import type { Budget } from '../../budget.ts';
import type { LpEngine } from '../../lp/index.ts';
import { compareLex } from '../../numbers.ts';
import { EXACT_MAX_TYPES, fewestSawStops, heuristicsBudget, tiePool } from '../../setups/index.ts';
import type { AngleJob, DpCache, SeqBar } from '../search/index.ts';
import { planCostOf, preferPriority } from '../search/index.ts';
import { angleSetupsLowerBound } from './bound.ts';
import { countBarSawStops, countBarSetups } from './count.ts';
import { searchFewerAngleSetups } from './exact.ts';
import { angleSetupsLpBound, shapeClasses } from './lp.ts';
import { angleOracle, purchasedBarsOf } from './oracle.ts';
import { layoutKey, runSteps, type State } from './steps.ts';

export interface AngleSetupsResult {
  readonly bars: SeqBar[];
  /** A valid lower bound on the setups of any plan of the group costing at most the plan's cost. */
  readonly setupsBound: number;
}

/** Runs the stage on a group's plan from the search. */
export function fewestAngleSetups(
  job: AngleJob,
  plan: readonly SeqBar[],
  engine: LpEngine,
  budget: Budget,
): AngleSetupsResult {
  const searchBars = purchasedBarsOf(job, plan);
  const rank = (bars: readonly SeqBar[]): number[] => {
    const bought = purchasedBarsOf(job, bars);
    return [
      planCostOf(job, bars),
      bought > searchBars ? bought : 0,
      countBarSetups(job, bars),
      bought,
      new Set(bars.map(layoutKey)).size,
    ];
  };
  // Every complete plan the stage ranks is shown to the pool (core/setups/ties.ts) on its rank before
  // layouts; the steps never read it.
  const ties = tiePool<readonly SeqBar[]>((bars) => bars.map(layoutKey).sort().join(';'));
  const better = (a: readonly SeqBar[], b: readonly SeqBar[]): boolean => {
    const ra = rank(a);
    ties.observe(a, ra.slice(0, LAYOUTS));
    return compareLex(ra, rank(b)) < 0;
  };
  ties.observe(plan, rank(plan).slice(0, LAYOUTS));
  let best: readonly SeqBar[] = plan;
  const start: State = {
    taken: [],
    demand: Int32Array.from(job.shapes, (s) => s.demand),
    supply: Float64Array.from(job.base.sources, (s) => s.supply),
    room: planCostOf(job, plan),
    bars: searchBars,
    rest: plan,
  };
  const cache: DpCache = new Map();
  const sc = shapeClasses(job);
  // The pattern-minimisation LP over sequences (its work counted). On groups too large for the exact
  // search the heuristics can run to the deadline, so there it runs first, on the search's plan at its
  // cost (every plan the stage returns costs no more); elsewhere after them, and only when the bound
  // before it stays below the plan's setups, which spares it on most small groups.
  const lpBound = (on: readonly SeqBar[]): number => {
    const cost = planCostOf(job, on);
    return angleSetupsLpBound(job, on, cost, angleSetupsLowerBound(job, cost), engine, budget);
  };
  const large = sc.classes.length > EXACT_MAX_TYPES;
  let bound = large ? lpBound(plan) : 0;
  // One oracle (its searches counted together, its answers shared) for two orders of the candidates, as
  // for square jobs: most bars first, or most pieces cut first.
  // On the other groups the heuristics leave the LP and the exact search a reserve of the time, as for
  // square jobs (a safety net: all three count their work).
  const work = large ? budget : heuristicsBudget(budget);
  const oracle = angleOracle(job, engine, work);
  for (const order of ['bars', 'pieces'] as const) {
    const found = runSteps(job, start, oracle, work, order, cache, better);
    if (better(found, best)) best = found;
  }
  if (!large) bound = lpBound(best);
  // The exact search for fewer setups (or the proof that none exists) while the bound stays below.
  if (bound < countBarSetups(job, best)) {
    // At the heuristics' plan's cost (never above the search's): fewer plans to search, the same claim.
    const exact = searchFewerAngleSetups(job, sc, best, planCostOf(job, best), bound, budget, better);
    best = exact.bars;
    bound = Math.max(bound, exact.bound);
  }
  // Among the finished plans that tie with it on cost, bars and setups, the one whose saw stops move
  // least, counted as the orchestrator returns it (prioritised bars moved, core/plan/angle.ts).
  const chosen = best;
  const above = rank(chosen).slice(0, LAYOUTS);
  best = fewestSawStops(chosen, ties.plans(), {
    ties: (c) => compareLex(rank(c).slice(0, LAYOUTS), above) === 0,
    sawStops: (c) => countBarSawStops(job, preferPriority(job, c)),
    next: (c) => rank(c)[LAYOUTS] ?? 0,
  });
  // The bound holds for every plan of the cost, the chosen one's too (same cost and setups).
  return { bars: [...best], setupsBound: bound };
}

/** Where layouts stand in the stage's rank: saw stops break ties just before them, between finished plans. */
const LAYOUTS = 4;
