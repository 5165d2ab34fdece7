/**
 * The headers that the admitter's and the errors' data become: `X-RateLimit-*` from a
 * {@link RateLimitStatus}, `Retry-After` and `Allow` from the errors that carry them. The one place this
 * mapping lives; the limits module and core return data only.
 */
import {
  BusyError,
  type CutplanError,
  MethodNotAllowedError,
  RateLimitedError,
  type RateLimitStatus,
} from '../../../core/errors.ts';

/** `X-RateLimit-Limit/Remaining/Reset` (reset in epoch seconds, as GitHub and others send it). */
export function rateLimitHeaders(status: RateLimitStatus | null | undefined): Record<string, string> {
  if (status === null || status === undefined) return {};
  return {
    'X-RateLimit-Limit': String(status.limit),
    'X-RateLimit-Remaining': String(Math.max(0, status.remaining)),
    'X-RateLimit-Reset': String(Math.ceil(status.resetAtMs / 1000)),
  };
}

/** The headers an error's answer carries beyond the common ones. */
export function errorHeaders(error: CutplanError): Record<string, string> {
  if (error instanceof RateLimitedError || error instanceof BusyError) {
    return { ...rateLimitHeaders(error.rateLimit), 'Retry-After': String(error.retryAfterSeconds) };
  }
  if (error instanceof MethodNotAllowedError) return { Allow: error.allow.join(', ') };
  return {};
}
