/**
 * Turns a request's planned groups into the response body of the contract, for either geometry: the
 * geometry's layout step writes each group's layouts out (pieces, waste, cut positions, setup keys); here
 * they are tallied into purchases, remnants, unused offcuts, stats and bounds, and the meta block is
 * written, once for both. All arithmetic is on the scaled integers; a value is divided by the scale only
 * when it is written out.
 */

import type { Job } from '../model/index.ts';
import { bundleStats, setupsStats } from '../setups/index.ts';
import { costBound, planOf, type TalliedLayout, tallyGroups } from '../tally/index.ts';
import type { OptimiseRequest, OptimiseResponse, Stats } from '../types.ts';

/** One planned material group, as the formatter needs it, its layouts written out by the geometry. */
export interface FormattedGroup {
  /** The group's job as costed (square jobs; an angle job's base). */
  readonly job: Pick<Job, 'material' | 'objective' | 'costUnit'>;
  readonly layouts: readonly TalliedLayout[];
  /** Lower bound on the group's cost in job cost units. */
  readonly bound: number;
  readonly barsBound: number;
  readonly optimal: boolean;
  /** `fewest_setups` and `bundle`: a lower bound on the group's setups at the plan's cost. */
  readonly setupsBound?: number | null;
}

export interface FormatContext {
  readonly tier: string;
  readonly poweredBy: string;
  readonly solveTimeMs: number;
  /** `meta.timeLimit` and, when the request's was capped, `meta.requestedTimeLimit` (`budgetMeta`). */
  readonly budget: { readonly timeLimit: number; readonly requestedTimeLimit?: number };
}

/** Builds the response body (with `verified: false`; the caller verifies and sets it). */
export function formatResponse(
  request: OptimiseRequest,
  groups: readonly FormattedGroup[],
  ctx: FormatContext,
): OptimiseResponse {
  const tally = tallyGroups(
    request,
    groups.map((g) => ({ material: g.job.material, layouts: [...g.layouts] })),
    { setups: true },
  );
  const { totals } = tally;
  const bundles = request.method === 'bundle' ? bundleStats(request, tally.combinations, totals.bars) : null;
  const stats: Stats = {
    ...tally.stats,
    ...setupsStats(groups, totals.setups),
    ...(bundles?.stats ?? {}),
    ...(tally.byMaterial ? { byMaterial: tally.byMaterial } : {}),
  };
  return {
    plan: planOf(request, tally, groups, ctx.solveTimeMs, bundles?.combinations),
    stats,
    costLowerBound: tally.priced ? costBound(request, groups) : null,
    meta: {
      method: request.method,
      objective: groups.some((g) => g.job.objective === 'price') ? 'cost' : 'material',
      kerf: request.kerf / request.scale,
      tier: ctx.tier,
      poweredBy: ctx.poweredBy,
      unit: request.unit,
      unitFormat: request.unitFormat,
      ...ctx.budget,
    },
  };
}
