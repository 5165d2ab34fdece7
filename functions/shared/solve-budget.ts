/**
 * The solve budget in ms: the request's `timeLimit` (or the automatic budget), capped by the tier and the
 * time the function has left.
 */
import type { Tier } from './tiers.ts';

/** The budget when the request sets no `timeLimit`: the solver stops earlier once it has a proof. */
export const AUTOMATIC_BUDGET_SECONDS = 5;

/** The least budget handed to the solver, even when the Lambda is nearly out of time. */
export const MIN_BUDGET_MS = 50;

export interface BudgetInput {
  /** The request's `timeLimit` in seconds; null = automatic. */
  readonly requestedSeconds: number | null;
  readonly tier: Tier;
  /** ms before the Lambda times out, or null outside Lambda. */
  readonly remainingMs: number | null;
  /** Time kept back for formatting, verifying, rendering and returning the answer. */
  readonly headroomMs: number;
}

/**
 * The solve budget in ms: `min(timeLimit ?? min(tier, 5 s), tier)`, and never so long that the Lambda
 * would time out before the answer is sent (`remainingMs − headroomMs`).
 */
export function solveBudgetMs({ requestedSeconds, tier, remainingMs, headroomMs }: BudgetInput): number {
  const automatic = Math.min(tier.budgetSeconds, AUTOMATIC_BUDGET_SECONDS);
  const seconds = Math.min(requestedSeconds ?? automatic, tier.budgetSeconds);
  const wanted = Math.max(0, Math.round(seconds * 1000));
  if (remainingMs === null) return wanted;
  return Math.min(wanted, Math.max(MIN_BUDGET_MS, remainingMs - headroomMs));
}
