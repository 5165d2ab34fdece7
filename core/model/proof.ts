/**
 * Where the proof of a job stands: the best lower bound so far, raised by each phase, and whether the
 * incumbent meets it.
 */
import type { Incumbent } from './incumbent.ts';
import type { Job } from './job.ts';
import { offcutUsage } from './plan.ts';

/**
 * Where the proof of a job stands: the best lower bound so far, raised by each phase, and whether the
 * incumbent meets it (under `offcuts_first`, also using the most offcut material, `usageTarget`).
 */
export class Proof {
  private lower: number;
  private readonly job: Job;
  private readonly inc: Incumbent;
  private readonly usageTarget: number;

  constructor(job: Job, inc: Incumbent, usageTarget: number, bound: number) {
    this.job = job;
    this.inc = inc;
    this.usageTarget = usageTarget;
    this.lower = bound;
    job.observer?.bound(bound);
  }

  /** A valid lower bound on the cost of every plan (job cost units). */
  get bound(): number {
    return this.lower;
  }

  set bound(b: number) {
    this.lower = b;
    this.job.observer?.bound(b);
  }

  /** Raises the bound to `b` when higher. */
  raise(b: number): void {
    this.bound = Math.max(this.bound, b);
  }

  /** True when the incumbent meets the bound (and the offcut usage target). */
  optimal(): boolean {
    const p = this.inc.plan;
    if (!p || p.cost > this.bound) return false;
    return !this.job.offcutsFirst || offcutUsage(this.job, p.layouts) >= this.usageTarget;
  }
}
