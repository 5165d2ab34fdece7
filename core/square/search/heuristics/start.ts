/**
 * The square search's first plans: the greedy packings offered to the incumbent before any LP.
 */
import { anchorOffcuts } from '../../../bounds/index.ts';
import { type Incumbent, type Job, patternWeight } from '../../../model/index.ts';
import { downsize, greedyPack, sourcePreference } from './greedy.ts';

/**
 * The first plans of a job, offered to the incumbent: first-fit and best-fit decreasing, each also moved
 * to the cheapest sources its bars fit, and under `offcuts_first` a greedy completion of the offcut bars
 * of the usage matching (so the first plan already uses the most offcut material).
 */
export function offerGreedyPlans(job: Job, inc: Incumbent, demand: Int32Array, supply: Float64Array): void {
  const weightOf = (c: Int32Array): number => patternWeight(job, c);
  const pref = sourcePreference(job);
  for (const rule of ['first', 'best'] as const) {
    const bars = greedyPack(job, rule, demand, supply, pref);
    inc.offer(bars);
    if (bars) inc.offer(downsize(job, bars, supply, weightOf));
    if (job.offcutsFirst) {
      // Start from the offcut bars of the usage matching, so the first plan already uses U*.
      const anchored = anchorOffcuts(job, demand, supply);
      const rest = supply.slice();
      for (const b of anchored.bars) rest[b.source] = (rest[b.source] ?? 0) - 1;
      inc.offer(greedyPack(job, rule, anchored.left, rest, pref, anchored.bars));
    }
  }
}
