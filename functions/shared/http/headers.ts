/**
 * The headers that the admitter's and the errors' data become: `X-RateLimit-*` from a
 * {@link RateLimitStatus}, `Retry-After` and `Allow` from the errors that carry them. The one place this
 * mapping lives; the limits module and core return data only.
 */
import type { CutplanError } from '../../../core/errors.ts';
import {
  BusyError,
  IdempotencyInProgressError,
  MethodNotAllowedError,
  RateLimitedError,
  type RateLimitStatus,
} from '../errors.ts';

/** `X-RateLimit-Limit/Remaining/Reset` (reset in epoch seconds, as GitHub and others send it). */
export function rateLimitHeaders(status: RateLimitStatus | null | undefined): Record<string, string> {
  if (status === null || status === undefined) return {};
  return {
    'X-RateLimit-Limit': String(status.limit),
    'X-RateLimit-Remaining': String(Math.max(0, status.remaining)),
    'X-RateLimit-Reset': String(Math.ceil(status.resetAtMs / 1000)),
  };
}

/** A window as the `RateLimit` fields describe it (see `WindowUsage` in functions/shared/admission.ts). */
export interface RateLimitWindow {
  readonly window: string;
  readonly seconds: number;
  readonly limit: number;
  readonly remaining: number;
  readonly resetAtMs: number;
}

/**
 * The IETF fields (draft-ietf-httpapi-ratelimit-headers-10): `RateLimit-Policy` lists every window of
 * the tier as `"<name>";q=<quota>;w=<seconds>`, `RateLimit` where the caller stands in each as
 * `"<name>";r=<remaining>;t=<seconds to reset>`. Sent beside `X-RateLimit-*`, which name the binding one.
 */
export function rateLimitFields(
  windows: readonly RateLimitWindow[] | undefined,
  nowMs: number,
): Record<string, string> {
  if (windows === undefined || windows.length === 0) return {};
  return {
    'RateLimit-Policy': windows.map((w) => `"${w.window}";q=${w.limit};w=${w.seconds}`).join(', '),
    RateLimit: windows
      .map(
        (w) =>
          `"${w.window}";r=${Math.max(0, w.remaining)};t=${Math.max(0, Math.ceil((w.resetAtMs - nowMs) / 1000))}`,
      )
      .join(', '),
  };
}

/** The headers an error's answer carries beyond the common ones. */
export function errorHeaders(error: CutplanError): Record<string, string> {
  if (error instanceof RateLimitedError || error instanceof BusyError) {
    return { ...rateLimitHeaders(error.rateLimit), 'Retry-After': String(error.retryAfterSeconds) };
  }
  if (error instanceof IdempotencyInProgressError) {
    return { 'Retry-After': String(error.retryAfterSeconds) };
  }
  if (error instanceof MethodNotAllowedError) return { Allow: error.allow.join(', ') };
  return {};
}

/**
 * A file's answer (PDF, labels, saw list) has no `meta`: `X-Time-Limit` carries `meta.timeLimit`, the
 * solve budget applied in seconds, and `X-Requested-Time-Limit` the request's `timeLimit` when the budget
 * was less (`meta.requestedTimeLimit`, absent otherwise). docs/api.md, "File answers and the time limit".
 */
export function timeLimitHeaders(meta: {
  readonly timeLimit: number;
  readonly requestedTimeLimit?: number;
}): Record<string, string> {
  const headers: Record<string, string> = { 'X-Time-Limit': String(meta.timeLimit) };
  if (meta.requestedTimeLimit !== undefined)
    headers['X-Requested-Time-Limit'] = String(meta.requestedTimeLimit);
  return headers;
}
