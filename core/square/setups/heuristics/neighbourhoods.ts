/**
 * A large-neighbourhood search on setups: pattern merging by pairs stalls (McDiarmid 1999), so this
 * re-solves larger groups of setups at once. Each setup in turn (fewest bars first) with the setups that
 * share most piece lengths with it is cut again by the sequential heuristic (tail.ts) within the cost and
 * bars the group had; an improvement restarts the round.
 */
import type { Budget } from '../../../budget.ts';
import { type Job, type Layout, mergeLayouts } from '../../../model/index.ts';
import { NEIGHBOURHOOD_SIZE } from '../tuning.ts';
import type { Oracle, StepOptions } from './sequential.ts';
import { resolvePart } from './tail.ts';

/** The plan after re-solving neighbourhoods while the budget lasts and one improves. */
export function searchNeighbourhoods(
  job: Job,
  layouts: readonly Layout[],
  oracle: Oracle,
  budget: Budget,
  options: StepOptions,
  capBars: boolean,
  size: number = NEIGHBOURHOOD_SIZE,
): Layout[] {
  let plan = [...mergeLayouts(job, layouts).layouts];
  let k = 0;
  while (k < plan.length && plan.length > size && !budget.expired()) {
    const order = plan.map((l, i) => ({ l, i })).sort((a, b) => a.l.count - b.l.count || a.i - b.i);
    const seed = order[k]?.l;
    if (!seed) break;
    const near = plan
      .filter((l) => l !== seed)
      .map((l, i) => ({ l, i, shared: shared(seed, l) }))
      .sort((a, b) => b.shared - a.shared || a.l.count - b.l.count || a.i - b.i)
      .slice(0, size - 1)
      .map((x) => x.l);
    const next = resolvePart(job, plan, [seed, ...near], oracle, budget, options, capBars);
    if (options.better(next, plan)) {
      plan = next;
      k = 0;
    } else k++;
  }
  return plan;
}

/** Piece lengths two setups share, plus one when they are cut from the same source. */
function shared(a: Layout, b: Layout): number {
  let n = a.source === b.source ? 1 : 0;
  a.counts.forEach((c, i) => {
    if (c > 0 && (b.counts[i] ?? 0) > 0) n++;
  });
  return n;
}
