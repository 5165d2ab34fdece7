/**
 * What the service tells its operators about each request: ONE structured log line and one set of
 * CloudWatch embedded metrics (EMF), built from a {@link RequestRecord} that the `serve` wrapper fills
 * as the request goes (handlers add tier, admission and solve facts through {@link RequestNotes}). The
 * record holds no request body, no API key (only its public id) and no plan: sizes and figures only.
 *
 * Two sinks write the same line and the same metrics: Powertools for AWS Lambda (Logger, Metrics) in
 * the solving functions (`powertools.ts`), and the plain writer here for the light functions (health,
 * fallback), which stay a few KiB without it. docs/operations.md shows a line and each metric.
 */

export const METRICS_NAMESPACE = 'Cutplan';
export const SERVICE_NAME = 'cutplan';

/** The figures of a solved request. */
export interface SolveFacts {
  readonly parts: number;
  readonly lines: number;
  /** Material groups solved (1 when the job has no materials). */
  readonly groups: number;
  readonly bars: number;
  readonly lowerBound: number;
  readonly optimal: boolean;
  /** Bars above the proven lower bound (0 when proven optimal). */
  readonly gap: number;
  readonly solveMs: number;
}

/** What handlers learn about a request beyond what the HTTP wrapper sees. */
export interface RequestNotes {
  tier?: string;
  keyId?: string | null;
  workspace?: string | null;
  admissionMs?: number;
  /** Reading and parsing the request (body or query) into the normalised request. */
  parseMs?: number;
  /** The core's search and formatting, and its independent verification of the plan. */
  searchMs?: number;
  verifyMs?: number;
  /** Writing the response body (JSON.stringify of the plan). */
  serialiseMs?: number;
  /** Releasing the admission's slot (a limits-table write) after the work. */
  releaseMs?: number;
  solve?: SolveFacts;
  pdfMs?: number;
  /** `POST /v1/mcp`: the JSON-RPC method, folded to the protocol's own names (others are `other`). */
  mcpMethod?: string;
  /** `POST /v1/mcp`: the error code of a tool error (a 200 to HTTP, a failed call to the caller). */
  toolError?: string;
}

/** Everything one request's log line and metrics are made of. */
export interface RequestRecord extends RequestNotes {
  readonly requestId: string;
  /** `POST /v1/optimise`: the method and the path as routed (never the query string). */
  readonly route: string;
  /** The HTTP status the caller got. */
  readonly status: number;
  /**
   * A failure decided after a streamed 200 began (keep-alive spaces sent): the status it would have had,
   * which the late-failure body carries; `status` is then 200.
   */
  readonly lateStatus?: number;
  readonly durationMs: number;
  readonly bodyBytes: number;
  /** The `error` code of a failed request. */
  readonly errorCode?: string;
}

/** Where records go. */
export interface Telemetry {
  request(record: RequestRecord): void;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** The fields of the request's log line (beyond level, message, timestamp and service). */
export function requestLogFields(r: RequestRecord): Record<string, unknown> {
  return {
    requestId: r.requestId,
    route: r.route,
    status: r.status,
    ...(r.lateStatus === undefined ? {} : { lateStatus: r.lateStatus }),
    durationMs: round(r.durationMs),
    bodyBytes: r.bodyBytes,
    ...(r.tier === undefined ? {} : { tier: r.tier }),
    ...(r.keyId ? { keyId: r.keyId } : {}),
    ...(r.workspace ? { workspace: r.workspace } : {}),
    ...(r.admissionMs === undefined ? {} : { admissionMs: round(r.admissionMs) }),
    ...(r.solve === undefined ? {} : { ...r.solve, solveMs: round(r.solve.solveMs) }),
    ...(r.pdfMs === undefined ? {} : { pdfMs: round(r.pdfMs) }),
    ...(r.errorCode === undefined ? {} : { error: r.errorCode }),
    ...(r.mcpMethod === undefined ? {} : { mcpMethod: r.mcpMethod }),
    ...(r.toolError === undefined ? {} : { toolError: r.toolError }),
  };
}

export type MetricUnitName = 'Count' | 'Milliseconds';

export interface MetricValue {
  readonly name: string;
  readonly unit: MetricUnitName;
  readonly value: number;
}

/** The request's outcome as a status: a late failure's own (what its body says), else the HTTP status. */
export function outcomeStatus(r: RequestRecord): number {
  return r.lateStatus ?? r.status;
}

/** Statuses that are a refusal by the limits: a bad key, over a cap, over a rate, busy. */
export const REFUSAL_STATUSES: readonly number[] = [401, 413, 429, 503];

/** The same refusals answered to an MCP tool call as a tool error (a 200): over a cap, over a rate, busy. */
const REFUSAL_TOOL_ERRORS: readonly string[] = ['partsLimit', 'rateLimited', 'busy'];

/**
 * The request's metrics. Each is published twice: per service (for alarms on rates: the average of a
 * 0/1 metric is its share of calls) and per route, status and tier (for the dashboard's breakdowns). A late
 * failure counts by its own status ({@link outcomeStatus}): a 500 decided after the 200 began is a server
 * error.
 */
export function requestMetrics(r: RequestRecord): {
  readonly dimensions: Readonly<Record<string, string>>;
  readonly metrics: readonly MetricValue[];
} {
  const status = outcomeStatus(r);
  const metrics: MetricValue[] = [
    { name: 'Calls', unit: 'Count', value: 1 },
    { name: 'Busy', unit: 'Count', value: r.errorCode === 'busy' || r.toolError === 'busy' ? 1 : 0 },
    // A tool's internal error is answered 200 (a JSON-RPC result), but it is a server error all the same.
    {
      name: 'ServerErrors',
      unit: 'Count',
      value: (status >= 500 && r.errorCode !== 'busy') || r.toolError === 'internal' ? 1 : 0,
    },
    {
      name: 'Refused',
      unit: 'Count',
      value:
        REFUSAL_STATUSES.includes(status) ||
        (r.toolError !== undefined && REFUSAL_TOOL_ERRORS.includes(r.toolError))
          ? 1
          : 0,
    },
    // A 422 is neither a refusal nor a fault, and not counted against the caller: a solve that found no
    // plan in its budget (or an MCP tool error saying so). Its share shows budgets too short for the jobs.
    {
      name: 'NoPlanFound',
      unit: 'Count',
      value: r.errorCode === 'noPlanFound' || r.toolError === 'noPlanFound' ? 1 : 0,
    },
  ];
  if (r.admissionMs !== undefined)
    metrics.push({ name: 'AdmissionMs', unit: 'Milliseconds', value: round(r.admissionMs) });
  if (r.solve !== undefined) {
    metrics.push({ name: 'SolveMs', unit: 'Milliseconds', value: round(r.solve.solveMs) });
    metrics.push({ name: 'Proven', unit: 'Count', value: r.solve.optimal ? 1 : 0 });
  }
  return {
    dimensions: { route: r.route, status: String(status), tier: r.tier ?? 'none' },
    metrics,
  };
}

/** The EMF document of a record: one JSON line CloudWatch turns into metrics without an API call. */
export function emfDocument(r: RequestRecord, timestampMs: number): string {
  const { dimensions, metrics } = requestMetrics(r);
  return JSON.stringify({
    _aws: {
      Timestamp: timestampMs,
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [['service', ...Object.keys(dimensions)], ['service']],
          Metrics: metrics.map((m) => ({ Name: m.name, Unit: m.unit })),
        },
      ],
    },
    service: SERVICE_NAME,
    ...dimensions,
    ...Object.fromEntries(metrics.map((m) => [m.name, m.value])),
  });
}

/**
 * The light functions' sink: the log line, shaped as Powertools Logger shapes it, and the EMF line.
 * Metrics are written only in Lambda (as Powertools does by default outside `POWERTOOLS_DEV`), unless
 * `POWERTOOLS_METRICS_DISABLED` says otherwise; locally the log line alone shows the request.
 */
export function lineTelemetry(
  write: (line: string) => void = (line) => process.stdout.write(line),
  env: Readonly<Record<string, string | undefined>> = process.env,
): Telemetry {
  const metricsOn =
    env.POWERTOOLS_METRICS_DISABLED === undefined
      ? env.AWS_LAMBDA_FUNCTION_NAME !== undefined
      : env.POWERTOOLS_METRICS_DISABLED.toLowerCase() !== 'true';
  return {
    request(record) {
      const now = Date.now();
      write(
        `${JSON.stringify({
          level: outcomeStatus(record) >= 500 ? 'ERROR' : 'INFO',
          message: 'request',
          timestamp: new Date(now).toISOString(),
          service: SERVICE_NAME,
          ...requestLogFields(record),
        })}\n`,
      );
      if (metricsOn) write(`${emfDocument(record, now)}\n`);
    },
  };
}
