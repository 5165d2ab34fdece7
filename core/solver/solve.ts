import { type Budget, budgetOf, type Clock } from '../budget.ts';
import { err, NoPlanFoundError, ok, type Result, ValidationError } from '../errors.ts';
import { refineGroup, stageWorkFor } from '../setups/index.ts';
import type { OptimiseRequest } from '../types.ts';
import type { LpEngine } from './lp/index.ts';
import type { SearchTrace } from './model/index.ts';
import { buildJobs } from './model/index.ts';
import type { SolvedGroup } from './response/index.ts';
import { solveGroup } from './solve-group.ts';

export interface SolveOptions {
  readonly lp: LpEngine;
  readonly clock: Clock;
  /** Wall-clock budget for the whole request in ms. */
  readonly budgetMs: number;
}

export interface Solved {
  readonly groups: readonly SolvedGroup[];
  readonly traces: readonly SearchTrace[];
  readonly elapsedMs: number;
}

/**
 * Share of a group's time the search gets under `fewest_setups` and `bundle`; the setups stage has the
 * rest (and whatever the search, stopping at its proof, did not use).
 */
const SEARCH_SHARE_WITH_SETUPS = 0.8;

/** The 400's detail when the LP relaxation proved that no plan exists: which proof, in a caller's words. */
export const INFEASIBLE_PROOF =
  'the finite stock and offcuts cannot cover the demand: proven by the linear relaxation (no plan, even one that may cut fractions of bars, covers every part from this supply)';

/**
 * The 422 of finite supply when the search neither found a plan nor proved there is none: not the
 * caller's input, so not a 400, and a longer time limit may find one.
 */
export function noPlanFound(group: string, budgetMs: number): NoPlanFoundError {
  const seconds = Math.round(budgetMs) / 1000;
  return new NoPlanFoundError(
    `${group}: no plan that fits the finite stock and offcuts was found in the time limit of ${seconds} s, and none was proven impossible; send a longer timeLimit (capped by your tier's budget), or more stock`,
  );
}

/**
 * Solves every material group of a request within the budget. Groups are solved one after another; each
 * gets an equal share of what is left, so time a quick group does not need flows to the later ones.
 */
export function solveRequest(
  request: OptimiseRequest,
  options: SolveOptions,
): Result<Solved, ValidationError | NoPlanFoundError> {
  const budget: Budget = budgetOf(options.clock, options.budgetMs);
  const jobs = buildJobs(request);
  const groups: SolvedGroup[] = [];
  const traces: SearchTrace[] = [];
  for (let k = 0; k < jobs.length; k++) {
    const job = jobs[k];
    if (!job) continue;
    const share = budget.sub(budget.remainingMs() / (jobs.length - k));
    const setups = request.method === 'fewest_setups' || request.method === 'bundle';
    const r = solveGroup(
      job,
      options.lp,
      setups ? share.sub(share.remainingMs() * SEARCH_SHARE_WITH_SETUPS) : share,
    );
    traces.push(r.trace);
    if (!r.plan) {
      // Named as the request layer names a group (docs/api.md, "Material groups"), once.
      const group = job.material === null ? 'untagged material' : `material ${JSON.stringify(job.material)}`;
      return err(
        r.infeasible ? ValidationError.of(group, INFEASIBLE_PROOF) : noPlanFound(group, options.budgetMs),
      );
    }
    const refined = refineGroup(job, r.plan, request.method, {
      lp: options.lp,
      budget: share,
      work: stageWorkFor(options.budgetMs, jobs.length),
      bundleSize: (k) => {
        const source = job.sources[k];
        return source?.kind === 'stock' ? (request.stocks[source.index]?.bundleSize ?? null) : null;
      },
    });
    // The stage never raises the cost; a cheaper plan it finds is proven when it meets the bound.
    const optimal = r.optimal || (!job.offcutsFirst && refined.plan.cost <= r.bound);
    groups.push({
      job,
      plan: refined.plan,
      bound: r.bound,
      barsBound: r.barsBound,
      optimal,
      setupsBound: refined.setupsBound,
    });
  }
  return ok({ groups, traces, elapsedMs: budget.elapsedMs() });
}
