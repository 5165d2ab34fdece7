import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planOf } from '../../../test/support/solver.ts';
import type { OptimiseResponse } from '../../types.ts';

/** What `balanced` minimises: money when priced, else purchased length. */
function objective(res: OptimiseResponse): number {
  if (res.stats.totalCost !== null) return res.stats.totalCost;
  return res.plan.purchases.reduce((a, p) => a + p.length * p.count, 0);
}

const job = fc
  .record({
    parts: fc.array(
      fc.record({ length: fc.integer({ min: 300, max: 2900 }), quantity: fc.integer({ min: 1, max: 12 }) }),
      { minLength: 1, maxLength: 7 },
    ),
    stockLengths: fc.uniqueArray(fc.constantFrom(3000, 4000, 6000), { minLength: 1, maxLength: 2 }),
    priced: fc.boolean(),
    kerf: fc.constantFrom(0, 3),
    bundleSize: fc.integer({ min: 2, max: 6 }),
    priority: fc.boolean(),
  })
  .map(({ parts, stockLengths, priced, kerf, bundleSize, priority }) => ({
    parts: parts.map((p, i) => ({ ...p, label: `p${i}` })),
    stocks: stockLengths.map((length, k) => ({
      length,
      price: priced ? length / 100 + 7 : null,
      bundleSize,
      ...(priority && k === 0 ? { priority: true } : {}),
    })),
    kerf,
  }));

describe('fewest_setups and bundle on random cut lists (seeded)', () => {
  it('match balanced’s proven value, never add setups, keep the bound below the count; plans verify', async () => {
    await fc.assert(
      fc.asyncProperty(job, async (body) => {
        // Before the fewer-bars pass, which the setups methods do not run (they keep the search's patterns).
        const balanced = await planOf({ ...body, method: 'balanced' }, { off: new Set(['fewer-bars']) });
        for (const method of ['fewest_setups', 'bundle'] as const) {
          const r = await planOf({ ...body, method });
          expect(r.plan.verified).toBe(true);
          if (balanced.plan.optimal) expect(objective(r)).toBe(objective(balanced));
          else expect(objective(r)).toBeLessThanOrEqual(objective(balanced));
          expect(r.stats.setupsLowerBound ?? 0).toBeLessThanOrEqual(r.stats.setups ?? 0);
          expect(r.stats.setupsOptimal).toBe(r.stats.setupsLowerBound === r.stats.setups);
          if (method === 'fewest_setups') {
            expect(r.plan.stockBarsUsed).toBeLessThanOrEqual(balanced.plan.stockBarsUsed);
            if (objective(r) === objective(balanced))
              expect(r.stats.setups ?? 0).toBeLessThanOrEqual(balanced.stats.setups ?? 0);
          } else {
            expect((r.stats.fullBundleBars ?? 0) + (r.stats.singleBars ?? 0)).toBe(r.plan.stockBarsUsed);
          }
        }
      }),
      { seed: 21, numRuns: 40 },
    );
  }, 240_000);
});
