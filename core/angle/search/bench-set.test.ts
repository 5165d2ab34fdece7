/**
 * Every job of the benchmark's angle set (frames, stringers, trusses, railings over every symmetry) gets a
 * verified plan on a short work budget, its bound below its bars. The trusses with `Y`
 * once came back unverified (two bars with the same parts turned differently were taken for one layout).
 */
import { describe, expect, it } from 'vitest';
import { angleJobs } from '../../../test/fixtures/angle-jobs.ts';
import { planOf, stepClock } from '../../../test/support/solver.ts';

describe('the benchmark angle set', () => {
  it.each(angleJobs().map((j) => [j.name, j] as const))('%s: a verified plan', async (_, job) => {
    const r = await planOf(job.body, { budgetMs: 400, clock: stepClock(0.01) });
    expect(r.plan.verified).toBe(true);
    expect(r.plan.stockBarsLowerBound).toBeLessThanOrEqual(r.plan.stockBarsUsed);
  });
});
