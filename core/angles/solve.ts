/**
 * The angle stage: solves every material group of an angle-cut request as sequences of posed pieces.
 * Per group: the search (search.ts: the sequence greedy, column generation over sequences, the parts laid
 * square, dives), then under `fewest_setups` the setups stage (setups.ts) on the search's plan.
 */
import { type Budget, budgetOf } from '../budget.ts';
import { err, type NoPlanFoundError, ok, type Result, ValidationError } from '../errors.ts';
import type { EdgeTable } from '../geometry/mitre.ts';
import type { LpEngine, SolveOptions } from '../solver/index.ts';
import { buildJobs } from '../solver/model/index.ts';
import { INFEASIBLE_PROOF, noPlanFound } from '../solver/solve.ts';
import { solveGroup } from '../solver/solve-group.ts';
import { asScaled, type OptimiseRequest } from '../types.ts';
import { provesAngleInfeasible } from './infeasibility.ts';
import { type AngleJob, buildAngleJobs, type SeqBar } from './job.ts';
import { planCostOf } from './plan.ts';
import { type AngleGroupResult, solveAngleGroup } from './search.ts';
import { fewestAngleSetups } from './setups.ts';

export type { AngleGroupResult } from './search.ts';

export interface AngleSolved {
  readonly groups: readonly AngleGroupResult[];
}

/** `bundle` does not combine with angle cuts (the spec; the request rules refuse it before admission). */
const REFUSED = new Set(['bundle']);

/**
 * Share of a group's time the search gets under `fewest_setups` (as for square jobs); the setups stage
 * has the rest, and whatever the search, stopping at its proof or at the end of its dives, did not use.
 */
const SEARCH_SHARE_WITH_SETUPS = 0.8;

/** Solves every group of an angle-cut request within the budget (groups share what is left in turn). */
export function solveAngleRequest(
  request: OptimiseRequest,
  options: SolveOptions,
): Result<AngleSolved, ValidationError | NoPlanFoundError> {
  if (REFUSED.has(request.method)) {
    return err(ValidationError.of('method', `"${request.method}" does not combine with angle cuts`));
  }
  const budget = budgetOf(options.clock, options.budgetMs);
  const jobs = buildAngleJobs(request);
  const square = squareJobs(request, jobs[0]?.table);
  const groups: AngleGroupResult[] = [];
  for (let k = 0; k < jobs.length; k++) {
    const job = jobs[k];
    if (!job) continue;
    const share = budget.sub(budget.remainingMs() / (jobs.length - k));
    const setups = request.method === 'fewest_setups';
    const search = setups ? share.sub(share.remainingMs() * SEARCH_SHARE_WITH_SETUPS) : share;
    const r = solveAngleGroup(job, options.lp, search, (b) => squarePlan(job, square[k], options.lp, b));
    if (r === null) {
      // 400 only with a proof that no plan exists; without one, a longer time limit might find a plan.
      const group = job.material === null ? 'untagged material' : `material ${JSON.stringify(job.material)}`;
      return err(
        provesAngleInfeasible(job, options.lp, share)
          ? ValidationError.of(group, INFEASIBLE_PROOF)
          : noPlanFound(group, options.budgetMs),
      );
    }
    groups.push(setups ? withFewestSetups(r, options.lp, share) : r);
  }
  return ok({ groups });
}

/** The search's result with its plan through the setups stage (never costlier) and the setups bound. */
function withFewestSetups(r: AngleGroupResult, lp: LpEngine, budget: Budget): AngleGroupResult {
  const { job } = r;
  const staged = fewestAngleSetups(job, r.bars, lp, budget);
  // A cheaper plan the stage finds is proven when it meets the bound (offcuts_first never runs here).
  const optimal = r.optimal || planCostOf(job, staged.bars) <= r.bound;
  return { ...r, bars: staged.bars, optimal, setupsBound: staged.setupsBound };
}

/** The square solver's jobs for the parts laid square: tip-to-tip lengths, the widest kerf any cut takes. */
function squareJobs(request: OptimiseRequest, cuts: EdgeTable | undefined) {
  let kerf: number = request.kerf;
  if (cuts)
    for (const p of request.parts)
      for (const a of [p.leftAngle ?? 90, p.rightAngle ?? 90]) kerf = Math.max(kerf, cuts.of(a).kerfAlong);
  const squareRequest: OptimiseRequest = {
    ...request,
    kerf: asScaled(kerf),
    parts: request.parts.map((p) => ({ ...p, leftAngle: null, rightAngle: null })),
  };
  return buildJobs(squareRequest);
}

/** The square solver's plan as sequences (pieces as entered, in its order); null when it found none. */
function squarePlan(
  job: AngleJob,
  squareJob: ReturnType<typeof buildJobs>[number] | undefined,
  lp: LpEngine,
  budget: Budget,
): SeqBar[] | null {
  if (!squareJob) return null;
  const r = solveGroup(squareJob, lp, budget);
  if (!r.plan) return null;
  const left = job.shapes.map((s) => s.demand);
  const bars: SeqBar[] = [];
  for (const layout of r.plan.layouts) {
    for (let n = 0; n < layout.count; n++) {
      const pieces: { shape: number; pose: number }[] = [];
      layout.counts.forEach((c, i) => {
        const length = squareJob.items[i]?.length;
        for (let q = 0; q < c; q++) {
          const s = job.shapes.findIndex((sh, j) => sh.length === length && (left[j] ?? 0) > 0);
          if (s < 0) return;
          left[s] = (left[s] ?? 0) - 1;
          pieces.push({ shape: s, pose: 0 });
        }
      });
      bars.push({ source: layout.source, pieces });
    }
  }
  return bars;
}
