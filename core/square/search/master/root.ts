/**
 * The square search's root: column generation on the whole job, the bound it proves and its cuts on bar
 * counts.
 */
import { type CountCut, costSources, liftBound } from '../../../bounds/index.ts';
import type { Budget } from '../../../budget.ts';
import type { CgOutcome, Residual } from '../../../master/index.ts';
import type { Incumbent, Job, SearchTrace } from '../../../model/index.ts';
import { ceilBound } from '../../../numbers.ts';
import type { ColumnGeneration } from './column-generation.ts';
import { seedColumns } from './seed.ts';

/** The lift's search steps a round (the one at the root's end keeps `liftBound`'s default). */
const ROUND_LIFT_STEPS = 5_000;

/** What the root's column generation gives: its outcome, the bound it proves, its cuts on bar counts. */
export interface RootSolve {
  readonly out: CgOutcome;
  readonly bound: number;
  readonly cuts: readonly CountCut[];
}

/**
 * The root LP: seeds the master with the incumbent's layouts, runs column generation to the end, and lifts
 * `bound` by the LP's bound and by the cost grid and cuts on the bar counts that could beat the incumbent.
 */
export function solveRoot(
  job: Job,
  cg: ColumnGeneration,
  root: Residual,
  inc: Incumbent,
  bound: number,
  budget: Budget,
  trace: SearchTrace,
  liftEachRound = false,
): RootSolve {
  seedColumns(job, cg, root, inc.plan);
  const sources = costSources(job, root);
  // Technique `root-lift`: the cost grid and the round's cut on the bar counts lift each round's bound, so
  // column generation stops once no reachable cost lies below the incumbent (the lift at its end, sooner).
  // Only where the rounded-up bound rose since the last try: most rounds leave it where it was.
  let tried = Number.NEGATIVE_INFINITY;
  const lift = (b: number, cut: CountCut | null): number => {
    if (b <= tried) return b;
    tried = b;
    return liftBound(Math.max(bound, b), inc.pruneAt(), sources, cut ? [cut] : [], ROUND_LIFT_STEPS);
  };
  const out = cg.solve(budget, { settle: true, cutoff: inc.pruneAt(), ...(liftEachRound ? { lift } : {}) });
  trace.cgIterations += out.iterations;
  trace.rootLp = out.lpValue;
  const lp = Math.max(bound, ceilBound(out.bound));
  const cuts = cg.lastCut ? [cg.lastCut] : [];
  return { out, bound: liftBound(lp, inc.pruneAt(), sources, cuts), cuts };
}
