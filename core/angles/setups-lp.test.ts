/**
 * The pattern-minimisation LP bound over sequence patterns (setups-lp.ts) against exhaustive search on
 * small random mitred jobs, stopped after any number of rounds, and through `optimise` on frames where the
 * combinatorial bound is weak.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exhaustive, smallAngleJob, smallJob } from '../../test/support/angle-setups.ts';
import { planOf, testEngine, workBudget } from '../../test/support/solver.ts';
import { angleSetupsLowerBound } from './setups-bound.ts';
import { angleSetupsLpBound } from './setups-lp.ts';

describe('the angle setups LP bound', () => {
  it('never exceeds the fewest setups of any plan at the least bar count, at any stop (exhaustive, small jobs)', async () => {
    const lp = await testEngine();
    let rises = 0;
    await fc.assert(
      fc.asyncProperty(smallAngleJob, fc.constantFrom(1, 2, 3, 60), async (body, rounds) => {
        const j = smallJob(body);
        if (!j) return;
        const { bars, setups, plan } = exhaustive(j);
        if (!Number.isFinite(bars)) return;
        // Unpriced, one stock length: the cost is the bar count. No floor, so the LP alone is checked.
        const { budget } = await workBudget(100_000);
        const bound = angleSetupsLpBound(j, plan, bars, 0, lp, budget, { rounds, knapsacks: 10_000 });
        expect(bound).toBeLessThanOrEqual(setups);
        if (bound > angleSetupsLowerBound(j, bars)) rises++;
      }),
      { seed: 2031, numRuns: 150 },
    );
    // The LP proves more than the combinatorial bound somewhere in the set.
    expect(rises).toBeGreaterThan(0);
  }, 120_000);

  it('lifts the bound of frames whose pieces never nest, and stays within the setups found', async () => {
    // 45°/45° frames with no turn allowed: no two pieces nest, each takes its length and a blade.
    const parts = [
      [1210, 6],
      [830, 6],
      [760, 4],
      [1450, 4],
      [600, 2],
      [1130, 2],
      [1740, 4],
      [950, 8],
    ].map(([length, quantity]) => ({ length, quantity, leftAngle: 45, rightAngle: 45 }));
    const r = await planOf({
      parts,
      stockLength: 6000,
      kerf: 3,
      angleCuts: { enabled: true, width: 60, axialSymmetry: 'none' },
      method: 'fewest_setups',
    });
    expect(r.plan.verified).toBe(true);
    const bound = r.stats.setupsLowerBound ?? 0;
    expect(bound).toBeLessThanOrEqual(r.stats.setups ?? 0);
    expect(r.stats.setupsOptimal).toBe(bound === r.stats.setups);
    expect(bound).toBeGreaterThan(4);
  }, 60_000);
});
