/**
 * `priority: true` (the spec, material groups rule 2): among equally good plans the prioritised stock or
 * offcut is cut first, never at a cost. Each case runs with square ends and with the same parts mitred
 * (the angle stage), which must honour it the same way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planOf } from '../../../test/support/solver.ts';

type Mode = 'square' | 'mitred';
const MODES: readonly Mode[] = ['square', 'mitred'];

/** Parts of `length`×`quantity`, mitred 45°/45° (nesting when turned about X) in the mitred mode. */
const parts = (mode: Mode, length: number, quantity: number) =>
  mode === 'square'
    ? [{ length, quantity, label: 'frame' }]
    : [{ length, quantity, leftAngle: 45, rightAngle: 45, label: 'frame' }];
const cuts = (mode: Mode) =>
  mode === 'square' ? {} : { angleCuts: { enabled: true, width: 40, axialSymmetry: 'X' } };

describe.each(MODES)('priority with %s ends', (mode) => {
  it('cuts from the prioritised entry among equal stocks', async () => {
    const r = await planOf({
      parts: parts(mode, 1400, 8),
      stocks: [
        { length: 6000, quantity: 10 },
        { length: 6000, quantity: 10, priority: true },
      ],
      ...cuts(mode),
    });
    expect(r.plan.purchases.map((p) => p.stock)).toEqual([1]);
    expect(r.plan.verified).toBe(true);
  });

  it('fills the prioritised entry first and takes the rest from the other', async () => {
    const r = await planOf({
      parts: parts(mode, 1400, 8),
      stocks: [
        { length: 6000, quantity: 10 },
        { length: 6000, quantity: 1, priority: true },
      ],
      ...cuts(mode),
    });
    const from = (stock: number) => r.plan.purchases.find((p) => p.stock === stock)?.count ?? 0;
    expect(from(1)).toBe(1);
    expect(from(0)).toBe(r.plan.stockBarsUsed - 1);
  });

  it('uses the prioritised offcut among free ones', async () => {
    const r = await planOf({
      parts: parts(mode, 900, 1),
      stockLength: 6000,
      offcuts: [
        { length: 1000, quantity: 1 },
        { length: 1000, quantity: 1, priority: true },
      ],
      ...cuts(mode),
    });
    expect(r.plan.combinations.map((c) => [c.usedComb.source, c.usedComb.sourceIndex])).toEqual([
      ['offcut', 1],
    ]);
  });

  it('never pays for priority', async () => {
    const r = await planOf({
      parts: parts(mode, 900, 3),
      stocks: [
        { length: 3000, price: 10 },
        { length: 3000, price: 11, priority: true },
      ],
      ...cuts(mode),
    });
    expect(r.stats.totalCost).toBe(10);
    expect(r.meta.objective).toBe('cost');
  });

  it('never buys more material for priority', async () => {
    // One 3000 bar holds the parts; the prioritised 6000 would be longer at the same bar count.
    const r = await planOf({
      parts: parts(mode, 900, 3),
      stocks: [{ length: 3000 }, { length: 6000, priority: true }],
      ...cuts(mode),
    });
    expect(r.plan.purchases.map((p) => [p.stock, p.count])).toEqual([[0, 1]]);
  });

  it('prefers the prioritised entry under fewest_setups too', async () => {
    const r = await planOf({
      parts: parts(mode, 1400, 8),
      stocks: [
        { length: 6000, quantity: 10 },
        { length: 6000, quantity: 10, priority: true },
      ],
      method: 'fewest_setups',
      ...cuts(mode),
    });
    expect(r.plan.purchases.map((p) => p.stock)).toEqual([1]);
  });
});

describe('priority on random jobs', () => {
  // Identical entries but for `priority`: any bar on the plain one could move to the prioritised one at no
  // change to any objective, so the plan must leave the plain one alone while the other has bars left.
  const job = fc.record({
    mode: fc.constantFrom<Mode>('square', 'mitred'),
    parts: fc.array(
      fc.record({
        length: fc.integer({ min: 300, max: 2500 }),
        quantity: fc.integer({ min: 1, max: 6 }),
        leftAngle: fc.constantFrom(45, 60, 90, 135),
        rightAngle: fc.constantFrom(45, 90, 120),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    stockQuantity: fc.constantFrom(null, 1, 2),
    offcuts: fc.integer({ min: 0, max: 2 }),
    method: fc.constantFrom('balanced', 'least_waste', 'offcuts_first', 'fewest_setups'),
  });
  it('cuts from a plain entry only once its identical prioritised twin is used up', async () => {
    await fc.assert(
      fc.asyncProperty(job, async ({ mode, parts: ps, stockQuantity, offcuts, method }) => {
        const r = await planOf({
          parts: ps.map((p) =>
            mode === 'square' ? { length: p.length, quantity: p.quantity } : { ...p, label: 'p' },
          ),
          stocks: [
            { length: 6000 },
            { length: 6000, ...(stockQuantity === null ? {} : { quantity: stockQuantity }), priority: true },
          ],
          offcuts:
            offcuts === 0
              ? []
              : [
                  { length: 2600, quantity: 3 },
                  { length: 2600, quantity: offcuts, priority: true },
                ],
          method,
          ...cuts(mode),
        });
        const used = (source: 'stock' | 'offcut', index: number) =>
          r.plan.combinations
            .filter((c) => c.usedComb.source === source && c.usedComb.sourceIndex === index)
            .reduce((n, c) => n + c.count, 0);
        if (used('stock', 0) > 0) expect(used('stock', 1)).toBe(stockQuantity ?? Number.NaN);
        if (offcuts > 0 && used('offcut', 0) > 0) expect(used('offcut', 1)).toBe(offcuts);
      }),
      { seed: 32, numRuns: 30 },
    );
  }, 120_000);
});
