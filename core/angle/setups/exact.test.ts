/**
 * The exact setups search over relaxed sequences (setups-exact.ts) against exhaustive search on small
 * random mitred jobs: what it proves never exceeds the fewest setups of any plan at the least bar count,
 * and every plan it returns cuts the demand exactly on bars that fit, at no greater cost.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exhaustive, smallAngleJob, smallJob } from '../../../test/support/angle-setups.ts';
import { testEngine, workBudget } from '../../../test/support/solver.ts';
import type { AngleJob, SeqBar } from '../search/job.ts';
import { planCostOf, spanOf } from '../search/plan.ts';
import { solveAngleGroup } from '../search/search.ts';
import { countBarSetups } from './count.ts';
import { searchFewerAngleSetups } from './exact.ts';
import { shapeClasses } from './lp.ts';

const fewer =
  (j: AngleJob) =>
  (a: readonly SeqBar[], b: readonly SeqBar[]): boolean =>
    planCostOf(j, a) <= planCostOf(j, b) && countBarSetups(j, a) < countBarSetups(j, b);

function expectValid(j: AngleJob, bars: readonly SeqBar[]): void {
  const cut = new Int32Array(j.shapes.length);
  for (const b of bars) {
    expect(spanOf(j, b)).toBeLessThanOrEqual(j.base.sources[b.source]?.length ?? 0);
    for (const p of b.pieces) cut[p.shape] = (cut[p.shape] ?? 0) + 1;
  }
  expect([...cut]).toEqual(j.shapes.map((s) => s.demand));
}

describe('the angle exact setups search', () => {
  it('proves no more than the fewest setups, finds no fewer, and returns valid plans (exhaustive, small jobs)', async () => {
    const lp = await testEngine();
    let proofs = 0;
    let searched = 0;
    await fc.assert(
      fc.asyncProperty(smallAngleJob, async (body) => {
        const j = smallJob(body);
        if (!j) return;
        const least = exhaustive(j);
        if (!Number.isFinite(least.bars)) return;
        const sc = shapeClasses(j);
        const { budget } = await workBudget(100_000);
        // From a least plan: it can only prove it (or not).
        const cost = planCostOf(j, least.plan);
        const out = searchFewerAngleSetups(j, sc, least.plan, cost, 0, budget, fewer(j));
        expect(out.bound).toBeLessThanOrEqual(least.setups);
        expect(countBarSetups(j, out.bars)).toBe(least.setups);
        if (out.bound === least.setups) proofs++;
        // From the search's plan at the same cost: never below the least, always a valid plan.
        const { budget: short } = await workBudget(200);
        const found = solveAngleGroup(j, lp, short, () => null);
        if (!found || planCostOf(j, found.bars) !== cost) return;
        const from = searchFewerAngleSetups(j, sc, found.bars, cost, 0, budget, fewer(j));
        expect(from.bound).toBeLessThanOrEqual(least.setups);
        expect(countBarSetups(j, from.bars)).toBeGreaterThanOrEqual(least.setups);
        expect(planCostOf(j, from.bars)).toBeLessThanOrEqual(cost);
        expectValid(j, from.bars);
        searched++;
      }),
      { seed: 2026, numRuns: 150 },
    );
    // The search proves most of these small jobs minimal.
    expect(proofs).toBeGreaterThan(50);
    expect(searched).toBeGreaterThan(50);
  }, 120_000);
});
