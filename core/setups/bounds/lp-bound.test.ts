import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactSetups, tinyGroup, tinyJob } from '../../../test/support/exact-setups.ts';
import { onlyJob, testEngine, workBudget } from '../../../test/support/solver.ts';
import { solveGroup } from '../../square/search/solve-group.ts';
import { purchasedBars } from '../../square/setups/heuristics/oracle.ts';
import { countSetups } from '../count/count-setups.ts';
import { lowerBoundOnSetups, setupsLowerBound } from './lower-bound.ts';
import { setupsLpBound } from './lp-bound.ts';

describe('the LP bound on setups', () => {
  it('never exceeds the least setups of any plan within the value and bars, nor falls below the old bound (seeded)', async () => {
    const lp = await testEngine();
    await fc.assert(
      fc.asyncProperty(tinyJob, async ({ body, slack, capBars, rounds }) => {
        // Cut lists the finite supply cannot hold are refused before any solve: nothing to bound.
        const group = await tinyGroup(body);
        fc.pre(group !== null);
        if (!group) return;
        const { job, found } = group;
        // The value in job cost units, loosened by one unit now and then (a bound must hold at any value).
        const value = found.cost + slack;
        const bars = capBars ? purchasedBars(job, found.layouts) + slack : Number.POSITIVE_INFINITY;
        const setups = countSetups(job, found.layouts);
        const exact = exactSetups(job, value, bars, setups);
        const scope = { value, bars, plan: found.layouts };
        const { budget: safety } = await workBudget(100_000);
        const bound = lowerBoundOnSetups(job, scope, lp, safety, { rounds, knapsacks: 10_000 });
        expect(bound).toBeLessThanOrEqual(exact);
        expect(bound).toBeGreaterThanOrEqual(setupsLowerBound(job, value));
        // The LP alone, with no floor or target to stop at, at every round limit.
        const alone = setupsLpBound(
          job,
          { ...scope, target: Number.POSITIVE_INFINITY, floor: 0 },
          lp,
          safety,
          { rounds, knapsacks: 10_000 },
        );
        expect(alone.bound).toBeLessThanOrEqual(exact);
      }),
      { seed: 2109, numRuns: 150 },
    );
  }, 240_000);

  // Cut lists where every part pair fits one bar (so the old bound says 1 or 2) but the demands do not
  // share a pattern at the least bars; the exact minimum is checked by enumeration.
  it.each([
    { parts: '700x4,800x6,900x9,1100x2', stock: 3000, old: 2, least: 3 },
    { parts: '450x2,500x3,550x5,600x7,650x11', stock: 2000, old: 2, least: 4 },
    { parts: '300x7,400x5,500x3,700x2,800x1', stock: 2000, old: 2, least: 3 },
    { parts: '610x3,720x5,830x7,940x2', stock: 2400, old: 2, least: 3 },
  ])(
    '$parts from $stock: the LP bound rises above the old one',
    async ({ parts, stock, old, least }) => {
      const job = onlyJob({ parts, stockLength: stock, method: 'fewest_setups' });
      const { engine, budget } = await workBudget(2000);
      const found = solveGroup(job, engine, budget).plan;
      if (!found) throw new Error('no plan');
      const bars = purchasedBars(job, found.layouts);
      const setups = countSetups(job, found.layouts);
      const scope = { value: found.cost, bars, plan: found.layouts };
      const { budget: safety } = await workBudget(100_000);
      const bound = lowerBoundOnSetups(job, scope, await testEngine(), safety);
      expect(setupsLowerBound(job, found.cost)).toBe(old);
      expect(bound).toBeGreaterThan(old);
      expect(bound).toBeLessThanOrEqual(exactSetups(job, found.cost, bars, setups));
      expect(exactSetups(job, found.cost, bars, setups)).toBe(least);
    },
    60_000,
  );
});
