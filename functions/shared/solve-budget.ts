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
  /** The route's own cap on the solve in seconds, below the tier's (the file routes'); none by default. */
  readonly routeCapSeconds?: number;
  /** ms before the Lambda times out, or null outside Lambda. */
  readonly remainingMs: number | null;
  /** Time kept back for formatting, verifying, rendering and returning the answer. */
  readonly headroomMs: number;
}

/**
 * The solve budget in ms: `min(timeLimit ?? min(cap, 5 s), cap)` where the cap is the tier's, or the
 * route's when lower, and never so long that the Lambda would time out before the answer is sent
 * (`remainingMs − headroomMs`).
 */
export function solveBudgetMs({
  requestedSeconds,
  tier,
  routeCapSeconds = Number.POSITIVE_INFINITY,
  remainingMs,
  headroomMs,
}: BudgetInput): number {
  const cap = Math.min(tier.budgetSeconds, routeCapSeconds);
  const automatic = Math.min(cap, AUTOMATIC_BUDGET_SECONDS);
  const seconds = Math.min(requestedSeconds ?? automatic, cap);
  const wanted = Math.max(0, Math.round(seconds * 1000));
  if (remainingMs === null) return wanted;
  return Math.min(wanted, Math.max(MIN_BUDGET_MS, remainingMs - headroomMs));
}
