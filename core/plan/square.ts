/**
 * Square cuts for the orchestrator: a group's search is the solver's (`solveGroup`), the stage after it
 * the setups stage (`refineGroup`: setups, bundles, priority, for every method), and the layout step
 * writes bars out with their parts assigned, waste and cut positions (`squareLayouts`).
 */
import type { Budget } from '../budget.ts';
import { err, ok } from '../errors.ts';
import type { LpEngine } from '../lp/index.ts';
import { type Ablation, buildJobs, type GroupPlan, type Job, type OptIn } from '../model/index.ts';
import { stageWorkFor } from '../setups/index.ts';
import { squareLayouts } from '../square/layouts/index.ts';
import { type GroupSearch, solveGroup } from '../square/search/index.ts';
import { refineGroup } from '../square/setups/index.ts';
import type { OptimiseRequest } from '../types.ts';
import { noPlan } from './failures.ts';
import type { FormattedGroup } from './format.ts';
import type { Geometry } from './geometry.ts';

/** One solved square group. */
export interface SolvedGroup {
  readonly job: Job;
  readonly plan: GroupPlan;
  /** Lower bound on the group's cost in job cost units. */
  readonly bound: number;
  readonly barsBound: number;
  readonly optimal: boolean;
  /** `fewest_setups` and `bundle`: a lower bound on the group's setups at the plan's cost. */
  readonly setupsBound?: number | null;
}

/** The square geometry over the request's material groups. */
export function squareGeometry(
  request: OptimiseRequest,
  options: {
    readonly lp: LpEngine;
    readonly budget: Budget;
    readonly off?: Ablation;
    readonly on?: OptIn | undefined;
    readonly onGroupSearch?: (search: GroupSearch) => void;
  },
): Geometry<SolvedGroup> {
  const jobs = buildJobs(request);
  const jobOf = (k: number): Job => {
    const job = jobs[k];
    if (!job) throw new Error(`no group ${k}`);
    return job;
  };
  return {
    groups: jobs.length,
    costing: jobs,
    search: (k, search, _share, observer) => {
      const job = jobOf(k);
      const watched = observer === undefined ? job : { ...job, observer };
      const r = solveGroup(watched, options.lp, search, undefined, options.off, options.on);
      options.onGroupSearch?.({ trace: r.trace, packer: r.packer });
      if (r.plan === null)
        return err(noPlan(job.material, r.status === 'infeasible', options.budget.totalMs));
      return ok({
        job,
        plan: r.plan,
        bound: r.bound,
        barsBound: r.barsBound,
        optimal: r.status === 'optimal',
      });
    },
    refine: (k, found, share) => {
      const job = jobOf(k);
      const refined = refineGroup(job, found.plan, request.method, {
        lp: options.lp,
        budget: share,
        work: stageWorkFor(options.budget.totalMs, jobs.length),
        groups: jobs.length,
        bundleSize: (s) => {
          const source = job.sources[s];
          return source?.kind === 'stock' ? (request.stocks[source.index]?.bundleSize ?? null) : null;
        },
      });
      // The stage never raises the cost; a cheaper plan it finds is proven when it meets the bound.
      const optimal = found.optimal || (!job.offcutsFirst && refined.plan.cost <= found.bound);
      return { ...found, plan: refined.plan, optimal, setupsBound: refined.setupsBound };
    },
    figures: (g) => ({ cost: g.plan.cost, bound: g.bound }),
    format: (req, g): FormattedGroup => ({ ...g, layouts: squareLayouts(req, g.job, g.plan) }),
  };
}
