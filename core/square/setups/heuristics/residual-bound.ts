/**
 * A quick "no" for the oracle: one column generation over the whole job, moved from residual to residual
 * and warm between them (its columns stay), proves most residuals hopeless (their LP bound above the cost
 * left) in a few LP solves, where a fresh solver run would spend its whole root on it. Most candidates of
 * a tight job's steps fail this way.
 */
import type { Budget } from '../../../budget.ts';
import type { LpEngine } from '../../../lp/index.ts';
import type { Job } from '../../../model/index.ts';
import { ceilBound } from '../../../numbers.ts';
import { ColumnGeneration } from '../../search/index.ts';

export interface ResidualBound {
  /** True when every plan of `demand` from `supply` is proven to cost more than `room`. */
  exceeds(demand: Int32Array, supply: Float64Array, room: number, budget: Budget): boolean;
  dispose(): void;
}

/** The bound over `job` (none under offcuts_first, whose usage row the residuals do not carry). */
export function residualBound(job: Job, engine: LpEngine): ResidualBound | null {
  if (job.offcutsFirst) return null;
  let cg: ColumnGeneration | null = null;
  return {
    exceeds(demand, supply, room, budget) {
      const residual = { demand, lo: new Float64Array(job.sources.length), hi: supply, usage: 0 };
      if (cg) cg.setResidual(residual);
      else cg = new ColumnGeneration(job, engine, residual);
      const out = cg.solve(budget, { cutoff: room + 1 });
      // Plan costs are whole units: a bound above the room rounds up past it.
      return out.status !== 'failed' && ceilBound(out.bound) > room;
    },
    dispose() {
      cg?.dispose();
    },
  };
}
