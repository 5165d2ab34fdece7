/**
 * A cut geometry as the orchestrator sees it: its search, the stage after it, its layout step.
 */
import type { Budget } from '../budget.ts';
import type { CutplanError, Result } from '../errors.ts';
import type { OptimiseRequest } from '../types.ts';
import type { FormattedGroup } from './format.ts';

/** What the orchestrator needs of a cut geometry, for the groups of one request. */
export interface Geometry<R> {
  /** The request's material groups, in order. */
  readonly groups: number;
  /** Group `k`'s search within `search`; on failure the error (`share` is the group's whole share). */
  search(k: number, search: Budget, share: Budget): Result<R, CutplanError>;
  /** The stage after the search on group `k`'s result, within the group's share (never costlier). */
  refine(k: number, found: R, share: Budget): R;
  /** The geometry's layout step: the group written out for the formatter. */
  format(request: OptimiseRequest, found: R): FormattedGroup;
}
