/**
 * The deployed promises in one table: a row per API route (how API Gateway reaches it, the longest solve it
 * serves, the traffic the stage lets through to it) and a row per function (memory, reserved concurrency).
 * Function timeouts, integration timeouts, transfer modes, method throttles and reserved concurrency are all
 * derived from here, and the synth tests assert them per route. The reasoning behind each figure is in
 * docs/deploy.md ("Timeouts, streaming and limits").
 *
 * A new route is one more row (and, for a new function, one more function row).
 */
import {
  CSV_BUDGET_CAP_SECONDS,
  CSV_HEADROOM_MS,
  LABELS_BUDGET_CAP_SECONDS,
  LABELS_HEADROOM_MS,
  OPTIMISE_HEADROOM_MS,
  PDF_BUDGET_CAP_SECONDS,
  PDF_HEADROOM_MS,
} from '../functions/handlers/index.ts';
import { MCP_HEADROOM_MS } from '../functions/handlers/mcp-handler.ts';
import { JOB_QUEUE_MS, JOB_RUN_GRACE_MS } from '../functions/shared/jobs/jobs.ts';
import type { RouteTarget } from '../functions/shared/routes.ts';
import { TIER_NAMES, TIERS } from '../functions/shared/tiers.ts';
import type { FunctionName } from './bundles.ts';

/** The longest solve budget of any tier (the `timeLimit` cap), in seconds. */
export const MAX_BUDGET_SECONDS = Math.max(...TIER_NAMES.map((name) => TIERS[name].budgetSeconds));

/**
 * Time a call spends outside the solve and the handler's headroom: reading the request, admission (the
 * limits client gives up on a request within about 3 s) and scheduling jitter.
 */
export const ADMISSION_SLACK_SECONDS = 5;

/** API Gateway's longest integration timeout for a buffered response without a quota raise. */
export const BUFFERED_INTEGRATION_LIMIT_SECONDS = 29;

/** API Gateway's longest streamed response (15 minutes). */
export const STREAM_LIMIT_SECONDS = 900;

/** A regional endpoint ends a stream that sends nothing for this long. */
export const STREAM_IDLE_LIMIT_SECONDS = 300;

/**
 * The API waits this much longer than the function may run, so the client always gets the function's
 * own answer (or its timeout error) and never a 504 while the function is still solving.
 */
export const INTEGRATION_MARGIN_SECONDS = 1;

/** Health, docs and fallback answer at once; a short timeout bounds a hang. */
export const LIGHT_FUNCTION_TIMEOUT_SECONDS = 10;

/** Per call of the synthetic check (`SYNTHETIC_TIMEOUT_MS`). */
export const SYNTHETIC_CALL_TIMEOUT_MS = 10_000;

/** How often the webhook retry drain runs (minutes), and how long one run starts attempts (seconds). */
export const WEBHOOK_RETRY_EVERY_MINUTES = 1;
export const WEBHOOK_DRAIN_SECONDS = 50;
/** The drain's window, the last attempt's 10 s send and its writes, and slack for the start. */
export const WEBHOOK_RETRY_TIMEOUT_SECONDS = WEBHOOK_DRAIN_SECONDS + 10 + ADMISSION_SLACK_SECONDS + 10;

/** The synthetic check makes two calls in a row (health, then a small solve). */
export const SYNTHETIC_FUNCTION_TIMEOUT_SECONDS =
  (2 * SYNTHETIC_CALL_TIMEOUT_MS) / 1000 + ADMISSION_SLACK_SECONDS;

export type Transfer = 'stream' | 'buffered';

/** API Gateway's token bucket for one method: steady requests per second and the burst above it. */
export interface Throttle {
  readonly rate: number;
  readonly burst: number;
}

export interface RouteRow {
  readonly method: string;
  readonly path: string;
  readonly target: RouteTarget;
  /** `stream` for every route that solves (no 29 s cap, no quota); `buffered` for the instant ones. */
  readonly transfer: Transfer;
  /** The longest solve the route serves, in seconds (0: it does not solve). */
  readonly budgetSeconds: number;
  /** What the handler keeps back below the Lambda timeout after the solve (formatting, rendering). */
  readonly headroomMs: number;
  readonly throttle: Throttle;
}

/** The stage's own bucket, shared by every method (the method rows below sit inside it). */
export const STAGE_THROTTLE: Throttle = { rate: 50, burst: 100 };

export const ROUTE_TABLE: readonly RouteRow[] = [
  {
    method: 'GET',
    path: '/v1/optimise',
    target: 'optimise',
    transfer: 'stream',
    budgetSeconds: MAX_BUDGET_SECONDS,
    headroomMs: OPTIMISE_HEADROOM_MS,
    throttle: { rate: 20, burst: 40 },
  },
  {
    method: 'POST',
    path: '/v1/optimise',
    target: 'optimise',
    transfer: 'stream',
    budgetSeconds: MAX_BUDGET_SECONDS,
    headroomMs: OPTIMISE_HEADROOM_MS,
    throttle: { rate: 40, burst: 80 },
  },
  {
    method: 'POST',
    path: '/v1/optimise/pdf',
    target: 'optimise-pdf',
    transfer: 'stream',
    // A PDF cannot begin with keep-alive bytes, so its solve is capped to end, rendered, inside the
    // stream's 5-minute idle limit (docs/deploy.md).
    budgetSeconds: Math.min(MAX_BUDGET_SECONDS, PDF_BUDGET_CAP_SECONDS),
    headroomMs: PDF_HEADROOM_MS,
    throttle: { rate: 5, burst: 10 },
  },
  {
    method: 'POST',
    path: '/v1/optimise/labels',
    target: 'optimise-labels',
    transfer: 'stream',
    // A label PDF or ZPL file cannot begin with keep-alive bytes either: capped as the PDF is.
    budgetSeconds: Math.min(MAX_BUDGET_SECONDS, LABELS_BUDGET_CAP_SECONDS),
    headroomMs: LABELS_HEADROOM_MS,
    throttle: { rate: 5, burst: 10 },
  },
  {
    method: 'POST',
    path: '/v1/optimise/csv',
    target: 'optimise-csv',
    transfer: 'stream',
    // Leading spaces would land in the CSV's first header cell: capped as the PDF is.
    budgetSeconds: Math.min(MAX_BUDGET_SECONDS, CSV_BUDGET_CAP_SECONDS),
    headroomMs: CSV_HEADROOM_MS,
    throttle: { rate: 5, burst: 10 },
  },
  {
    method: 'POST',
    path: '/v1/mcp',
    target: 'mcp',
    transfer: 'stream',
    // A tool call solves within the tier's budget (and may render a PDF into its JSON-RPC answer): the
    // answer is JSON, so keep-alive spaces hold the stream open as for optimise.
    budgetSeconds: MAX_BUDGET_SECONDS,
    headroomMs: MCP_HEADROOM_MS,
    throttle: { rate: 10, burst: 20 },
  },
  // The rack and stored plans: no solve, answered at once (a stored plan's PDF is rendered again).
  {
    method: 'GET',
    path: '/v1/offcuts',
    target: 'rack',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 10, burst: 20 },
  },
  {
    method: 'POST',
    path: '/v1/offcuts',
    target: 'rack',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 10, burst: 20 },
  },
  {
    method: 'PATCH',
    path: '/v1/offcuts/{id}',
    target: 'rack',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 10, burst: 20 },
  },
  {
    method: 'DELETE',
    path: '/v1/offcuts/{id}',
    target: 'rack',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 10, burst: 20 },
  },
  {
    method: 'GET',
    path: '/v1/plans/{id}',
    target: 'plans',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 10, burst: 20 },
  },
  {
    method: 'DELETE',
    path: '/v1/plans/{id}',
    target: 'plans',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 5, burst: 10 },
  },
  {
    method: 'POST',
    path: '/v1/plans/{id}/cut',
    target: 'plans',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 10, burst: 20 },
  },
  {
    method: 'GET',
    path: '/v1/plans/{id}/pdf',
    target: 'plans',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 5, burst: 10 },
  },
  {
    method: 'GET',
    path: '/v1/plans/{id}/labels',
    target: 'plans',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 5, burst: 10 },
  },
  {
    method: 'GET',
    path: '/v1/plans/{id}/csv',
    target: 'plans',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 5, burst: 10 },
  },
  // Async jobs: accepted, read and cancelled at once (the worker function solves them, off the API).
  {
    method: 'POST',
    path: '/v1/jobs',
    target: 'jobs',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 10, burst: 20 },
  },
  {
    method: 'GET',
    path: '/v1/jobs',
    target: 'jobs',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 10, burst: 20 },
  },
  {
    method: 'GET',
    path: '/v1/jobs/{id}',
    target: 'jobs',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 20, burst: 40 },
  },
  {
    method: 'DELETE',
    path: '/v1/jobs/{id}',
    target: 'jobs',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 10, burst: 20 },
  },
  {
    method: 'GET',
    path: '/v1/usage',
    target: 'usage',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 10, burst: 20 },
  },
  {
    method: 'GET',
    path: '/v1/health',
    target: 'health',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 10, burst: 20 },
  },
  {
    method: 'GET',
    path: '/v1/openapi.json',
    target: 'docs',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 5, burst: 10 },
  },
  {
    method: 'GET',
    path: '/',
    target: 'docs',
    transfer: 'buffered',
    budgetSeconds: 0,
    headroomMs: 0,
    throttle: { rate: 5, burst: 10 },
  },
];

export interface FunctionRow {
  readonly memoryMb: number;
  /**
   * Reserved concurrency: the most containers the function may run at once (and a guaranteed share of
   * the account's). null: none reserved (the scheduled check, which runs once every 5 minutes).
   */
  readonly reservedConcurrency: number | null;
}

/** Lambda gives a function one full vCPU at 1,769 MB: the solver is single-threaded and CPU-bound. */
export const ONE_VCPU_MEMORY_MB = 1769;
/** Enough for the functions that only answer or call out (health, fallback, docs, synthetic check). */
export const LIGHT_MEMORY_MB = 256;

/**
 * The solve slots every tier's callers can hold at once: the shared public pool (8), plus room for
 * eleven scale keys (8 each) or the equivalent in starter and pro keys (2 and 4). docs/deploy.md.
 */
export const OPTIMISE_RESERVED_CONCURRENCY = TIERS.public.concurrency + 11 * TIERS.scale.concurrency;

/** Jobs solving at once across all keys; more wait in Lambda's event queue (up to the job's 15 minutes). */
export const JOB_WORKER_RESERVED_CONCURRENCY = 20;

/**
 * The worker's Lambda timeout: the largest tier budget plus time to read the input and store the plan. It
 * ends before the job's lease (its budget plus `JOB_RUN_GRACE_MS`), so a worker Lambda stopped at its
 * timeout leaves a lease that passes and the job is ended `failed`, never left running.
 */
export const JOB_WORKER_TIMEOUT_SECONDS = MAX_BUDGET_SECONDS + JOB_RUN_GRACE_MS / 1000 / 2;

/** How long Lambda's event queue keeps a job's event before giving it to the dead-letter queue. */
export const JOB_EVENT_MAX_AGE_SECONDS = JOB_QUEUE_MS / 1000;

export const FUNCTION_TABLE: Readonly<Record<FunctionName, FunctionRow>> = {
  optimise: { memoryMb: ONE_VCPU_MEMORY_MB, reservedConcurrency: OPTIMISE_RESERVED_CONCURRENCY },
  'optimise-pdf': { memoryMb: ONE_VCPU_MEMORY_MB, reservedConcurrency: 20 },
  'optimise-labels': { memoryMb: ONE_VCPU_MEMORY_MB, reservedConcurrency: 10 },
  'optimise-csv': { memoryMb: ONE_VCPU_MEMORY_MB, reservedConcurrency: 10 },
  mcp: { memoryMb: ONE_VCPU_MEMORY_MB, reservedConcurrency: 20 },
  rack: { memoryMb: 512, reservedConcurrency: 10 },
  // Renders stored plans' PDFs and labels: the renderer's memory, not the solver's CPU.
  plans: { memoryMb: 1024, reservedConcurrency: 10 },
  // Parses a job (up to the 1 MiB body) and stores it in chunks; polls are many and small.
  jobs: { memoryMb: 512, reservedConcurrency: 10 },
  // One solve per container, as optimise: a full vCPU.
  'job-worker': { memoryMb: ONE_VCPU_MEMORY_MB, reservedConcurrency: JOB_WORKER_RESERVED_CONCURRENCY },
  health: { memoryMb: LIGHT_MEMORY_MB, reservedConcurrency: 5 },
  usage: { memoryMb: LIGHT_MEMORY_MB, reservedConcurrency: 5 },
  docs: { memoryMb: LIGHT_MEMORY_MB, reservedConcurrency: 5 },
  fallback: { memoryMb: LIGHT_MEMORY_MB, reservedConcurrency: 10 },
  'synthetic-check': { memoryMb: LIGHT_MEMORY_MB, reservedConcurrency: null },
  // One drain at a time is enough (each takes up to 200 due attempts, 4 at once); two may overlap safely.
  'webhook-retry': { memoryMb: LIGHT_MEMORY_MB, reservedConcurrency: null },
};

/** The rows a function serves. */
export const rowsOf = (target: FunctionName): readonly RouteRow[] =>
  ROUTE_TABLE.filter((row) => row.target === target);

/** How long a route's call may run in its function: the solve, its headroom and admission. */
export function routeSeconds(row: RouteRow): number {
  if (row.budgetSeconds === 0) return LIGHT_FUNCTION_TIMEOUT_SECONDS;
  return row.budgetSeconds + Math.ceil(row.headroomMs / 1000) + ADMISSION_SLACK_SECONDS;
}

/** A function's Lambda timeout: the longest call of any route it serves (the job worker's own). */
export function functionTimeoutSeconds(target: FunctionName): number {
  if (target === 'job-worker') return JOB_WORKER_TIMEOUT_SECONDS;
  const rows = rowsOf(target);
  if (rows.length === 0) return LIGHT_FUNCTION_TIMEOUT_SECONDS;
  return Math.max(...rows.map(routeSeconds));
}

/**
 * A route's integration timeout: a streamed route waits a little longer than its function may run; a
 * buffered one keeps API Gateway's default (undefined), which its function's timeout fits under.
 */
export function integrationTimeoutSeconds(row: RouteRow): number | undefined {
  if (row.transfer === 'buffered') return undefined;
  return functionTimeoutSeconds(row.target) + INTEGRATION_MARGIN_SECONDS;
}
