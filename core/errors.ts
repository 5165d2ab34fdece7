/**
 * Typed errors the core raises: `validation` (400), `partsLimit` (413), `noPlanFound` (422) and `internal`
 * (500), each code of the contract one class, and their statuses ({@link CORE_STATUS}). The errors only the
 * shell raises (keys, origins, routes, methods, sizes, rate limits, capacity) and the map of every code to
 * its status are in `functions/shared/errors.ts`. Expected failures travel as values (`Result`); these
 * classes are thrown only across the imperative shell, or for bugs (`InternalError`).
 */

/** The `error` codes the core raises. */
export type CoreErrorCode = 'validation' | 'partsLimit' | 'noPlanFound' | 'internal';

/** The HTTP status of each code the core raises (the shell's map, `functions/shared/errors.ts`, adds its own). */
export const CORE_STATUS: Readonly<Record<CoreErrorCode, number>> = {
  /** Bad input: lengths, quantities, methods, infeasible supply, angle rules, unknown fields. */
  validation: 400,
  /** More parts or distinct lines than the tier allows. */
  partsLimit: 413,
  /**
   * Finite supply: the search found no plan within the time limit and did not prove that none exists.
   * Not the caller's input (a longer `timeLimit` may succeed), so not 400; refunded like every failure.
   */
  noPlanFound: 422,
  /** A bug or a plan that failed verification; the detail is generic and carries the request id. */
  internal: 500,
};

/** One problem found in a request: where it is (`parts[3]`) and a sentence a person can act on. */
export interface Issue {
  readonly path: string;
  readonly message: string;
}

/** The most problems one validation error reports. */
export const MAX_ISSUES = 10;

/**
 * Base of all cutplan errors: a code, a human-readable detail and optional extra body fields. Errors
 * carry data only; the HTTP shell decides which headers that data becomes.
 */
export abstract class CutplanError extends Error {
  /** The contract's `error` code. */
  abstract readonly code: string;
  /** Its HTTP status (from {@link CORE_STATUS}, or the shell's map for the shell's errors). */
  abstract readonly status: number;
  /** Extra fields merged into the `{error, detail}` body (e.g. `retryAfterSeconds`). */
  bodyExtras(): Readonly<Record<string, unknown>> {
    return {};
  }
}

/** 400: the request cannot be solved as sent. `detail` joins up to ten issues. */
export class ValidationError extends CutplanError {
  override readonly code = 'validation' as const;
  override readonly status = CORE_STATUS.validation;
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

/** 413: the request has more parts or distinct lines than the tier allows. */
export class PartsLimitError extends CutplanError {
  override readonly code = 'partsLimit' as const;
  override readonly status = CORE_STATUS.partsLimit;
  override readonly name = 'PartsLimitError';
}

/**
 * 422: with finite stock or offcuts, the search found no plan in its time limit and proved neither that
 * one exists nor that none does. `detail` suggests a longer `timeLimit`. (A proof that no plan exists is
 * a 400 `validation` naming the proof.)
 */
export class NoPlanFoundError extends CutplanError {
  override readonly code = 'noPlanFound' as const;
  override readonly status = CORE_STATUS.noPlanFound;
  override readonly name = 'NoPlanFoundError';
}

/** 500: a bug or a plan that failed verification. The client sees only a generic message. */
export class InternalError extends CutplanError {
  override readonly code = 'internal' as const;
  override readonly status = CORE_STATUS.internal;
  override readonly name = 'InternalError';
}

/** A value or an error, for expected outcomes that are not exceptions. */
export type Result<T, E = CutplanError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });
