/**
 * Turns the solved groups into the response body of the contract: layouts with their part assignment,
 * waste and cut positions, purchases, remnants, unused offcuts, stats and bounds, in the caller's unit.
 * All arithmetic is on the scaled integers; a value is divided by the scale only when it is written out.
 */

import { bundleStats, setupKeyOf, setupsStats } from '../../setups/index.ts';
import type { CutPosition, OptimiseRequest, OptimiseResponse, PlacedPart, Stats } from '../../types.ts';
import type { GroupPlan, Job } from '../model/index.ts';
import { assignParts, type Bar } from './assign-parts.ts';
import { barFigures } from './bar-figures.ts';
import { costBound, planOf, type TalliedLayout, tallyGroups } from './tally.ts';

/** One solved material group, as the formatter needs it. */
export interface SolvedGroup {
  readonly job: Job;
  readonly plan: GroupPlan;
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
  groups: readonly SolvedGroup[],
  ctx: FormatContext,
): OptimiseResponse {
  const tally = tallyGroups(
    request,
    groups.map((g) => ({ material: g.job.material, layouts: layoutsOf(request, g.job, g.plan) })),
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

/** A group's distinct layouts (bars with the same source and parts in the same order merged), written out. */
function layoutsOf(request: OptimiseRequest, job: Job, plan: GroupPlan): TalliedLayout[] {
  const out = (n: number): number => n / request.scale;
  const merged = new Map<string, { bar: Bar; count: number }>();
  for (const bar of assignParts(job, plan.layouts)) {
    const id = `${bar.layout.source}:${bar.parts.join(',')}`;
    const prev = merged.get(id);
    if (prev) prev.count += bar.count;
    else merged.set(id, { bar, count: bar.count });
  }
  const layouts: TalliedLayout[] = [];
  for (const { bar, count } of merged.values()) {
    const source = job.sources[bar.layout.source];
    if (!source) continue;
    const lengths: number[] = bar.parts.map((p) => request.parts[p]?.length ?? 0);
    const fig = barFigures(source.length, lengths, request.kerf, request.trim);
    const placed: PlacedPart[] = bar.parts.map((p) => {
      const part = request.parts[p];
      return part?.label
        ? { part: p, length: out(part.length), label: part.label }
        : { part: p, length: out(part?.length ?? 0) };
    });
    layouts.push({
      combination: {
        usedComb: {
          combination: lengths.map(out),
          length: out(source.length),
          source: source.kind,
          sourceIndex: source.index,
          waste: { total: out(fig.total), remnant: out(fig.remnant), saw: out(fig.saw) },
          ...(job.material !== null ? { material: job.material } : {}),
          parts: placed,
          cutPositions: fig.cutPositions.map(out) as CutPosition[],
        },
        count,
      },
      source,
      count,
      parts: lengths.length,
      partsLength: lengths.reduce((a, b) => a + b, 0),
      cuts: fig.cutPositions.length,
      waste: fig.total,
      remnant: fig.remnant,
      setupKey: setupKeyOf(source.length, lengths),
    });
  }
  return layouts;
}
