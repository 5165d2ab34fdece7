/**
 * The orchestrator: a request's path from its material groups to the response body, for both cut
 * geometries. Per group, in turn: the search (the geometry's), then the stage after it (setups, bundles,
 * priority), then the geometry's layout step; the groups' layouts are formatted together (format.ts).
 * The request's budget is split here, once: each group gets an equal share of what is left, and under
 * `fewest_setups` and `bundle` the search gets {@link SEARCH_SHARE_WITH_SETUPS} of its group's share.
 */
import type { Budget } from '../budget.ts';
import { type CutplanError, ok, type Result } from '../errors.ts';
import type { LpEngine } from '../lp/index.ts';
import type { Ablation, OptIn } from '../model/index.ts';
import type { GroupSearch } from '../square/search/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../types.ts';
import { angleGeometry } from './angle.ts';
import { type FormatContext, type FormattedGroup, formatResponse } from './format.ts';
import type { Geometry } from './geometry.ts';
import { type ProgressObserver, progressTracker } from './progress.ts';
import { squareGeometry } from './square.ts';

export interface PlanOptions {
  readonly lp: LpEngine;
  /** The whole request's budget (its `totalMs` is the request's budget in ms). */
  readonly budget: Budget;
  /** Techniques of the square search switched off (benchmark ablations only; angle jobs ignore it). */
  readonly off?: Ablation;
  /** Opt-in techniques of the square search switched on (benchmark measurements only; angle jobs ignore it). */
  readonly on?: OptIn | undefined;
  /** Told the solve's progress as it goes (`progress.ts`); the plan is the same without it. */
  readonly onProgress?: ProgressObserver;
  /** Told each square group's search counters when its search ends (benchmark work counts only). */
  readonly onGroupSearch?: (search: GroupSearch) => void;
}

/**
 * Share of a group's time the search gets under `fewest_setups` and `bundle`; the setups stage has the
 * rest (and whatever the search, stopping at its proof, did not use).
 */
export const SEARCH_SHARE_WITH_SETUPS = 0.8;

/** Solves every material group of a request within the budget and builds the response body. */
export function planRequest(
  request: OptimiseRequest,
  options: PlanOptions,
  context: () => FormatContext,
): Result<OptimiseResponse, CutplanError> {
  const { budget, onProgress } = options;
  // Angle mode: bars hold sequences, not multisets (docs/angle-cuts.md).
  if (request.angleCuts !== null) {
    const geometry = angleGeometry(request, options);
    return geometry.ok ? planGroups(request, geometry.value, budget, context, onProgress) : geometry;
  }
  return planGroups(request, squareGeometry(request, options), budget, context, onProgress);
}

function planGroups<R>(
  request: OptimiseRequest,
  geometry: Geometry<R>,
  requestBudget: Budget,
  context: () => FormatContext,
  onProgress: ProgressObserver | undefined,
): Result<OptimiseResponse, CutplanError> {
  const progress =
    onProgress === undefined ? null : progressTracker(request, requestBudget, geometry.costing, onProgress);
  const budget = progress?.budget ?? requestBudget;
  const setups = request.method === 'fewest_setups' || request.method === 'bundle';
  const groups: FormattedGroup[] = [];
  for (let k = 0; k < geometry.groups; k++) {
    const share = budget.sub(budget.remainingMs() / (geometry.groups - k));
    const search = setups ? share.sub(share.remainingMs() * SEARCH_SHARE_WITH_SETUPS) : share;
    const found = geometry.search(k, search, share, progress?.group(k));
    if (!found.ok) return found;
    const refined = geometry.refine(k, found.value, share);
    if (progress !== null) {
      const { cost, bound } = geometry.figures(refined);
      progress.done(k, cost, bound);
    }
    groups.push(geometry.format(request, refined));
  }
  progress?.finish();
  return ok(formatResponse(request, groups, context()));
}
