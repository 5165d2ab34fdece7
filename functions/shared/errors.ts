/**
 * The errors only the shell raises (the API key, the MCP origin, routes and methods, body, query and
 * header sizes, rate limits, capacity: 401, 403, 404, 405, 413, 414, 429, 431, 503) and the one map of
 * every `error` code of the contract to its HTTP status ({@link statusOf}), the core's codes
 * (`core/errors.ts`, {@link CORE_STATUS}) included. The OpenAPI document reads the codes from here.
 */
import { CORE_STATUS, type CoreErrorCode, CutplanError } from '../../core/errors.ts';

/** The `error` codes only the shell raises. */
export type ShellErrorCode =
  | 'badKey'
  | 'keyRequired'
  | 'offcutsTaken'
  | 'rackFull'
  | 'idempotencyInProgress'
  | 'idempotencyKeyReused'
  | 'forbiddenOrigin'
  | 'rateLimited'
  | 'busy'
  | 'notFound'
  | 'methodNotAllowed'
  | 'payloadTooLarge'
  | 'queryTooLong'
  | 'headersTooLarge';

/** Every `error` code a response body can carry. */
export type ErrorCode = CoreErrorCode | ShellErrorCode;

const SHELL_STATUS: Readonly<Record<ShellErrorCode, number>> = {
  /** A key was sent but is empty, unknown, disabled, expired, or used from a foreign origin. */
  badKey: 401,
  /** A stored-state route (the offcut rack, stored plans) was called without a key. */
  keyRequired: 401,
  /** `POST /v1/plans/{id}/cut`: offcuts the plan uses are no longer on the rack (`taken` names them). */
  offcutsTaken: 409,
  /** The workspace's offcut rack would hold more entries than the tier allows. */
  rackFull: 413,
  /** A call with this `Idempotency-Key` is still running; retry after `Retry-After` for its outcome. */
  idempotencyInProgress: 409,
  /** This `Idempotency-Key` was used within 24 h for a different request (route, body or format). */
  idempotencyKeyReused: 422,
  /** `POST /v1/mcp`: the Origin header is not a web origin (the MCP transport's DNS-rebinding guard). */
  forbiddenOrigin: 403,
  /** The body is larger than 1 MiB, or a file route's file over its limit (functions/shared/file-limits.ts). */
  payloadTooLarge: 413,
  /** The query string is over 8 KiB: a job that large goes in the body of a POST. */
  queryTooLong: 414,
  /** The request line and headers are over the server's limit (the local server's 16 KiB). */
  headersTooLarge: 431,
  /** No such route. */
  notFound: 404,
  /** The route exists but not for this HTTP method (the response carries `Allow`). */
  methodNotAllowed: 405,
  /** Hourly, per-minute or monthly limit reached; the body says when it resets. */
  rateLimited: 429,
  /** The solver pool (or the limits store) is at capacity; retry shortly. */
  busy: 503,
};

/** The one place that maps codes to HTTP statuses: the core's and the shell's. */
const STATUS: Readonly<Record<ErrorCode, number>> = { ...CORE_STATUS, ...SHELL_STATUS };

/** Every error code, in the order of their statuses. */
export const ERROR_CODES: readonly ErrorCode[] = (Object.keys(STATUS) as ErrorCode[]).sort(
  (a, b) => STATUS[a] - STATUS[b],
);

/** The HTTP status of an error code. */
export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}

/**
 * Where a caller stands against its binding rate window: data, rendered as `X-RateLimit-*` headers by
 * the HTTP shell (`functions/shared/http/`).
 */
export interface RateLimitStatus {
  readonly limit: number;
  readonly remaining: number;
  /** When the window resets (ms since the epoch). */
  readonly resetAtMs: number;
}

/** 401: the API key is empty, unknown, disabled, expired, or not allowed from this origin. */
export class BadKeyError extends CutplanError {
  override readonly code = 'badKey' as const;
  override readonly status = SHELL_STATUS.badKey;
  override readonly name = 'BadKeyError';
}

/** 401: a route that keeps state per workspace was called without `X-API-Key`. */
export class KeyRequiredError extends CutplanError {
  override readonly code = 'keyRequired' as const;
  override readonly status = SHELL_STATUS.keyRequired;
  override readonly name = 'KeyRequiredError';
}

/** 409: a booking found offcuts of its plan gone from the rack; nothing was changed. */
export class OffcutsTakenError extends CutplanError {
  override readonly code = 'offcutsTaken' as const;
  override readonly status = SHELL_STATUS.offcutsTaken;
  override readonly name = 'OffcutsTakenError';
  /** Rack entry ids the plan used that are gone (or hold fewer pieces than the plan cut). */
  readonly taken: readonly string[];

  constructor(detail: string, taken: readonly string[]) {
    super(detail);
    this.taken = taken;
  }
  override bodyExtras(): Readonly<Record<string, unknown>> {
    return { taken: this.taken };
  }
}

/** 413: the offcut rack is at its tier's size cap. */
export class RackFullError extends CutplanError {
  override readonly code = 'rackFull' as const;
  override readonly status = SHELL_STATUS.rackFull;
  override readonly name = 'RackFullError';
  readonly cap: number;

  constructor(detail: string, cap: number) {
    super(detail);
    this.cap = cap;
  }
  override bodyExtras(): Readonly<Record<string, unknown>> {
    return { cap: this.cap };
  }
}

/** 409: a call with the same `Idempotency-Key` is still running (its outcome is not stored yet). */
export class IdempotencyInProgressError extends CutplanError {
  override readonly code = 'idempotencyInProgress' as const;
  override readonly status = SHELL_STATUS.idempotencyInProgress;
  override readonly name = 'IdempotencyInProgressError';
  readonly retryAfterSeconds: number;
  constructor(detail: string, retryAfterSeconds: number) {
    super(detail);
    this.retryAfterSeconds = retryAfterSeconds;
  }
  override bodyExtras(): Readonly<Record<string, unknown>> {
    return { retryAfterSeconds: this.retryAfterSeconds };
  }
}

/** 422: an `Idempotency-Key` used within its 24 hours for a different request. */
export class IdempotencyKeyReusedError extends CutplanError {
  override readonly code = 'idempotencyKeyReused' as const;
  override readonly status = SHELL_STATUS.idempotencyKeyReused;
  override readonly name = 'IdempotencyKeyReusedError';
}

/** 403: an MCP request's Origin header is not an http(s) origin. */
export class ForbiddenOriginError extends CutplanError {
  override readonly code = 'forbiddenOrigin' as const;
  override readonly status = SHELL_STATUS.forbiddenOrigin;
  override readonly name = 'ForbiddenOriginError';
}

/** 429: a rate or monthly limit is reached. */
export class RateLimitedError extends CutplanError {
  override readonly code = 'rateLimited' as const;
  override readonly status = SHELL_STATUS.rateLimited;
  override readonly name = 'RateLimitedError';
  /** When the limit resets (ms since epoch). */
  readonly resetAtMs: number;
  readonly retryAfterSeconds: number;
  /** The window that refused the call (remaining 0), when known. */
  readonly rateLimit: RateLimitStatus | null;

  constructor(
    detail: string,
    resetAtMs: number,
    retryAfterSeconds: number,
    rateLimit: RateLimitStatus | null = null,
  ) {
    super(detail);
    this.resetAtMs = resetAtMs;
    this.retryAfterSeconds = retryAfterSeconds;
    this.rateLimit = rateLimit;
  }
  override bodyExtras(): Readonly<Record<string, unknown>> {
    return { retryAfterSeconds: this.retryAfterSeconds, resetAt: new Date(this.resetAtMs).toISOString() };
  }
}

/** 503: no solve slot free (or the limits store is unavailable); retry shortly. */
export class BusyError extends CutplanError {
  override readonly code = 'busy' as const;
  override readonly status = SHELL_STATUS.busy;
  override readonly name = 'BusyError';
  readonly retryAfterSeconds: number;
  /** The caller's rate window after this (uncounted) call, when it was counted and refunded. */
  readonly rateLimit: RateLimitStatus | null;

  constructor(detail: string, retryAfterSeconds: number, rateLimit: RateLimitStatus | null = null) {
    super(detail);
    this.retryAfterSeconds = retryAfterSeconds;
    this.rateLimit = rateLimit;
  }
  override bodyExtras(): Readonly<Record<string, unknown>> {
    return { retryAfterSeconds: this.retryAfterSeconds };
  }
}

/** 404: no such route. */
export class NotFoundError extends CutplanError {
  override readonly code = 'notFound' as const;
  override readonly status = SHELL_STATUS.notFound;
  override readonly name = 'NotFoundError';
}

/** 405: the route exists, the method does not; `allow` lists the methods that do. */
export class MethodNotAllowedError extends CutplanError {
  override readonly code = 'methodNotAllowed' as const;
  override readonly status = SHELL_STATUS.methodNotAllowed;
  override readonly name = 'MethodNotAllowedError';
  readonly allow: readonly string[];

  constructor(detail: string, allow: readonly string[]) {
    super(detail);
    this.allow = allow;
  }
}

/** 413: the body is over the 1 MiB limit, or a file route's file over its size limit. */
export class PayloadTooLargeError extends CutplanError {
  override readonly code = 'payloadTooLarge' as const;
  override readonly status = SHELL_STATUS.payloadTooLarge;
  override readonly name = 'PayloadTooLargeError';
}

/** 414: the query string is too long; the detail says to POST the job instead. */
export class QueryTooLongError extends CutplanError {
  override readonly code = 'queryTooLong' as const;
  override readonly status = SHELL_STATUS.queryTooLong;
  override readonly name = 'QueryTooLongError';
}

/** 431: the request line and headers together are too large to read. */
export class HeadersTooLargeError extends CutplanError {
  override readonly code = 'headersTooLarge' as const;
  override readonly status = SHELL_STATUS.headersTooLarge;
  override readonly name = 'HeadersTooLargeError';
}
