/**
 * Square cuts for the orchestrator: a group's search is the solver's (`solveGroup`), the stage after it
 * the setups stage (`refineGroup`: setups, bundles, priority, for every method), and the layout step
 * writes bars out with their parts assigned, waste and cut positions.
 */
import { err, ok } from '../errors.ts';
import { refineGroup, setupKeyOf, stageWorkFor } from '../setups/index.ts';
import type { LpEngine } from '../solver/index.ts';
import { buildJobs, type GroupPlan, type Job } from '../solver/model/index.ts';
import {
  assignParts,
  type Bar,
  barFigures,
  type TalliedLayout,
  talliedLayout,
} from '../solver/response/index.ts';
import { solveGroup } from '../solver/solve-group.ts';
import type { CutPosition, OptimiseRequest, PlacedPart } from '../types.ts';
import { noPlan } from './failures.ts';
import type { FormattedGroup } from './format.ts';
import type { Geometry } from './geometry.ts';

/** One solved square group. */
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

/** The square geometry over the request's material groups. */
export function squareGeometry(
  request: OptimiseRequest,
  options: { readonly lp: LpEngine; readonly budgetMs: number },
): Geometry<SolvedGroup> {
  const jobs = buildJobs(request);
  const jobOf = (k: number): Job => {
    const job = jobs[k];
    if (!job) throw new Error(`no group ${k}`);
    return job;
  };
  return {
    groups: jobs.length,
    search: (k, search) => {
      const job = jobOf(k);
      const r = solveGroup(job, options.lp, search);
      if (!r.plan) return err(noPlan(job.material, r.infeasible, options.budgetMs));
      return ok({
        job,
        plan: r.plan,
        bound: r.bound,
        barsBound: r.barsBound,
        optimal: r.optimal,
      });
    },
    refine: (k, found, share) => {
      const job = jobOf(k);
      const refined = refineGroup(job, found.plan, request.method, {
        lp: options.lp,
        budget: share,
        work: stageWorkFor(options.budgetMs, jobs.length),
        groups: jobs.length,
        bundleSize: (s) => {
          const source = job.sources[s];
          return source?.kind === 'stock' ? (request.stocks[source.index]?.bundleSize ?? null) : null;
        },
      });
      // The stage never raises the cost; a cheaper plan it finds is proven when it meets the bound.
      const optimal = found.optimal || (!job.offcutsFirst && refined.plan.cost <= found.bound);
      return { ...found, plan: refined.plan, optimal, setupsBound: refined.setupsBound };
    },
    format: (req, g): FormattedGroup => ({ ...g, layouts: squareLayouts(req, g.job, g.plan) }),
  };
}

/** A group's distinct layouts (bars with the same source and parts in the same order merged), written out. */
export function squareLayouts(request: OptimiseRequest, job: Job, plan: GroupPlan): TalliedLayout[] {
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
    layouts.push(
      talliedLayout(request.scale, {
        source,
        material: job.material,
        count,
        lengths,
        placed,
        cutPositions: fig.cutPositions.map(out) as CutPosition[],
        waste: fig,
        partsLength: lengths.reduce((a, b) => a + b, 0),
        setupKey: setupKeyOf(source.length, lengths),
      }),
    );
  }
  return layouts;
}
