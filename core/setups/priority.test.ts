/**
 * `priority: true` (the spec, material groups rule 2): among equally good plans the prioritised stock or
 * offcut is cut first, never at a cost. Each case runs with square ends and with the same parts mitred
 * (the angle stage), which must honour it the same way.
 */
import { describe, expect, it } from 'vitest';
import { planOf } from '../solver/test-support.ts';

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
