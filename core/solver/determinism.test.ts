import { describe, expect, it } from 'vitest';
import { practicalJob } from '../../bench/practical.ts';
import { planOf, stepClock } from './test-support.ts';

/** The response without the figures that are allowed to differ (time). */
function comparable(res: Awaited<ReturnType<typeof planOf>>): unknown {
  const { solveTimeMs: _t, ...plan } = res.plan as typeof res.plan & { solveTimeMs?: number };
  return { ...res, plan, meta: undefined };
}

// Practical jobs that go past the first dive into the short branch and price and the discrepancy dives
// (several kinds of bar, offcuts, least waste): where the search hands over between phases.
const SEEDS = [2, 8, 51, 100, 133];

describe('the same request on a fast and a slow machine', () => {
  it.each(SEEDS)('gives the same plan when the search ends at a proof (practical seed %i)', async (seed) => {
    const body = practicalJob(seed);
    // Same work, clocks ten times apart: every phase switch measured in time would fall elsewhere.
    const fast = await planOf(body, { budgetMs: 60_000, clock: stepClock(0.0005) });
    const slow = await planOf(body, { budgetMs: 60_000, clock: stepClock(0.005) });
    expect(fast.plan.optimal).toBe(true);
    expect(slow.plan.optimal).toBe(true);
    expect(comparable(slow)).toEqual(comparable(fast));
  });
});
