/**
 * Angle cuts for the orchestrator: a group's search is the angle search (`solveAngleGroup`, with the
 * square solver on the parts laid square as its safe plan), the stage after it the angle setups stage
 * under `fewest_setups`, and the layout step writes sequences out with their angles as placed.
 */

import { angleLayouts } from '../angle/layouts/index.ts';
import {
  type AngleGroupResult,
  buildAngleJobs,
  planCostOf,
  preferPriority,
  provesAngleInfeasible,
  solveAngleGroup,
  squareJobs,
  squarePlan,
} from '../angle/search/index.ts';
import { fewestAngleSetups } from '../angle/setups/index.ts';
import type { Budget } from '../budget.ts';
import { err, ok, type Result, ValidationError } from '../errors.ts';
import type { LpEngine } from '../lp/index.ts';
import type { OptimiseRequest } from '../types.ts';
import { noPlan } from './failures.ts';
import type { Geometry } from './geometry.ts';

/** `bundle` does not combine with angle cuts (the spec; the request rules refuse it before admission). */
const REFUSED = new Set(['bundle']);

/** The angle geometry over the request's material groups; refused for a method it does not serve. */
export function angleGeometry(
  request: OptimiseRequest,
  options: { readonly lp: LpEngine; readonly budget: Budget },
): Result<Geometry<AngleGroupResult>, ValidationError> {
  if (REFUSED.has(request.method)) {
    return err(ValidationError.of('method', `"${request.method}" does not combine with angle cuts`));
  }
  const jobs = buildAngleJobs(request);
  const square = squareJobs(request, jobs[0]?.table);
  const { lp } = options;
  return ok({
    groups: jobs.length,
    costing: jobs.map((j) => j.base),
    search: (k, search, share, observer) => {
      const job = jobs[k];
      if (!job) throw new Error(`no group ${k}`);
      const watched = observer === undefined ? job : { ...job, base: { ...job.base, observer } };
      const r = solveAngleGroup(watched, lp, search, (b) => squarePlan(job, square[k], lp, b));
      // 400 only with a proof that no plan exists; without one, a longer time limit might find a plan.
      if (r === null)
        return err(noPlan(job.material, provesAngleInfeasible(job, lp, share), options.budget.totalMs));
      // The stage after the search works on the job unwatched (its own searches are not the request's).
      return ok({ ...r, job });
    },
    figures: (r) => ({ cost: planCostOf(r.job, r.bars), bound: r.bound }),
    refine: (_, r, share) => {
      if (request.method !== 'fewest_setups') return r;
      const staged = fewestAngleSetups(r.job, r.bars, lp, share);
      // A cheaper plan the stage finds is proven when it meets the bound (offcuts_first never runs here).
      const optimal = r.optimal || planCostOf(r.job, staged.bars) <= r.bound;
      // The stage ranks by setups, not sources: prioritised bars of the same length go in last, which
      // moves no setup.
      return { ...r, bars: preferPriority(r.job, staged.bars), optimal, setupsBound: staged.setupsBound };
    },
    format: (req, g) => ({
      job: g.job.base,
      layouts: angleLayouts(req, g),
      bound: g.bound,
      barsBound: g.barsBound,
      optimal: g.optimal,
      ...(g.setupsBound === undefined ? {} : { setupsBound: g.setupsBound }),
    }),
  });
}
