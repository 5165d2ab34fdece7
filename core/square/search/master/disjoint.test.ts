import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pricingQuery } from '../../../../test/support/pricing-query.ts';
import { onlyJob } from '../../../../test/support/solver.ts';
import { SquarePricing } from './square-pricing.ts';

// Disjoint bars a round (technique `disjoint-columns`): a priced round adds bars from fresh quick
// searches over the pieces its earlier bars left, each pricing out; the round's values, bound and
// exactness stay the first search's.

describe('which jobs get disjoint bars', () => {
  const many = (n: number, capacity: number) =>
    onlyJob({
      parts: Array.from({ length: n }, (_, i) => ({
        length: 101 + ((997 * i) % Math.floor(capacity / 3)),
        quantity: 3,
      })),
      stockLength: capacity,
    });
  it.each([
    ['500 lengths, a 500,000 bar (past the choice bitmap)', many(500, 500_000), true],
    ['150 lengths, a 300,000 bar (90 M cells: within the waste DP, as AI 1002)', many(150, 300_000), false],
    ['99 lengths, a 500,000 bar (not a large job)', many(99, 500_000), false],
    ['500 lengths, a 10,000 bar (the dense DP fits)', many(500, 10_000), false],
  ])('%s: %s', (_name, job, want) => {
    expect(SquarePricing.wantsDisjoint(job)).toBe(want);
  });
});

describe('disjoint bars a round', () => {
  const job = fc
    .record({
      lengths: fc.uniqueArray(fc.integer({ min: 5, max: 60 }), { minLength: 4, maxLength: 9 }),
      quantities: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 9, maxLength: 9 }),
      stock: fc.integer({ min: 60, max: 150 }),
      noise: fc.array(fc.double({ min: 0, max: 0.2, noNaN: true }), { minLength: 9, maxLength: 9 }),
    })
    .map(({ lengths, quantities, stock, noise }) => {
      const j = onlyJob({
        parts: lengths.map((length, i) => ({ length, quantity: quantities[i] ?? 1 })),
        stockLength: stock,
      });
      const c = j.sources[0]?.capacity ?? 1;
      // Near-equal densities a little over a bar's cost a bar: many bars price out.
      const pi = Float64Array.from(j.items, (it, i) => (it.weight / c) * (1.05 + (noise[i] ?? 0)));
      return { job: j, pi };
    });

  it('adds only improving bars, none taking a piece another extra bar took; the bound as before', () => {
    fc.assert(
      fc.property(job, ({ job: j, pi }) => {
        const demand = Int32Array.from(j.items, (it) => it.demand);
        const value = (counts: Int32Array): number => counts.reduce((a, k, i) => a + k * (pi[i] ?? 0), 0);
        const query = pricingQuery(j, pi, {
          pricesOut: (c) => c.counts.some((k) => k > 0) && value(c.counts) > 1 + 1e-9,
        });
        const on = new SquarePricing(j);
        on.disjointOn = true;
        const a = on.price(query);
        const b = new SquarePricing(j).price(query);
        expect(a.values).toEqual(b.values);
        expect(a.exact).toBe(b.exact);
        expect(a.columns.slice(0, b.columns.length)).toEqual(b.columns);
        const extra = a.columns.slice(b.columns.length);
        const used = new Int32Array(demand.length);
        for (const c of extra) {
          expect(value(c.counts)).toBeGreaterThan(1);
          c.counts.forEach((k, i) => {
            used[i] = (used[i] ?? 0) + k;
          });
        }
        used.forEach((k, i) => {
          expect(k).toBeLessThanOrEqual(demand[i] ?? 0);
        });
        if (b.columns.length === 0) expect(extra).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
