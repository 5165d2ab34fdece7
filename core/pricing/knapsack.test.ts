import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveKnapsack, solveKnapsacks } from './knapsack.ts';
import { branchAndBound } from './knapsack-bb.ts';
import { bruteForce } from './knapsack-brute-force.ts';

const instance = fc.record({
  items: fc.array(
    fc.record({
      value: fc.double({ min: 0, max: 5, noNaN: true }),
      weight: fc.integer({ min: 1, max: 60 }),
      bound: fc.integer({ min: 0, max: 3 }),
    }),
    { minLength: 1, maxLength: 7 },
  ),
  capacity: fc.integer({ min: 1, max: 150 }),
  scale: fc.constantFrom(1, 1e-13, 1e6),
});

describe('solveKnapsack', () => {
  it('finds the optimum and never reports a bound below it, in both modes and at any value scale', () => {
    fc.assert(
      fc.property(
        instance,
        fc.constantFrom('exact' as const, 'fast' as const),
        ({ items, capacity, scale }, mode) => {
          const values = items.map((i) => i.value * scale);
          const weights = items.map((i) => i.weight);
          const bounds = items.map((i) => i.bound);
          const truth = bruteForce(values, weights, bounds, capacity);
          const r = solveKnapsack(
            {
              values: Float64Array.from(values),
              weights: Float64Array.from(weights),
              bounds: Int32Array.from(bounds),
              capacity,
            },
            { mode },
          );
          let load = 0;
          r.counts.forEach((c, i) => {
            load += c * (weights[i] ?? 0);
            expect(c).toBeLessThanOrEqual(bounds[i] ?? 0);
          });
          expect(load).toBeLessThanOrEqual(capacity);
          expect(r.upperBound).toBeGreaterThanOrEqual(truth * (1 - 1e-12));
          if (r.exact) expect(r.value).toBeCloseTo(truth, 10);
        },
      ),
      { seed: 11, numRuns: 400 },
    );
  });

  it('keeps packings of tiny values (duals that all sit on a bar-count row) instead of pruning them away', () => {
    const values = Float64Array.from([2e-13, 1e-13, 3e-14]);
    const r = branchAndBound(
      values,
      Float64Array.from([40, 30, 20]),
      Int32Array.from([1, 2, 3]),
      100,
      1_000_000,
    );
    expect(r.value).toBeGreaterThan(0);
    expect(r.upperBound).toBeGreaterThanOrEqual(bruteForce([...values], [40, 30, 20], [1, 2, 3], 100));
  });

  it('branch and bound: the optimum when it finishes, a bound never below it when it stops', () => {
    // Values nearly proportional to weights (late column-generation duals): the bound decides what is
    // pruned, so a bound that is too low loses the optimum here.
    const nearlyProportional = fc.record({
      items: fc.array(
        fc.record({
          weight: fc.integer({ min: 1, max: 40 }),
          noise: fc.integer({ min: -20, max: 20 }),
          bound: fc.integer({ min: 1, max: 3 }),
        }),
        { minLength: 2, maxLength: 7 },
      ),
      capacity: fc.integer({ min: 10, max: 120 }),
    });
    let stopped = 0;
    fc.assert(
      fc.property(nearlyProportional, fc.integer({ min: 0, max: 60 }), ({ items, capacity }, nodeLimit) => {
        const values = items.map((i) => i.weight * (1 + i.noise / 200));
        const weights = items.map((i) => i.weight);
        const bounds = items.map((i) => i.bound);
        const truth = bruteForce(values, weights, bounds, capacity);
        const r = branchAndBound(
          Float64Array.from(values),
          weights,
          Int32Array.from(bounds),
          capacity,
          nodeLimit,
        );
        expect(r.upperBound).toBeGreaterThanOrEqual(truth * (1 - 1e-12));
        if (r.exact) expect(r.value).toBeCloseTo(truth, 10);
        else stopped++;
      }),
      { seed: 14, numRuns: 600 },
    );
    expect(stopped).toBeGreaterThan(30);
  });

  it('certifies, in exact mode, the answers of a fast round that stopped early, for every capacity', () => {
    let resumed = 0;
    fc.assert(
      fc.property(
        instance,
        fc.integer({ min: 1, max: 999 }),
        fc.boolean(),
        ({ items, capacity }, jitter, resume) => {
          // Fine-grained lengths (a 1,000× scale with odd remainders) keep this off the small exact DP.
          const weights = items.map((i, k) => i.weight * 1000 + ((jitter * (k + 1)) % 1000));
          const values = Float64Array.from(items, (i) => i.value);
          const bounds = Int32Array.from(items, (i) => i.bound);
          const capacities = [capacity * 1000, Math.ceil(capacity * 600)];
          const input = { values, weights: Float64Array.from(weights), bounds };
          const quick = capacities.map((c) => branchAndBound(values, weights, bounds, c, 0));
          const out = solveKnapsacks(input, capacities, { mode: 'exact', quick, resume });
          capacities.forEach((c, k) => {
            const r = out[k];
            const truth = bruteForce([...values], weights, [...bounds], c);
            expect(r?.exact).toBe(true);
            expect(r?.value).toBeCloseTo(truth, 10);
            let load = 0;
            r?.counts.forEach((n, i) => {
              load += n * (weights[i] ?? 0);
            });
            expect(load).toBeLessThanOrEqual(c);
            if (!quick[k]?.exact) resumed++;
          });
        },
      ),
      { seed: 13, numRuns: 200 },
    );
    // Some fast answers must really have stopped early for this to check anything.
    expect(resumed).toBeGreaterThan(30);
  });

  it('hands back extra packings from the branch and bound that fit, differ, and are worth no more than the best', () => {
    let withExtras = 0;
    fc.assert(
      fc.property(instance, ({ items, capacity }) => {
        const values = Float64Array.from(items, (i) => i.value);
        const weights = Float64Array.from(items, (i) => i.weight);
        const bounds = Int32Array.from(items, (i) => i.bound);
        const r = branchAndBound(values, weights, bounds, capacity, 1_000_000);
        const keys = new Set([r.counts.join(',')]);
        for (const extra of r.extra) {
          let load = 0;
          let value = 0;
          extra.forEach((c, i) => {
            expect(c).toBeGreaterThanOrEqual(0);
            expect(c).toBeLessThanOrEqual(bounds[i] ?? 0);
            load += c * (weights[i] ?? 0);
            value += c * (values[i] ?? 0);
          });
          expect(load).toBeLessThanOrEqual(capacity);
          expect(value).toBeLessThanOrEqual(r.value * (1 + 1e-12));
          keys.add(extra.join(','));
        }
        expect(keys.size).toBe(1 + r.extra.length);
        if (r.extra.length > 0) withExtras++;
      }),
      { seed: 12, numRuns: 300 },
    );
    // The property must have had something to check.
    expect(withExtras).toBeGreaterThan(10);
  });
});
