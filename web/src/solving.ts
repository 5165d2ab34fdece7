/**
 * What the page shows while a direct solve runs: the time since Solve against the solve's budget. The
 * page sends no `timeLimit`, so the budget is the automatic one (the solver stops sooner once its plan is
 * proven); the answer's `meta.timeLimit` is the budget the server applied.
 */
import { AUTOMATIC_BUDGET_SECONDS } from '../../functions/shared/solve-budget.ts';

/** The budget of the page's solves, in ms. */
export const PAGE_BUDGET_MS = AUTOMATIC_BUDGET_SECONDS * 1000;

/** `Solving… 1.2 s of 5 s`; past the budget (verifying, sending), `Solving… 5.3 s (finishing)`. */
export function solvingText(elapsedMs: number, budgetMs: number = PAGE_BUDGET_MS): string {
  const s = (ms: number) => `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
  const budget = `${Number((budgetMs / 1000).toFixed(1))} s`;
  return elapsedMs <= budgetMs
    ? `Solving… ${s(elapsedMs)} of ${budget}`
    : `Solving… ${s(elapsedMs)} (finishing)`;
}

/** The share of the budget spent, 0 to 1, for the progress bar. */
export function spentShare(elapsedMs: number, budgetMs: number = PAGE_BUDGET_MS): number {
  return budgetMs <= 0 ? 1 : Math.min(1, Math.max(0, elapsedMs / budgetMs));
}
