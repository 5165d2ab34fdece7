/**
 * The pattern-minimisation LP bound over sequence patterns (setups-lp.ts) against exhaustive search on
 * small random mitred jobs, stopped after any number of rounds, and through `optimise` on frames where the
 * combinatorial bound is weak.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { angleJobs } from '../../../test/fixtures/angle-jobs.ts';
import { exhaustive, smallAngleJob, smallJob } from '../../../test/support/angle-setups.ts';
import { planOf, testEngine, workBudget } from '../../../test/support/solver.ts';
import { parseOptimiseBody } from '../../request/index.ts';
import { buildAngleJobs } from '../search/job.ts';
import { planCostOf } from '../search/plan.ts';
import { solveAngleGroup } from '../search/search.ts';
import { angleSetupsLowerBound } from './bound.ts';
import { fewestAngleSetups } from './fewest-setups.ts';
import { angleSetupsLpBound } from './lp.ts';

describe('the angle setups LP bound', () => {
  it('never exceeds the fewest setups of any plan at the least bar count, at any stop (exhaustive, small jobs)', async () => {
    const lp = await testEngine();
    await fc.assert(
      fc.asyncProperty(smallAngleJob, fc.constantFrom(1, 2, 3, 60), async (body, rounds) => {
        const j = smallJob(body);
        if (!j) return;
        const { bars, setups, plan } = exhaustive(j);
        if (!Number.isFinite(bars)) return;
        // Unpriced, one stock length: the cost is the bar count. No floor, so the LP alone is checked.
        const { budget } = await workBudget(100_000);
        const bound = angleSetupsLpBound(j, plan, bars, 0, lp, budget, {
          rounds,
          knapsacks: 10_000,
        });
        expect(bound).toBeLessThanOrEqual(setups);
      }),
      { seed: 2026, numRuns: 150 },
    );
  }, 120_000);

  // Jobs of the benchmark set (test/fixtures/angle-jobs.ts) where the combinatorial bound stops one short:
  // the LP proves railings-XYZ minimal, the exact search over relaxed sequences stringers-Z.
  it.each([
    { name: 'railings-XYZ', old: 3, proven: 4 },
    { name: 'stringers-Z', old: 2, proven: 3 },
  ])(
    'proves $name minimal at $proven setups (the combinatorial bound: $old)',
    async ({ name, old, proven }) => {
      const job = angleJobs().find((j) => j.name === name);
      if (!job) throw new Error(name);
      const body = { ...job.body, method: 'fewest_setups' };
      const r = await planOf(body);
      expect(r.plan.verified).toBe(true);
      expect(r.stats).toMatchObject({ setups: proven, setupsLowerBound: proven, setupsOptimal: true });
      const parsed = parseOptimiseBody(body, 'json');
      if (!parsed.ok) throw new Error(parsed.error.message);
      const [j] = buildAngleJobs(parsed.value);
      if (!j) throw new Error('no group');
      // The stage on the search's plan: the bound it states, and the combinatorial one at its plan's cost.
      const { budget } = await workBudget(100_000);
      const lp = await testEngine();
      const found = solveAngleGroup(j, lp, budget, () => null);
      if (!found) throw new Error('no plan');
      const staged = fewestAngleSetups(j, found.bars, lp, budget);
      expect(staged.setupsBound).toBe(proven);
      expect(angleSetupsLowerBound(j, planCostOf(j, staged.bars))).toBe(old);
    },
    60_000,
  );
});
