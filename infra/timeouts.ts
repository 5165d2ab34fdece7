/**
 * Function and API Gateway timeouts, derived from the tier budgets and the handlers' headroom so the
 * three cannot drift apart. See docs/operations.md, "Deployment and alarms".
 */
import { OPTIMISE_HEADROOM_MS, PDF_HEADROOM_MS } from '../functions/handlers/index.ts';
import { MCP_HEADROOM_MS } from '../functions/handlers/mcp-handler.ts';
import { TIER_NAMES, TIERS } from '../functions/shared/tiers.ts';

/** The longest solve budget of any tier (the `timeLimit` cap), in seconds. */
export const MAX_BUDGET_SECONDS = Math.max(...TIER_NAMES.map((name) => TIERS[name].budgetSeconds));

/**
 * Time a call spends outside the solve and the handler's headroom: reading the request, admission (the
 * limits client gives up on a request within about 3 s) and scheduling jitter.
 */
export const ADMISSION_SLACK_SECONDS = 5;

/** API Gateway's REST integration timeout until the account's quota is raised. */
export const DEFAULT_INTEGRATION_TIMEOUT_SECONDS = 29;

/**
 * The API waits this much longer than the function may run, so the client always gets the function's
 * own answer (or its timeout error, 502) and never a 504 while the function is still solving.
 */
export const INTEGRATION_MARGIN_SECONDS = 1;

export interface RouteTimeouts {
  /** The Lambda timeout. */
  readonly functionSeconds: number;
  /** The API Gateway integration timeout of the routes the function serves. */
  readonly integrationSeconds: number;
}

/**
 * Timeouts of a solving function whose handler keeps `headroomMs` back: room for the largest budget,
 * unless the account's integration timeout quota (`quotaSeconds`) is lower. Then the function's timeout
 * shrinks to fit under the API's, and the handler, which caps every solve at the Lambda's remaining time
 * minus its headroom, solves for as long as the API can wait.
 */
export function solverTimeouts(headroomMs: number, quotaSeconds?: number): RouteTimeouts {
  const wanted = MAX_BUDGET_SECONDS + Math.ceil(headroomMs / 1000) + ADMISSION_SLACK_SECONDS;
  const functionSeconds =
    quotaSeconds === undefined ? wanted : Math.min(wanted, quotaSeconds - INTEGRATION_MARGIN_SECONDS);
  return { functionSeconds, integrationSeconds: functionSeconds + INTEGRATION_MARGIN_SECONDS };
}

export const optimiseTimeouts = (quotaSeconds?: number): RouteTimeouts =>
  solverTimeouts(OPTIMISE_HEADROOM_MS, quotaSeconds);

export const pdfTimeouts = (quotaSeconds?: number): RouteTimeouts =>
  solverTimeouts(PDF_HEADROOM_MS, quotaSeconds);

/** `POST /v1/mcp`: a tool call solves (and may render a PDF) within the same budgets. */
export const mcpTimeouts = (quotaSeconds?: number): RouteTimeouts =>
  solverTimeouts(MCP_HEADROOM_MS, quotaSeconds);

/** Health and fallback answer at once; a short timeout bounds a hang. */
export const LIGHT_FUNCTION_TIMEOUT_SECONDS = 10;

/** Per call of the synthetic check (`SYNTHETIC_TIMEOUT_MS`). */
export const SYNTHETIC_CALL_TIMEOUT_MS = 10_000;

/** The synthetic check makes two calls in a row (health, then a small solve). */
export const SYNTHETIC_FUNCTION_TIMEOUT_SECONDS =
  (2 * SYNTHETIC_CALL_TIMEOUT_MS) / 1000 + ADMISSION_SLACK_SECONDS;
