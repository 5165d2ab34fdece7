/**
 * Re-solving part of a plan: the sequential heuristic's last steps cut what is left of many lines on few
 * bars, one pattern each. This takes some setups (the tail: those with the fewest bars; or a
 * neighbourhood: setups sharing piece lengths), puts their pieces back, and runs the steps again on them
 * alone, with the cost and bars they had; a result is kept when the whole plan ranks better (setups
 * shared with the rest of the plan cost nothing).
 */
import type { Budget } from '../../../budget.ts';
import { type Job, type Layout, mergeLayouts, planCost } from '../../../model/index.ts';
import { TAILS } from '../tuning.ts';
import { purchasedBars } from './oracle.ts';
import { type Oracle, runSteps, type State, type StepOptions } from './sequential.ts';

/** The plan with its tail re-solved where that ranks better (by `options.better` on whole plans). */
export function resolveTail(
  job: Job,
  layouts: readonly Layout[],
  oracle: Oracle,
  budget: Budget,
  options: StepOptions,
  capBars: boolean,
): Layout[] {
  let plan = [...mergeLayouts(job, layouts).layouts];
  for (const size of TAILS) {
    if (budget.expired() || plan.length <= size) continue;
    const order = [...plan].sort((a, b) => a.count - b.count);
    plan = resolvePart(job, plan, order.slice(0, size), oracle, budget, options, capBars);
  }
  return plan;
}

/**
 * The plan with the setups `part` (layouts of `plan`) cut again by the sequential heuristic, where that
 * ranks better; else the plan.
 */
export function resolvePart(
  job: Job,
  plan: readonly Layout[],
  part: readonly Layout[],
  oracle: Oracle,
  budget: Budget,
  options: StepOptions,
  capBars: boolean,
): Layout[] {
  const keep = plan.filter((l) => !part.includes(l));
  const demand = new Int32Array(job.items.length);
  for (const l of part)
    l.counts.forEach((a, i) => {
      demand[i] = (demand[i] ?? 0) + a * l.count;
    });
  const supply = Float64Array.from(job.sources, (s) => s.supply);
  for (const l of keep) supply[l.source] = (supply[l.source] ?? 0) - l.count;
  const start: State = {
    taken: [],
    demand,
    supply,
    room: planCost(job, part),
    bars: capBars ? purchasedBars(job, part) : Number.POSITIVE_INFINITY,
    rest: part,
  };
  const whole = (sub: readonly Layout[]): Layout[] => [...keep, ...sub];
  const { best } = runSteps(job, start, oracle, budget, {
    ...options,
    better: (a, b) => options.better(whole(a), whole(b)),
  });
  const candidate = whole(best);
  return options.better(candidate, plan) ? [...mergeLayouts(job, candidate).layouts] : [...plan];
}
