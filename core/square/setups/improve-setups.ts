/**
 * The setups stage's phases, on a work budget (work.ts): each phase takes a share of the work left, so
 * where each stops depends on the request alone. The sequential heuristic in two candidate orders (and
 * first in whole bundles under `bundle`), the LP-guided dive (`fewest_setups`), the tail re-solved, pattern combination (KOMBI), neighbourhoods
 * of setups re-solved, and pattern combination again. Returns the best plan by `better`.
 */
import type { Budget } from '../../budget.ts';
import type { LpEngine } from '../../lp/index.ts';
import type { GroupPlan, Job, Layout } from '../../model/index.ts';
import { stageWork } from '../../setups/index.ts';
import { lpDive } from './heuristics/dive.ts';
import { combinePatterns } from './heuristics/kombi.ts';
import { searchNeighbourhoods } from './heuristics/neighbourhoods.ts';
import { type OracleShared, purchasedBars, residualOracle } from './heuristics/oracle.ts';
import { residualBound } from './heuristics/residual-bound.ts';
import { runSteps, type State, type StepOptions, startState } from './heuristics/sequential.ts';
import { resolveTail } from './heuristics/tail.ts';
import { PHASE_SHARES } from './tuning.ts';

export interface StageContext {
  readonly lp: LpEngine;
  /** The request's deadline (a safety net only). */
  readonly budget: Budget;
  /** Work units for the stage. */
  readonly work: number;
  readonly bundleSize?: (source: number) => number | null;
}

/**
 * The best plan the phases find (the search's plan when none ranks better), and whether the stage ran
 * out of work or time (when it did not, more work would walk the same phases to the same plan).
 */
export function improveSetups(
  job: Job,
  plan: GroupPlan,
  method: 'fewest_setups' | 'bundle',
  ctx: StageContext,
  better: (a: readonly Layout[], b: readonly Layout[]) => boolean,
): { readonly layouts: readonly Layout[]; readonly spent: boolean } {
  let best: readonly Layout[] = plan.layouts;
  const keep = (layouts: readonly Layout[]): void => {
    if (better(layouts, best)) best = layouts;
  };
  const { budget, lp } = stageWork(ctx.budget, ctx.lp, ctx.work);
  const phase = (share: number): Budget => budget.sub(budget.remainingMs() * share);
  const shared: OracleShared = { memo: new Map(), bound: residualBound(job, lp) };
  const oracle = (work: Budget) => residualOracle(job, lp, work, shared);
  const steps = (from: State, work: Budget, options: Omit<StepOptions, 'better'>) =>
    runSteps(job, from, oracle(work), work, { better, ...options });
  // fewest_setups never buys more bars than the search's plan.
  const capBars = method === 'fewest_setups';
  const start = startState(
    job,
    plan.layouts,
    plan.cost,
    capBars ? purchasedBars(job, plan.layouts) : Number.POSITIVE_INFINITY,
  );
  try {
    if (method === 'bundle' && ctx.bundleSize) {
      const work = phase(PHASE_SHARES.bundles);
      const bundles = steps(start, work, { bundleOf: ctx.bundleSize });
      keep(bundles.best);
      keep(steps(bundles.end, work, {}).best);
    }
    // Two orders of the candidates: the search plan's own patterns repeated first, then the fullest
    // patterns most bars first (docs/solver.md, "Tuning").
    keep(steps(start, phase(PHASE_SHARES.rest), { order: 'rest' }).best);
    keep(steps(start, phase(PHASE_SHARES.bars), { order: 'bars' }).best);
    // The LP-guided dive (dive.ts) picks patterns by the pattern-minimisation LP's weight instead.
    if (capBars) {
      const dive = phase(PHASE_SHARES.dive);
      keep(lpDive(job, start, oracle(dive), lp, dive, better));
    }
    const tail = phase(PHASE_SHARES.tail);
    keep(resolveTail(job, best, oracle(tail), tail, { better }, capBars));
    keep(combinePatterns(job, best, budget));
    const near = phase(PHASE_SHARES.near);
    keep(searchNeighbourhoods(job, best, oracle(near), near, { better }, capBars));
    keep(combinePatterns(job, best, budget));
  } finally {
    shared.bound?.dispose();
  }
  return { layouts: best, spent: budget.expired() };
}
