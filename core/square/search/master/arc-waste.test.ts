import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pricingQuery } from '../../../../test/support/pricing-query.ts';
import { onlyJob } from '../../../../test/support/solver.ts';
import { arcKey, arcsOf } from '../../../pricing/index.ts';
import { SquarePricing } from './square-pricing.ts';

// The waste limit at tree nodes (technique `arc-waste`): with arc duals, the port prices only bars that
// waste at most the limit, exactly, by the arc DP; switched off it prices every bar as before.
const job = fc
  .record({
    lengths: fc.uniqueArray(fc.integer({ min: 5, max: 60 }), { minLength: 2, maxLength: 6 }),
    quantities: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 6, maxLength: 6 }),
    stock: fc.integer({ min: 60, max: 130 }),
    limit: fc.integer({ min: 0, max: 20 }),
    pi: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 6, maxLength: 6 }),
    patterns: fc.array(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 6, maxLength: 6 }), {
      minLength: 1,
      maxLength: 3,
    }),
    sigmas: fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 5 }),
  })
  .map(({ lengths, quantities, stock, limit, pi, patterns, sigmas }) => {
    const j = onlyJob({
      parts: lengths.map((length, i) => ({ length, quantity: quantities[i] ?? 1 })),
      stockLength: stock,
    });
    const weights = j.items.map((it) => it.weight);
    const arcs = new Map<string, number>();
    let k = 0;
    for (const p of patterns) {
      const counts = Int32Array.from(j.items, (it, i) => Math.min(it.demand, p[i] ?? 0));
      for (const a of arcsOf(weights, 0, counts)) arcs.set(arcKey(a), sigmas[k++ % sigmas.length] ?? 0);
    }
    return { job: j, limit, pi: Float64Array.from(j.items, (_, i) => pi[i] ?? 0), arcs };
  });

/** Value of a pattern under item and arc duals; the best of every pattern wasting at most `limit`. */
function bestFullEnough(
  weights: readonly number[],
  demand: readonly number[],
  capacity: number,
  limit: number,
  value: (counts: Int32Array) => number,
): number {
  let best = Number.NEGATIVE_INFINITY;
  const counts = new Int32Array(weights.length);
  const walk = (i: number, room: number): void => {
    if (i === weights.length) {
      if (room <= limit) best = Math.max(best, value(counts));
      return;
    }
    for (let c = 0; c <= (demand[i] ?? 0) && c * (weights[i] ?? 0) <= room; c++) {
      counts[i] = c;
      walk(i + 1, room - c * (weights[i] ?? 0));
    }
    counts[i] = 0;
  };
  walk(0, capacity);
  return best;
}

describe('waste limit at nodes with arc duals (technique arc-waste)', () => {
  it('prices exactly the best bar wasting at most the limit, and offers only such bars', () => {
    fc.assert(
      fc.property(job, ({ job: j, limit, pi, arcs }) => {
        // A node below an arc branch (without arc duals the root's waste-limited DP answers either way).
        fc.pre(arcs.size > 0);
        const weights = j.items.map((it) => it.weight);
        const demand = Int32Array.from(j.items, (it) => it.demand);
        const capacity = j.sources[0]?.capacity ?? 0;
        const cost = j.sources[0]?.cost ?? 1;
        const value = (counts: Int32Array): number => {
          let v = 0;
          counts.forEach((c, i) => {
            v += c * (pi[i] ?? 0);
          });
          for (const a of arcsOf(weights, 0, counts)) v += arcs.get(arcKey(a)) ?? 0;
          return v;
        };
        const query = pricingQuery(j, pi, {
          arcs,
          pricesOut: (c) => c.counts.some((k) => k > 0) && cost - value(c.counts) < -1e-9,
        });
        const on = new SquarePricing(j, () => limit, true, true).price(query);
        const expected = bestFullEnough(weights, [...demand], capacity, limit, value);
        expect(on.exact).toBe(true);
        expect(on.values[0]).toBeCloseTo(Math.max(0, expected), 9);
        for (const c of on.columns) {
          const load = c.counts.reduce((a, k, i) => a + k * (weights[i] ?? 0), 0);
          expect(load).toBeLessThanOrEqual(capacity);
          expect(load).toBeGreaterThanOrEqual(capacity - limit);
          expect(value(c.counts)).toBeCloseTo(expected, 9);
        }
        // The best such bar enters whenever it prices out.
        if (cost - expected < -1e-6) expect(on.columns.length).toBe(1);
        // Off: every bar is priced, so its value bound is at least the unlimited best.
        const off = new SquarePricing(j, () => limit, true, false).price(query);
        const unlimited = bestFullEnough(weights, [...demand], capacity, capacity, value);
        if (off.exact) expect(off.values[0]).toBeGreaterThanOrEqual(unlimited - 1e-6);
      }),
      { seed: 20261206, numRuns: 300 },
    );
  });

  it("reports a node's duals and best bar to node-level fixing, by either DP", () => {
    fc.assert(
      fc.property(job, fc.boolean(), ({ job: j, limit, pi, arcs }, several) => {
        fc.pre(arcs.size > 0);
        const query = pricingQuery(j, pi, { arcs, pricesOut: () => true });
        const seen: number[] = [];
        const fixing = {
          ban: () => null,
          observe: () => {},
          observeNode: (p: Float64Array, a: readonly unknown[], _r: unknown, value: number) => {
            expect(p).toBe(pi);
            expect(a).toBe(query.arcs);
            seen.push(value);
          },
        };
        const pricing = new SquarePricing(j, () => limit, true, true, false, undefined, fixing);
        // Both of the node's DPs (arc-waste-columns on: the waste DP; off: the arc DP) feed the fixing.
        pricing.arcColumnsOn = several;
        const out = pricing.price(query);
        expect(seen).toEqual([out.values[0]]);
      }),
      { seed: 20261207, numRuns: 100 },
    );
  });
});
