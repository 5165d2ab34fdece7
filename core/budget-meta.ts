/**
 * The response's budget figures (`meta`): the time limit requested and applied, in seconds.
 */
import type { OptimiseRequest } from './types.ts';

/**
 * `meta.timeLimit`, the budget applied in seconds, and `meta.requestedTimeLimit`, the request's own
 * `timeLimit` when the budget is less than it (capped by the tier, or by the time the function has left).
 */
export function budgetMeta(
  request: OptimiseRequest,
  budgetMs: number,
): { timeLimit: number; requestedTimeLimit?: number } {
  const timeLimit = budgetMs / 1000;
  const requested = request.timeLimit;
  return requested !== null && Math.round(requested * 1000) > budgetMs
    ? { timeLimit, requestedTimeLimit: requested }
    : { timeLimit };
}
