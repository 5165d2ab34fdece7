/**
 * The verifier's entry: every check of a response body against its request, the first failure named.
 */
import { err, ok, type Result } from '../errors.ts';
import type { OptimiseRequest, OptimiseResponse } from '../types.ts';
import { checkBounds, checkMeta, checkPlanFlags } from './bounds-and-meta.ts';
import { type Context, contextOf } from './context.ts';
import { Findings, type VerificationFailure } from './failure.ts';
import { checkLayouts } from './layouts.ts';
import { checkLeftovers, expectedRemnants, expectedUnusedOffcuts } from './leftovers.ts';
import { checkPriority } from './priority.ts';
import { checkBundles, checkObjective, checkSetups } from './setups.ts';
import { checkByMaterial, checkStats, figuresOf } from './stats.ts';
import { checkDemand, checkPurchases, checkSupply } from './supply.ts';

/**
 * Re-checks a plan against its request with the bar model of docs/solver.md, independently of the
 * solver and in exact integer arithmetic: demand met exactly, every layout fits its source, supply
 * respected, and every derived figure (waste, cut positions, purchases, leftovers, stats, bounds, meta)
 * recomputed. `plan.verified` itself is not checked: the caller sets it once this passes.
 *
 * Never throws: a malformed response (wrong types, missing fields, numbers off the request's grid) is
 * reported as a failure like any other wrong plan.
 */
export function verifyPlan(
  request: OptimiseRequest,
  response: OptimiseResponse,
): Result<void, VerificationFailure> {
  const findings = new Findings();
  try {
    run(contextOf(request, findings), response);
  } catch (error) {
    // Only a bug in the verifier (or a hostile object) gets here; the plan is rejected, never passed.
    findings.add(
      'internal',
      `the verifier stopped: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const failure = findings.failure();
  return failure === null ? ok(undefined) : err(failure);
}

function run(ctx: Context, input: unknown): void {
  const { reader } = ctx;
  const response = reader.record(input, 'response');
  if (response === null) return;
  const plan = reader.record(response.plan, 'plan');
  checkMeta(ctx, response.meta);
  checkObjective(ctx, response.meta);
  if (plan === null) return;
  checkPlanFlags(ctx, plan);
  const combinations = reader.array(plan.combinations, 'plan.combinations');
  if (combinations === null) return;
  const layouts = checkLayouts(ctx, combinations);
  checkDemand(ctx, layouts);
  checkSupply(ctx, layouts);
  checkPriority(ctx, layouts);
  const bars = checkPurchases(ctx, layouts, plan.purchases, plan.stockBarsUsed);
  checkLeftovers(ctx, plan.usableRemnants, 'plan.usableRemnants', expectedRemnants(ctx, layouts), 'remnants');
  checkLeftovers(
    ctx,
    plan.unusedOffcuts,
    'plan.unusedOffcuts',
    expectedUnusedOffcuts(ctx, layouts),
    'unusedOffcuts',
  );
  const job = figuresOf(ctx, layouts);
  // layoutCount counts every combination, including one too broken to take part in the figures.
  const figures = { ...job, layoutCount: BigInt(combinations.length) };
  reader.sameLength(plan.totalWaste, 'plan.totalWaste', job.totalWaste, 'totalWaste');
  const stats = reader.record(response.stats, 'stats');
  if (stats !== null) {
    checkStats(ctx, stats, 'stats', figures, 'stats');
    checkByMaterial(ctx, layouts, stats.byMaterial);
    checkSetups(ctx, layouts, stats);
    checkBundles(ctx, layouts, stats, bars);
  }
  checkBounds(ctx, plan, response, bars, job.totalCost);
}
