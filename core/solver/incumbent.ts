import type { Job } from './job.ts';
import { better, finishPlan, type GroupPlan, type Layout, offcutUsage } from './plan.ts';

/** The search state shared by the phases: the incumbent only ever improves. */
export class Incumbent {
  plan: GroupPlan | null = null;

  constructor(
    private readonly job: Job,
    private readonly usageTarget: number,
  ) {}

  offer(bars: readonly Layout[] | null): void {
    if (!bars) return;
    const plan = finishPlan(this.job, bars);
    if (better(this.job, plan, this.plan)) this.plan = plan;
  }

  /** A completion costing this much or more cannot improve the incumbent. */
  pruneAt(): number {
    const p = this.plan;
    if (!p) return Number.POSITIVE_INFINITY;
    if (this.job.offcutsFirst && offcutUsage(this.job, p.layouts) < this.usageTarget)
      return Number.POSITIVE_INFINITY;
    return p.cost;
  }
}
