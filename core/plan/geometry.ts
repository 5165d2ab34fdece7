/**
 * A cut geometry as the orchestrator sees it: its search, the stage after it, its layout step.
 */
import type { Budget } from '../budget.ts';
import type { CutplanError, Result } from '../errors.ts';
import type { SearchObserver } from '../model/index.ts';
import type { OptimiseRequest } from '../types.ts';
import type { FormattedGroup } from './format.ts';
import type { Costing } from './progress.ts';

/** What the orchestrator needs of a cut geometry, for the groups of one request. */
export interface Geometry<R> {
  /** The request's material groups, in order. */
  readonly groups: number;
  /** How each group values plans (for progress reports). */
  readonly costing: readonly Costing[];
  /**
   * Group `k`'s search within `search`; on failure the error (`share` is the group's whole share).
   * `observer` hears the search's incumbent and bound improve (the stage after it is not watched).
   */
  search(k: number, search: Budget, share: Budget, observer?: SearchObserver): Result<R, CutplanError>;
  /** A settled group's plan cost and lower bound, in its job's cost units. */
  figures(found: R): { readonly cost: number; readonly bound: number };
  /** The stage after the search on group `k`'s result, within the group's share (never costlier). */
  refine(k: number, found: R, share: Budget): R;
  /** The geometry's layout step: the group written out for the formatter. */
  format(request: OptimiseRequest, found: R): FormattedGroup;
}
