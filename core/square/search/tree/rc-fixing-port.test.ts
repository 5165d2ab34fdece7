import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pricingQuery } from '../../../../test/support/pricing-query.ts';
import { onlyJob } from '../../../../test/support/solver.ts';
import { budgetOf, manualClock } from '../../../budget.ts';
import { createLpEngine } from '../../../optimise.ts';
import { type ArcBan, arcKey, arcsOf, crossesBan } from '../../../pricing/index.ts';
import { ColumnGeneration } from '../master/column-generation.ts';
import { SquarePricing } from '../master/square-pricing.ts';

// Reduced-cost fixing (technique `rc-fixing`) as the pricing port and the master apply it: at the root's
// demand (every tree node) no column crossing a fixed arc is offered and the value is the best bar left;
// elsewhere (dives) the ban does not apply.

function randomBan(m: number, capacity: number, seed: number, share: number): ArcBan {
  const width = capacity + 1;
  const cells = new Uint8Array(m * width);
  let s = seed >>> 0 || 1;
  for (let k = 0; k < cells.length; k++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    cells[k] = s / 2 ** 32 < share ? 1 : 0;
  }
  return { width, cells };
}

const job = fc
  .record({
    lengths: fc.uniqueArray(fc.integer({ min: 5, max: 60 }), { minLength: 2, maxLength: 6 }),
    quantities: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 6, maxLength: 6 }),
    stock: fc.integer({ min: 60, max: 130 }),
    limit: fc.integer({ min: 0, max: 20 }),
    pi: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 6, maxLength: 6 }),
    arcPattern: fc.option(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 6, maxLength: 6 })),
    sigma: fc.double({ min: -1, max: 1, noNaN: true }),
    seed: fc.integer({ min: 1, max: 2 ** 30 }),
    density: fc.double({ min: 0.05, max: 0.5, noNaN: true }),
  })
  .map(({ lengths, quantities, stock, limit, pi, arcPattern, sigma, seed, density }) => {
    const j = onlyJob({
      parts: lengths.map((length, i) => ({ length, quantity: quantities[i] ?? 1 })),
      stockLength: stock,
    });
    const weights = j.items.map((it) => it.weight);
    const arcs = new Map<string, number>();
    if (arcPattern) {
      const counts = Int32Array.from(j.items, (it, i) => Math.min(it.demand, arcPattern[i] ?? 0));
      for (const a of arcsOf(weights, 0, counts)) arcs.set(arcKey(a), sigma);
    }
    const capacity = j.sources[0]?.capacity ?? 0;
    return {
      job: j,
      limit,
      pi: Float64Array.from(j.items, (_, i) => pi[i] ?? 0),
      arcs,
      ban: randomBan(j.items.length, capacity, seed, density),
    };
  });

/** The best bar wasting at most `limit` and crossing no banned arc (−∞ when none). */
function bestAllowed(
  weights: readonly number[],
  demand: readonly number[],
  capacity: number,
  limit: number,
  ban: ArcBan | null,
  value: (counts: Int32Array) => number,
): number {
  let best = Number.NEGATIVE_INFINITY;
  const counts = new Int32Array(weights.length);
  const walk = (i: number, room: number): void => {
    if (i === weights.length) {
      if (room <= limit && !(ban && crossesBan(ban, weights, counts))) best = Math.max(best, value(counts));
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

describe('pricing with fixed arcs (technique rc-fixing)', () => {
  it('at the root demand offers no column through a fixed arc and prices the best bar left', () => {
    fc.assert(
      fc.property(job, ({ job: j, limit, pi, arcs, ban }) => {
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
        const query = (d: Int32Array) =>
          pricingQuery(j, pi, {
            demand: d,
            arcs,
            pricesOut: (c) => c.counts.some((k) => k > 0) && cost - value(c.counts) < -1e-9,
          });
        const seen: number[] = [];
        const fixing = { ban: () => ban, observe: (_: Float64Array, v: number) => seen.push(v) };
        const port = new SquarePricing(j, () => limit, true, true, false, undefined, fixing);
        const on = port.price(query(demand));
        const expected = bestAllowed(weights, [...demand], capacity, limit, ban, value);
        expect(on.exact).toBe(true);
        expect(on.values[0]).toBeCloseTo(Math.max(0, expected), 9);
        for (const c of on.columns) expect(crossesBan(ban, weights, c.counts)).toBe(false);
        if (cost - expected < -1e-6) expect(on.columns.length).toBeGreaterThan(0);
        // The root's rounds (no arc duals) report their duals and value to the fixing.
        if (arcs.size === 0) expect(seen).toEqual([on.values[0]]);
        // Without the waste limit the plain pricing answers: it still offers no column through a fixed
        // arc, and claims exactness only when its value covers the best bar left.
        const plain = new SquarePricing(j, null, true, true, false, undefined, fixing).price(query(demand));
        for (const c of plain.columns) expect(crossesBan(ban, weights, c.counts)).toBe(false);
        const anyBar = bestAllowed(weights, [...demand], capacity, capacity, ban, value);
        if (plain.exact) expect(plain.values[0]).toBeGreaterThanOrEqual(anyBar - 1e-6);
        // A dive's residual (less demand): the ban is not applied.
        const less = demand.map((d, i) => (i === 0 ? Math.max(0, d - 1) : d));
        const dive = port.price(query(Int32Array.from(less)));
        if (dive.exact) {
          const free = bestAllowed(weights, [...less], capacity, capacity, null, value);
          expect(dive.values[0]).toBeGreaterThanOrEqual(free - 1e-6);
        }
      }),
      { seed: 20261210, numRuns: 300 },
    );
  });
});

describe('the master with fixed arcs', () => {
  it('keeps columns through a fixed arc out of the LP at the root demand, not at a dive', async () => {
    const engine = await createLpEngine();
    const j = onlyJob({
      parts: [
        { length: 50, quantity: 2 },
        { length: 30, quantity: 2 },
        { length: 20, quantity: 2 },
      ],
      stockLength: 100,
    });
    const weights = j.items.map((it) => it.weight);
    const demand = Int32Array.from(j.items, (it) => it.demand);
    const hi = Float64Array.from(j.sources, (s) => s.supply);
    const root = { demand, lo: new Float64Array(1), hi, usage: 0 };
    // The arc "20 at 80" fixed: the full bars {50, 30, 20} and {30, 30, 20, 20} cross it, {50, 50} does
    // not. Without the ban the LP is 2 bars ({50, 30, 20} twice); with it, more.
    const ban: ArcBan = { width: 101, cells: new Uint8Array(3 * 101) };
    ban.cells[2 * 101 + 80] = 1;
    const cg = new ColumnGeneration(j, engine, root, { fixing: { ban: () => ban, observe: () => {} } });
    const c = cg.addColumn(0, Int32Array.from([1, 1, 1]));
    cg.addColumn(0, Int32Array.from([2, 0, 0]));
    cg.addColumn(0, Int32Array.from([0, 2, 2]));
    cg.banColumns((col) => crossesBan(ban, weights, col.counts));
    const budget = budgetOf(manualClock(), 1e9);
    const held = cg.solve(budget);
    expect(held.lpValue).toBeGreaterThan(2 + 1e-6);
    held.x.forEach((x, k) => {
      const col = cg.columns[k];
      if (col && crossesBan(ban, weights, col.counts)) expect(x).toBe(0);
    });
    // A dive's residual (one piece of each length left): one bar only with the columns through the
    // fixed arc ({50, 30, 20}, or half of {50, 50} and of {30, 30, 20, 20}): they are free again.
    cg.setResidual({ ...root, demand: Int32Array.from([1, 1, 1]) });
    expect(cg.solve(budget).lpValue).toBeCloseTo(1, 9);
    // Back at the root demand they are held again.
    cg.setResidual(root);
    const again = cg.solve(budget);
    expect(again.lpValue).toBeGreaterThan(2 + 1e-6);
    expect(again.x[c] ?? 0).toBe(0);
    cg.dispose();
  });
});
