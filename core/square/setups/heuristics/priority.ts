/**
 * `priority: true` as an objective after the method's own: bars move to a prioritised source (stock or
 * offcut) whose bar takes their pieces, costs no more and has bars left, whenever the move keeps the
 * method's objectives (`keeps`); repeated until no move adds a prioritised bar.
 */
import type { Job } from '../../../model/index.ts';
import { type GroupPlan, type Layout, mergeLayouts, patternWeight, sourceUse } from '../../../model/index.ts';
import { PRIORITY_MOVES } from '../tuning.ts';

/** Bars a plan cuts from prioritised sources. */
export function priorityBars(job: Job, layouts: readonly Layout[]): number {
  let n = 0;
  for (const l of layouts) if (job.sources[l.source]?.priority) n += l.count;
  return n;
}

/** The plan with bars moved onto prioritised sources while `keeps(candidate, current)` holds. */
export function preferPriority(
  job: Job,
  plan: GroupPlan,
  keeps: (candidate: GroupPlan, current: GroupPlan) => boolean,
): GroupPlan {
  const targets = job.sources.map((_, k) => k).filter((k) => job.sources[k]?.priority);
  if (targets.length === 0) return plan;
  let current = plan;
  for (let moves = 0; moves < PRIORITY_MOVES; moves++) {
    const next = oneMove(job, current, targets, keeps);
    if (next === null) return current;
    current = next;
  }
  return current;
}

function oneMove(
  job: Job,
  plan: GroupPlan,
  targets: readonly number[],
  keeps: (candidate: GroupPlan, current: GroupPlan) => boolean,
): GroupPlan | null {
  const used = sourceUse(job, plan.layouts);
  for (let li = 0; li < plan.layouts.length; li++) {
    const l = plan.layouts[li];
    const from = l ? job.sources[l.source] : undefined;
    if (!l || !from || from.priority) continue;
    const weight = patternWeight(job, l.counts);
    for (const p of targets) {
      const to = job.sources[p];
      const left = (to?.supply ?? 0) - (used[p] ?? 0);
      if (!to || left < 1 || to.capacity < weight || to.cost > from.cost) continue;
      const moved = Math.min(l.count, left);
      const layouts = plan.layouts.flatMap((x, k) =>
        k !== li
          ? [x]
          : [
              { source: p, counts: x.counts, count: moved },
              ...(x.count > moved ? [{ ...x, count: x.count - moved }] : []),
            ],
      );
      const candidate = mergeLayouts(job, layouts);
      if (keeps(candidate, plan)) return candidate;
    }
  }
  return null;
}
