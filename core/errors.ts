/**
 * Typed errors of the API. Each code of the contract has one class; {@link statusOf} is the one place
 * that maps codes to HTTP statuses. Expected failures travel as values (`Result`); these classes are
 * thrown only across the imperative shell, or for bugs (`InternalError`).
 */

/** Every `error` code a response body can carry. */
export type ErrorCode =
  | 'validation'
  | 'badKey'
  | 'keyRequired'
  | 'forbiddenOrigin'
  | 'partsLimit'
  | 'noPlanFound'
  | 'offcutsTaken'
  | 'rackFull'
  | 'idempotencyInProgress'
  | 'idempotencyKeyReused'
  | 'rateLimited'
  | 'busy'
  | 'notFound'
  | 'methodNotAllowed'
  | 'payloadTooLarge'
  | 'queryTooLong'
  | 'headersTooLarge'
  | 'internal';

const STATUS: Readonly<Record<ErrorCode, number>> = {
  /** Bad input: lengths, quantities, methods, infeasible supply, angle rules, unknown fields. */
  validation: 400,
  /** A key was sent but is empty, unknown, disabled, expired, or used from a foreign origin. */
  badKey: 401,
  /** A stored-state route (the offcut rack, stored plans) was called without a key. */
  keyRequired: 401,
  /** `POST /v1/plans/{id}/cut`: offcuts the plan uses are no longer on the rack (`taken` names them). */
  offcutsTaken: 409,
  /** A call with this `Idempotency-Key` is still running; retry after `Retry-After` for its outcome. */
  idempotencyInProgress: 409,
  /** This `Idempotency-Key` was used within 24 h for a different request (route, body or format). */
  idempotencyKeyReused: 422,
  /** The workspace's offcut rack would hold more entries than the tier allows. */
  rackFull: 413,
  /** `POST /v1/mcp`: the Origin header is not a web origin (the MCP transport's DNS-rebinding guard). */
  forbiddenOrigin: 403,
  /** More parts or distinct lines than the tier allows. */
  partsLimit: 413,
  /** The body is larger than 1 MiB, or a file route's file over its limit (functions/shared/file-limits.ts). */
  payloadTooLarge: 413,
  /**
   * Finite supply: the search found no plan within the time limit and did not prove that none exists.
   * Not the caller's input (a longer `timeLimit` may succeed), so not 400; refunded like every failure.
   */
  noPlanFound: 422,
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
  /** A bug or a plan that failed verification; the detail is generic and carries the request id. */
  internal: 500,
};

/** Every error code, in the order of their statuses. */
export const ERROR_CODES: readonly ErrorCode[] = (Object.keys(STATUS) as ErrorCode[]).sort(
  (a, b) => STATUS[a] - STATUS[b],
);

/** The HTTP status of an error code. */
export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}

/** One problem found in a request: where it is (`parts[3]`) and a sentence a person can act on. */
export interface Issue {
  readonly path: string;
  readonly message: string;
}

/** The most problems one validation error reports. */
export const MAX_ISSUES = 10;

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

/**
 * Base of all cutplan errors: a code, a human-readable detail and optional extra body fields. Errors
 * carry data only; the HTTP shell decides which headers that data becomes.
 */
export abstract class CutplanError extends Error {
  abstract readonly code: ErrorCode;
  get status(): number {
    return statusOf(this.code);
  }
  /** Extra fields merged into the `{error, detail}` body (e.g. `retryAfterSeconds`). */
  bodyExtras(): Readonly<Record<string, unknown>> {
    return {};
  }
}

/** 400: the request cannot be solved as sent. `detail` joins up to ten issues. */
export class ValidationError extends CutplanError {
  override readonly code = 'validation' as const;
  readonly issues: readonly Issue[];
  /**
   * @param complete false when the parser stopped collecting (a request with thousands of problems is
   *   not read to the end): there are more problems than `issues`, and the detail ends "(and more)".
   */
  constructor(issues: readonly Issue[], complete = true) {
    const shown = issues.slice(0, MAX_ISSUES);
    const hidden = issues.length - shown.length;
    const more = !complete ? ' (and more)' : hidden > 0 ? ` (and ${hidden} more)` : '';
    super(shown.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ') + more);
    this.name = 'ValidationError';
    this.issues = shown;
  }
  /** A single-issue validation error. */
  static of(path: string, message: string): ValidationError {
    return new ValidationError([{ path, message }]);
  }
}

/** 401: the API key is empty, unknown, disabled, expired, or not allowed from this origin. */
export class BadKeyError extends CutplanError {
  override readonly code = 'badKey' as const;
  override readonly name = 'BadKeyError';
}

/** 403: an MCP request's Origin header is not an http(s) origin. */
export class ForbiddenOriginError extends CutplanError {
  override readonly code = 'forbiddenOrigin' as const;
  override readonly name = 'ForbiddenOriginError';
}

/** 413: the request has more parts or distinct lines than the tier allows. */
export class PartsLimitError extends CutplanError {
  override readonly code = 'partsLimit' as const;
  override readonly name = 'PartsLimitError';
}

/**
 * 422: with finite stock or offcuts, the search found no plan in its time limit and proved neither that
 * one exists nor that none does. `detail` suggests a longer `timeLimit`. (A proof that no plan exists is
 * a 400 `validation` naming the proof.)
 */
export class NoPlanFoundError extends CutplanError {
  override readonly code = 'noPlanFound' as const;
  override readonly name = 'NoPlanFoundError';
}

/** 429: a rate or monthly limit is reached. */
export class RateLimitedError extends CutplanError {
  override readonly code = 'rateLimited' as const;
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

/** 409: a call with the same `Idempotency-Key` is still running (its outcome is not stored yet). */
export class IdempotencyInProgressError extends CutplanError {
  override readonly code = 'idempotencyInProgress' as const;
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
  override readonly name = 'IdempotencyKeyReusedError';
}

/** 401: a route that keeps state per workspace was called without `X-API-Key`. */
export class KeyRequiredError extends CutplanError {
  override readonly code = 'keyRequired' as const;
  override readonly name = 'KeyRequiredError';
}

/** 409: a booking found offcuts of its plan gone from the rack; nothing was changed. */
export class OffcutsTakenError extends CutplanError {
  override readonly code = 'offcutsTaken' as const;
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

/** 404: no such route. */
export class NotFoundError extends CutplanError {
  override readonly code = 'notFound' as const;
  override readonly name = 'NotFoundError';
}

/** 405: the route exists, the method does not; `allow` lists the methods that do. */
export class MethodNotAllowedError extends CutplanError {
  override readonly code = 'methodNotAllowed' as const;
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
  override readonly name = 'PayloadTooLargeError';
}

/** 414: the query string is too long; the detail says to POST the job instead. */
export class QueryTooLongError extends CutplanError {
  override readonly code = 'queryTooLong' as const;
  override readonly name = 'QueryTooLongError';
}

/** 431: the request line and headers together are too large to read. */
export class HeadersTooLargeError extends CutplanError {
  override readonly code = 'headersTooLarge' as const;
  override readonly name = 'HeadersTooLargeError';
}

/** 500: a bug or a plan that failed verification. The client sees only a generic message. */
export class InternalError extends CutplanError {
  override readonly code = 'internal' as const;
  override readonly name = 'InternalError';
}

/** A value or an error, for expected outcomes that are not exceptions. */
export type Result<T, E = CutplanError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });
