/**
 * Bounded issue collection. A 1 MiB request can hold hundreds of thousands of bad entries; building a
 * message for each would cost seconds, and only ten are shown. Each stream keeps the first hundred issues
 * in request order (so "(and N more)" is exact for any request a person wrote by hand) and, past that,
 * tells its reader to stop; the detail then ends "(and more)".
 */
import { type Issue, MAX_ISSUES, ValidationError } from '../errors.ts';

/** Issues one stream keeps; well above the ten shown. */
const KEEP = 10 * MAX_ISSUES;

/** Issues of one part of the request, in request order. */
export class IssueStream {
  readonly issues: Issue[] = [];
  #dropped = false;

  add(issue: Issue): void {
    if (this.issues.length < KEEP) this.issues.push(issue);
    else this.#dropped = true;
  }

  /** True once an issue was dropped: the reader should stop, the count is no longer exact. */
  get dropped(): boolean {
    return this.#dropped;
  }

  get empty(): boolean {
    return this.issues.length === 0;
  }
}

/** One error from several streams, concatenated in the order given; null when they hold no issue. */
export function errorOf(streams: readonly IssueStream[]): ValidationError | null {
  const issues = streams.flatMap((s) => s.issues);
  if (issues.length === 0) return null;
  return new ValidationError(
    issues,
    streams.every((s) => !s.dropped),
  );
}
