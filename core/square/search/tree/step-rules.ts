/**
 * How the square dives step (whole parts, a share of the bars, or single bars), by the job's kinds of bar,
 * item types and root LP.
 */
import { type Job, LARGE_JOB_ITEM_TYPES } from '../../../model/index.ts';
import type { StepRule } from './dive.ts';
import { SHARE_MIN_BARS } from './tuning.ts';

/**
 * How the first dive steps: whole parts, except in large one-bar jobs, whose dives must turn on single
 * bars to find perfect packings; those still fix a share of the bars at each node when the root LP uses
 * many bars (one node per bar does not finish in the budget).
 */
export function firstDiveRule(job: Job, rootX: Float64Array): StepRule {
  if (job.sources.length > 1 || job.items.length < LARGE_JOB_ITEM_TYPES) return 'whole parts';
  let rootBars = 0;
  for (const v of rootX) rootBars += v;
  return rootBars >= SHARE_MIN_BARS ? 'share' : 'single bar';
}

/**
 * How the later dives step (discrepancy dives, dives from the tree's top nodes): single bars in one-bar
 * jobs (what finds their perfect packings), whole parts in jobs with several kinds of bar.
 */
export function laterDiveRule(job: Job): StepRule {
  return job.sources.length > 1 ? 'whole parts' : 'single bar';
}
