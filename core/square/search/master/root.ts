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
): RootSolve {
  seedColumns(job, cg, root, inc.plan);
  const out = cg.solve(budget, { settle: true, cutoff: inc.pruneAt() });
  trace.cgIterations += out.iterations;
  trace.rootLp = out.lpValue;
  const lp = Math.max(bound, ceilBound(out.bound));
  const cuts = cg.lastCut ? [cg.lastCut] : [];
  return { out, bound: liftBound(lp, inc.pruneAt(), costSources(job, root), cuts), cuts };
}
