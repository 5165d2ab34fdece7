import { type CutplanError, err, InternalError, type Result } from '../../core/errors.ts';
import type { OptimiseRequest, OptimiseResponse } from '../../core/types.ts';
import type { Admission } from '../shared/admission.ts';
import type { HttpRequest } from '../shared/http/index.ts';
import { solveBudgetMs } from '../shared/solve-budget.ts';
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
): Promise<Result<OptimiseResponse, CutplanError>> {
  const budgetMs = solveBudgetMs({
    requestedSeconds: request.timeLimit,
    tier: admission.tier,
    remainingMs: req.remainingMs,
    headroomMs: deps.headroomMs ?? defaultHeadroomMs,
  });
  const solved = await deps.core.optimise(request, {
    lp: deps.lp,
    clock: deps.clock,
    budgetMs,
    tier: admission.tier.name,
    poweredBy: deps.poweredBy,
  });
  if (solved.ok && solved.value.plan.verified !== true) {
    return err(new InternalError('the solver returned a plan that is not verified'));
  }
  return solved;
}
