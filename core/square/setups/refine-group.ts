/**
 * The stage after the search: given a group's best plan, returns a plan of no greater cost that is
 * better on the method's later objectives, and, for `fewest_setups` and `bundle`, a lower bound on setups.
 *
 * - `fewest_setups`: cost; no more purchased bars than the search's plan (with several stock lengths and
 *   no prices, plans of equal material can differ in bars); fewest setups; fewest bars; most prioritised
 *   bars; then, between finished plans only, fewest saw stop settings (`stats.sawStops`, ties.ts); fewest
 *   layouts. The search never ranks by saw stops: inside it they steered the heuristics onto other paths,
 *   and on the same-plans set that cost setups (docs/api.md).
 * - `bundle`: cost, then most bars in full bundles, then fewest setups, then prioritised bars, layouts.
 * - every other method: its own objectives, then most prioritised bars.
 */
import type { Budget } from '../../budget.ts';
import type { LpEngine } from '../../lp/index.ts';
import type { Job } from '../../model/index.ts';
import { type GroupPlan, type Layout, mergeLayouts, offcutUsage, patternKey } from '../../model/index.ts';
import { compareLex } from '../../numbers.ts';
import {
  bundleBarsOf,
  countSetups,
  fewestSawStops,
  heuristicsBudget,
  lowerBoundOnSetups,
  STAGE_WORK,
  sawStopsOfPlan,
  searchFewerSetups,
  stageRuns,
  type TiePool,
  tiePool,
} from '../../setups/index.ts';
import type { Method } from '../../types.ts';
import { purchasedBars } from './heuristics/oracle.ts';
import { preferPriority, priorityBars } from './heuristics/priority.ts';
import { improveSetups } from './improve-setups.ts';

export interface Refined {
  readonly plan: GroupPlan;
  /** `fewest_setups` and `bundle`: a valid lower bound on the setups of any plan of this cost; else null. */
  readonly setupsBound: number | null;
}

export interface RefineContext {
  readonly lp: LpEngine;
  /** The request's deadline: the stage's work budget (work.ts) ends at it at the latest. */
  readonly budget: Budget;
  /** Bars per bundle of a job source (`bundle` only; null for offcuts and stock without bundleSize). */
  readonly bundleSize?: (source: number) => number | null;
  /** Work units for the stage (default {@link STAGE_WORK}); with `groups`, the rungs of {@link stageRuns} up to it. */
  readonly work?: number;
  /** Material groups of the request: when given, the stage runs on rungs of work ({@link stageRuns}). */
  readonly groups?: number;
  /** `fewest_setups`: false returns the stage's plan without the saw stops tie-break (ties.ts), to compare. */
  readonly sawStopsTieBreak?: boolean;
}

/** Runs the stage for one group's plan. */
export function refineGroup(job: Job, plan: GroupPlan, method: Method, stage: RefineContext): Refined {
  // The heuristics leave the setups bound its share of the stage's time (bound.ts): a safety net, as
  // both count their work.
  const ctx = { ...stage, budget: heuristicsBudget(stage.budget) };
  const bundleOf = ctx.bundleSize;
  const rank = rankFor(job, method, bundleOf, purchasedBars(job, plan.layouts));
  // fewest_setups: every complete plan the stage ranks is shown to the pool, which the search never reads.
  const ties: TiePool<GroupPlan> | null =
    method === 'fewest_setups' && stage.sawStopsTieBreak !== false ? tiePool(planKey) : null;
  const better = (a: readonly Layout[], b: readonly Layout[]): boolean => {
    const p = mergeLayouts(job, a);
    const primary = rank.primary(p);
    ties?.observe(p, primary);
    const q = mergeLayouts(job, b);
    return (compareLex(primary, rank.primary(q)) || compareLex(rank.rest(p), rank.rest(q))) < 0;
  };
  const searched = mergeLayouts(job, plan.layouts);
  ties?.observe(searched, rank.primary(searched));
  let best: readonly Layout[] = plan.layouts;
  const keep = (layouts: readonly Layout[]): void => {
    if (better(layouts, best)) best = layouts;
  };
  if (method === 'fewest_setups' || method === 'bundle') {
    // A run that did not spend its work would walk the same phases again on a larger rung: stop there.
    const runs =
      ctx.groups === undefined ? [ctx.work ?? STAGE_WORK] : stageRuns(ctx.work ?? STAGE_WORK, ctx.groups);
    for (const work of runs) {
      const run = improveSetups(job, plan, method, { ...ctx, work }, better);
      keep(run.layouts);
      if (!run.spent || ctx.budget.expired()) break;
    }
  }
  const finish = (layouts: readonly Layout[]): GroupPlan =>
    preferPriority(job, mergeLayouts(job, layouts), (c, cur) => rank.comparePrimary(c, cur) <= 0);
  let final = finish(best);
  // Stated for every plan of this cost, bars uncapped (bound.ts says why).
  const scope = { value: final.cost, bars: Number.POSITIVE_INFINITY, plan: final.layouts };
  let setupsBound =
    method === 'fewest_setups' || method === 'bundle'
      ? lowerBoundOnSetups(job, scope, stage.lp, stage.budget)
      : null;
  // Not proven: the exact search (exact.ts) on small groups, for fewer setups at no greater cost or the
  // proof that none exists (its bound holds for the cost above, which a plan it finds does not exceed).
  // Not under `bundle`, whose setups come after full-bundle bars.
  if (method === 'fewest_setups' && (setupsBound ?? 0) < countSetups(job, final.layouts)) {
    const exact = searchFewerSetups(job, final, stage.budget, better, setupsBound ?? 0);
    if (exact.plan !== final.layouts) final = finish(exact.plan);
    setupsBound = Math.max(setupsBound ?? 0, exact.bound);
  }
  // The plan is chosen: among the finished plans that tie with it on everything above (cost, bars,
  // setups, prioritised bars), the one whose saw stops move least. The bound holds for its cost too.
  if (ties !== null) {
    const chosen = final;
    const priority = priorityBars(job, chosen.layouts);
    final = fewestSawStops(
      chosen,
      ties.plans().map((p) => finish(p.layouts)),
      {
        ties: (c) => rank.comparePrimary(c, chosen) === 0 && priorityBars(job, c.layouts) === priority,
        sawStops: (c) => sawStopsOfPlan(job, c.layouts),
        next: (c) => c.layouts.length,
      },
    );
  }
  return { plan: final, setupsBound };
}

/** A merged plan's identity: its layouts (mergeLayouts sorts them) with their bars. */
function planKey(p: GroupPlan): string {
  return p.layouts.map((l) => `${patternKey(l.source, l.counts)}x${l.count}`).join(';');
}

interface Rank {
  /** The method's own objectives, smaller first. */
  primary(p: GroupPlan): number[];
  /** After those: prioritised bars and layouts, smaller first. */
  rest(p: GroupPlan): number[];
  /** The method's own objectives, negative when `p` is better. */
  comparePrimary(p: GroupPlan, q: GroupPlan): number;
}

function rankFor(
  job: Job,
  method: Method,
  bundleOf: ((source: number) => number | null) | undefined,
  searchBars: number,
): Rank {
  const primary = (p: GroupPlan): number[] => {
    if (method === 'fewest_setups') {
      const bars = purchasedBars(job, p.layouts);
      return [p.cost, bars > searchBars ? bars : 0, countSetups(job, p.layouts), bars];
    }
    if (method === 'bundle')
      return [p.cost, -bundleBarsOf(job, p.layouts, bundleOf ?? (() => null)), countSetups(job, p.layouts)];
    if (job.offcutsFirst) return [-offcutUsage(job, p.layouts), p.cost];
    return [p.cost];
  };
  const rest = (p: GroupPlan): number[] => [-priorityBars(job, p.layouts), p.layouts.length];
  return { primary, rest, comparePrimary: (p, q) => compareLex(primary(p), primary(q)) };
}
