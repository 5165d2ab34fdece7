/**
 * The solve behind every solving route: the core's plan within the budget, and the figures for the log line.
 */
import { type CutplanError, err, InternalError, type Result } from '../../core/errors.ts';
import type { OptimiseRequest, OptimiseResponse } from '../../core/types.ts';
import type { Admission, JobSize } from '../shared/admission.ts';
import { beatingClock, type HttpRequest } from '../shared/http/index.ts';
import { solveBudgetMs } from '../shared/solve-budget.ts';
import type { RequestNotes, SolveFacts } from '../shared/telemetry.ts';
import type { SolveDeps } from './deps.ts';

/**
 * Solves an admitted request within its budget, and refuses to pass on a plan the core did not verify
 * (the core verifies every plan; this guard makes a broken promise a 500, never a wrong answer).
 */
export async function solvePlan<Lp>(
  deps: SolveDeps<Lp>,
  req: HttpRequest,
  request: OptimiseRequest,
  admission: Admission,
  defaultHeadroomMs: number,
  notes: RequestNotes,
  /** The route's own cap on the solve, below the tier's (the PDF's). */
  capSeconds = Number.POSITIVE_INFINITY,
): Promise<Result<OptimiseResponse, CutplanError>> {
  const { tier } = admission;
  const budgetMs = solveBudgetMs({
    requestedSeconds: request.timeLimit,
    tier,
    routeCapSeconds: capSeconds,
    remainingMs: req.remainingMs,
    headroomMs: deps.headroomMs ?? defaultHeadroomMs,
  });
  const solved = await deps.core.optimise(request, {
    lp: deps.lp,
    // Each clock reading also tells a streaming edge the solve is alive (keep-alive whitespace).
    clock: beatingClock(deps.clock, req.progress),
    budgetMs,
    tier: admission.tier.name,
    poweredBy: deps.poweredBy,
    onTimings: (t) => {
      notes.searchMs = t.searchMs;
      notes.verifyMs = t.verifyMs;
    },
  });
  if (solved.ok) notes.solve = solveFacts(deps.core.jobSize(request), solved.value);
  if (solved.ok && solved.value.plan.verified !== true) {
    return err(new InternalError('the solver returned a plan that is not verified'));
  }
  return solved;
}

/** The figures of a solve for the request's log line and metrics. */
export function solveFacts(size: JobSize, response: OptimiseResponse): SolveFacts {
  const { plan, stats } = response;
  return {
    parts: size.totalParts,
    lines: size.distinctLines,
    groups: stats.byMaterial === undefined ? 1 : Object.keys(stats.byMaterial).length,
    bars: plan.stockBarsUsed,
    lowerBound: plan.stockBarsLowerBound,
    optimal: plan.optimal,
    gap: Math.max(0, plan.stockBarsUsed - plan.stockBarsLowerBound),
    solveMs: plan.solveTimeMs,
  };
}
