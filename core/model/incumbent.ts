/**
 * The best plan found so far, shared by every phase of a search (it only improves), and the check of whether
 * a set of bars is a plan.
 */
import type { Job } from './job.ts';
import {
  better,
  type GroupPlan,
  isShort,
  itemTotals,
  keptCost,
  type Layout,
  mergeLayouts,
  offcutUsage,
  planCost,
  substituteShortages,
  trimExcess,
  winsTie,
} from './plan.ts';

/** The search state shared by the phases: the incumbent only ever improves. */
export class Incumbent {
  plan: GroupPlan | null = null;

  private readonly job: Job;
  private readonly usageTarget: number;

  constructor(job: Job, usageTarget: number) {
    this.job = job;
    this.usageTarget = usageTarget;
  }

  /** Flaws found in offered plans (a bug upstream); tests assert there are none. */
  readonly rejected: string[] = [];

  /**
   * Takes the plan if it is better. A plan that misses demand, overfills a bar or overdraws a supply is a
   * bug upstream: it is refused (and recorded) rather than allowed to become the incumbent.
   */
  offer(offered: readonly Layout[] | null, from = 'search'): void {
    if (!offered) return;
    // Each item's total over the bars is worked out once and shared by the checks below (each used to
    // add the bars up itself, four times an offer). Only a plan that substitution changed is added up again.
    let bars = offered;
    let made = itemTotals(this.job, bars);
    if (isShort(this.job, made)) {
      bars = substituteShortages(this.job, offered) ?? offered;
      made = itemTotals(this.job, bars);
    }
    const flaw = flawOf(this.job, bars, made);
    if (flaw !== null) {
      this.rejected.push(`${from} offered a plan that ${flaw}`);
      return;
    }
    // A dearer plan loses whatever its layouts, so it is not merged and sorted (that cost a tenth of the
    // solve time on practical jobs, whose dives offer several plans a node). Under offcuts_first the offcut
    // usage ranks first. The bars trimming cannot empty already cost more than the incumbent in most such
    // offers (all 773 dearer ones of 1,943 on twelve slow practical jobs), so those are not trimmed either.
    const dearer = (cost: number): boolean =>
      this.plan !== null && !this.job.offcutsFirst && cost > this.plan.cost;
    if (dearer(keptCost(this.job, bars, made))) return;
    // The untrimmed bars keep their counts arrays (not copied at every offer); a plan taken is copied.
    const trimmed = trimExcess(this.job, bars, made, true);
    const cost = planCost(this.job, trimmed);
    if (dearer(cost)) return;
    // At the incumbent's cost only a tie-break can make it better: checked before the merge.
    const tie = this.plan !== null && !this.job.offcutsFirst && cost === this.plan.cost;
    if (tie && this.plan && !winsTie(this.job, trimmed, this.plan)) return;
    const plan = mergeLayouts(this.job, trimmed);
    if (better(this.job, plan, this.plan)) {
      this.plan = owned(plan);
      this.job.observer?.best(plan.cost);
    }
  }

  /** A completion costing this much or more cannot improve the incumbent. */
  pruneAt(): number {
    const p = this.plan;
    if (!p) return Number.POSITIVE_INFINITY;
    if (this.job.offcutsFirst && offcutUsage(this.job, p.layouts) < this.usageTarget)
      return Number.POSITIVE_INFINITY;
    return p.cost;
  }
}

/**
 * The plan with counts arrays of its own: an offer's trimmed bars may share the offered bars' arrays, which
 * the offering phase still holds.
 */
function owned(plan: GroupPlan): GroupPlan {
  return { ...plan, layouts: plan.layouts.map((l) => ({ ...l, counts: l.counts.slice() })) };
}

/**
 * Why a set of bars is not a plan (demand not covered, supply overdrawn, a bar overfull), or null. `cut`
 * is the bars' {@link itemTotals}.
 */
function flawOf(job: Job, bars: readonly Layout[], cut: Float64Array): string | null {
  const m = job.items.length;
  const used = new Float64Array(job.sources.length);
  for (const b of bars) {
    const source = job.sources[b.source];
    if (!source) return `uses source ${b.source}, which does not exist`;
    let load = 0;
    for (let i = 0; i < m; i++) load += (b.counts[i] ?? 0) * (job.items[i]?.weight ?? 0);
    if (load > source.capacity) return `overfills a bar of source ${b.source}`;
    used[b.source] = (used[b.source] ?? 0) + b.count;
  }
  for (let i = 0; i < m; i++)
    if ((cut[i] ?? 0) < (job.items[i]?.demand ?? 0)) return `cuts too few of item ${i}`;
  for (let k = 0; k < job.sources.length; k++) {
    if ((used[k] ?? 0) > (job.sources[k]?.supply ?? 0)) return `uses more bars of source ${k} than exist`;
  }
  return null;
}
