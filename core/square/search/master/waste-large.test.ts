import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pricingQuery } from '../../../../test/support/pricing-query.ts';
import { onlyJob } from '../../../../test/support/solver.ts';
import { SquarePricing } from './square-pricing.ts';

// Waste-limited pricing past the DP's first cap (technique `waste-limit-large`): after the first calls the
// port prices only bars wasting at most the limit even where the DP is over its first cap; before them,
// and with the switch off, such a job gets the plain pricing of every bar. Tiny caps stand in for 40 M and
// 100 M cells.
const job = fc
  .record({
    lengths: fc.uniqueArray(fc.integer({ min: 5, max: 60 }), { minLength: 2, maxLength: 6 }),
    quantities: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 6, maxLength: 6 }),
    stock: fc.integer({ min: 60, max: 130 }),
    limit: fc.integer({ min: 0, max: 20 }),
    pi: fc.array(fc.double({ min: 0, max: 0.05, noNaN: true }), { minLength: 6, maxLength: 6 }),
  })
  .map(({ lengths, quantities, stock, limit, pi }) => {
    const j = onlyJob({
      parts: lengths.map((length, i) => ({ length, quantity: quantities[i] ?? 1 })),
      stockLength: stock,
    });
    return { job: j, limit, pi: Float64Array.from(j.items, (_, i) => pi[i] ?? 0) };
  });

/** The best value of a pattern wasting at most `limit` (−∞ when none), by enumeration. */
function bestWithin(
  weights: readonly number[],
  demand: readonly number[],
  pi: Float64Array,
  capacity: number,
  limit: number,
): number {
  let best = Number.NEGATIVE_INFINITY;
  const walk = (i: number, room: number, v: number): void => {
    if (i === weights.length) {
      if (room <= limit) best = Math.max(best, v);
      return;
    }
    for (let c = 0; c <= (demand[i] ?? 0) && c * (weights[i] ?? 0) <= room; c++)
      walk(i + 1, room - c * (weights[i] ?? 0), v + c * (pi[i] ?? 0));
  };
  walk(0, capacity, 0);
  return best;
}

describe('waste-limited pricing past the first cap (technique waste-limit-large)', () => {
  it('prices only bars within the limit, exactly, once the first calls are past; every bar before', () => {
    fc.assert(
      fc.property(job, ({ job: j, limit, pi }) => {
        const weights = j.items.map((it) => it.weight);
        const demand = Int32Array.from(j.items, (it) => it.demand);
        const capacity = j.sources[0]?.capacity ?? 0;
        fc.pre(limit < capacity);
        const load = (counts: Int32Array): number => counts.reduce((a, k, i) => a + k * (weights[i] ?? 0), 0);
        const query = pricingQuery(j, pi, { pricesOut: (c) => c.counts.some((k) => k > 0) });
        // No DP fits the first cap; every DP fits the large one after two calls.
        const caps = { cells: 1, largeCells: 1e9, largeAfterCalls: 2 };
        const on = new SquarePricing(j, () => limit, true, true, true, caps);
        const off = new SquarePricing(j, () => limit, true, true, false, caps);
        const within = bestWithin(weights, [...demand], pi, capacity, limit);
        const every = bestWithin(weights, [...demand], pi, capacity, capacity);
        for (let call = 1; call <= 4; call++) {
          const a = on.price(query);
          const b = off.price(query);
          if (b.exact) expect(b.values[0]).toBeCloseTo(Math.max(0, every), 9);
          // The packer's schedule weighs the large DP's calls (technique `large-round-share`): counted
          // only once the large DP answers, never with the switch off.
          expect(on.largeCalls).toBe(Math.max(0, call - 2));
          expect(off.largeCalls).toBe(0);
          if (call <= 2) {
            expect(a.values).toEqual(b.values);
            continue;
          }
          expect(a.exact).toBe(true);
          expect(a.values[0]).toBeCloseTo(Math.max(0, within), 9);
          for (const c of a.columns) {
            expect(load(c.counts)).toBeLessThanOrEqual(capacity);
            expect(capacity - load(c.counts)).toBeLessThanOrEqual(limit);
          }
        }
      }),
      { seed: 20261206, numRuns: 200 },
    );
  });
});
