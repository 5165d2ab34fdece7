/**
 * The scheduled synthetic check: calls the deployed API as a client would (health, then a small job whose
 * optimum is known), logs one CloudWatch Embedded Metric Format line (`Cutplan` / `SyntheticSuccess`,
 * `SyntheticLatencyMs`), and throws on any mismatch so the invocation fails and its alarm fires.
 */
import type { Clock } from '../../core/budget.ts';
import { readStreamedJson } from '../shared/http/streamed-json.ts';
import { errorFields, type Logger } from '../shared/log.ts';

/** Four 500s on 1000 bars: two bars, provably optimal (total length 2000 = 2 × 1000, no kerf). */
export const KNOWN_JOB = { parts: [{ length: 500, quantity: 4 }], stockLength: 1000 } as const;
export const KNOWN_BARS = 2;
export const KNOWN_PIECES = 4;

export const METRIC_NAMESPACE = 'Cutplan';
export const METRIC_DIMENSIONS = { Service: 'cutplan' } as const;

export interface SyntheticDeps {
  readonly fetch: typeof fetch;
  /** The API's base URL, e.g. `https://abc.execute-api.eu-west-1.amazonaws.com/prod`. */
  readonly baseUrl: string;
  readonly clock: Clock;
  /** Writes one raw log line (the EMF document must be the whole log event). */
  readonly emit: (line: string) => void;
  readonly log: Logger;
  /** Per-request timeout in ms. */
  readonly timeoutMs: number;
  /** Sent as `X-API-Key` when set, so the check need not share the public tier's per-IP limits. */
  readonly apiKey?: string;
}

export interface SyntheticReport {
  readonly success: boolean;
  /** Latency of the optimise call in ms. */
  readonly latencyMs: number;
  readonly failures: readonly string[];
}

/** Builds the check; the returned function resolves with the report or throws listing every mismatch. */
export function makeSyntheticCheck(deps: SyntheticDeps): (event?: unknown) => Promise<SyntheticReport> {
  const base = deps.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (deps.apiKey !== undefined && deps.apiKey !== '') headers['X-API-Key'] = deps.apiKey;

  return async () => {
    const failures: string[] = [];
    const health = await call('health', `${base}/v1/health`, { headers }, failures);
    if (health !== undefined) checkHealth(health, failures);
    const start = deps.clock.monotonic();
    const init = { method: 'POST', headers, body: JSON.stringify(KNOWN_JOB) };
    const plan = await call('optimise', `${base}/v1/optimise`, init, failures);
    const latencyMs = Math.round(deps.clock.monotonic() - start);
    if (plan !== undefined) checkPlan(plan, failures);
    const report = { success: failures.length === 0, latencyMs, failures };
    deps.emit(emfLine(report, deps.clock.now()));
    if (!report.success) throw new Error(`synthetic check failed: ${failures.join('; ')}`);
    return report;
  };

  /** GETs or POSTs `url`; returns the JSON body of a 200 JSON answer, else records why not. */
  async function call(name: string, url: string, init: RequestInit, failures: string[]): Promise<unknown> {
    try {
      const res = await deps.fetch(url, { ...init, signal: AbortSignal.timeout(deps.timeoutMs) });
      const text = await res.text();
      // A 200 may carry a late failure (docs/api.md, "Long solves and late failures"): its status counts.
      const read = res.status === 200 ? readStreamedJson(200, text) : { status: res.status, body: undefined };
      if (read.status !== 200) failures.push(`${name}: status ${read.status} (${text.trim().slice(0, 200)})`);
      if (!res.headers.get('x-request-id')) failures.push(`${name}: no X-Request-Id header`);
      if (!res.headers.get('content-type')?.startsWith('application/json')) {
        failures.push(`${name}: content type ${res.headers.get('content-type')}`);
      }
      return read.status === 200 ? read.body : undefined;
    } catch (error: unknown) {
      deps.log.error(`synthetic check: ${name} call failed`, errorFields(error));
      failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
}

function checkHealth(body: unknown, failures: string[]): void {
  if (field(body, 'status') !== 'ok')
    failures.push(`health: status is ${show(field(body, 'status'))}, not "ok"`);
  if (typeof field(body, 'version') !== 'string') failures.push('health: no version');
}

function checkPlan(body: unknown, failures: string[]): void {
  const plan = field(body, 'plan');
  const expect = (name: string, actual: unknown, wanted: unknown) => {
    if (actual !== wanted) failures.push(`optimise: ${name} is ${show(actual)}, expected ${show(wanted)}`);
  };
  expect('plan.verified', field(plan, 'verified'), true);
  expect('plan.optimal', field(plan, 'optimal'), true);
  expect('plan.stockBarsUsed', field(plan, 'stockBarsUsed'), KNOWN_BARS);
  expect('pieces cut', piecesCut(field(plan, 'combinations')), KNOWN_PIECES);
}

/** Pieces in the plan's layouts (each layout's pieces × its bar count): the job must be cut whole. */
function piecesCut(combinations: unknown): number | undefined {
  if (!Array.isArray(combinations)) return undefined;
  let pieces = 0;
  for (const c of combinations) {
    const cut = field(field(c, 'usedComb'), 'combination');
    const count = field(c, 'count');
    if (!Array.isArray(cut) || typeof count !== 'number') return undefined;
    pieces += cut.length * count;
  }
  return pieces;
}

/** One EMF document: CloudWatch turns its two values into metrics without any API call. */
export function emfLine(report: SyntheticReport, timestampMs: number): string {
  return JSON.stringify({
    _aws: {
      Timestamp: timestampMs,
      CloudWatchMetrics: [
        {
          Namespace: METRIC_NAMESPACE,
          Dimensions: [Object.keys(METRIC_DIMENSIONS)],
          Metrics: [
            { Name: 'SyntheticSuccess', Unit: 'Count' },
            { Name: 'SyntheticLatencyMs', Unit: 'Milliseconds' },
          ],
        },
      ],
    },
    ...METRIC_DIMENSIONS,
    SyntheticSuccess: report.success ? 1 : 0,
    SyntheticLatencyMs: report.latencyMs,
    failures: report.failures,
  });
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function show(value: unknown): string {
  return value === undefined ? 'missing' : JSON.stringify(value);
}
