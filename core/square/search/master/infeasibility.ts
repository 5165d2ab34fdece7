/**
 * A proof that a square job has no plan: with every bar free, the master's optimum stays positive (phase
 * one).
 */
import type { Budget } from '../../../budget.ts';
import type { LpEngine } from '../../../lp/index.ts';
import type { Residual } from '../../../master/index.ts';
import type { Job } from '../../../model/index.ts';
import { ColumnGeneration } from './column-generation.ts';
import { seedColumns } from './seed.ts';

/**
 * Phase one: with every bar free, the master's optimum is positive exactly when no fractional plan covers
 * the demand from the finite supply, and then no plan exists at all.
 */
export function provesInfeasible(job: Job, engine: LpEngine, root: Residual, budget: Budget): boolean {
  const free: Job = { ...job, sources: job.sources.map((s) => ({ ...s, cost: 0 })), offcutsFirst: false };
  const cg = new ColumnGeneration(free, engine, { ...root, usage: 0 });
  try {
    seedColumns(free, cg, root, null);
    const out = cg.solve(budget);
    return out.status === 'optimal' && out.artificial > 1e-6;
  } finally {
    cg.dispose();
  }
}
