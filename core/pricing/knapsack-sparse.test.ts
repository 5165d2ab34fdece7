import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveKnapsacks } from './knapsack.ts';
import { bruteForce } from './knapsack-brute-force.ts';
import { sparseKnapsack } from './knapsack-sparse.ts';

const instance = fc.record({
  items: fc.array(
    fc.record({
      value: fc.double({ min: 0, max: 5, noNaN: true }),
      weight: fc.integer({ min: 1, max: 60 }),
      bound: fc.integer({ min: 0, max: 4 }),
    }),
    { minLength: 1, maxLength: 7 },
  ),
  capacity: fc.integer({ min: 1, max: 150 }),
  /** Values proportional to weights (column generation's near-equal densities), with this much noise. */
  proportional: fc.constantFrom(null, 0, 0.01),
});

function load(counts: Int32Array, weights: readonly number[]): number {
  let sum = 0;
  counts.forEach((c, i) => {
    sum += c * (weights[i] ?? 0);
  });
  return sum;
}

describe('sparseKnapsack', () => {
  it('finds the optimum with a packing that fits and its own value, from any start', () => {
    fc.assert(
      fc.property(instance, fc.boolean(), ({ items, capacity, proportional }, seeded) => {
        const weights = items.map((i) => i.weight);
        const values = items.map((i) =>
          proportional === null ? i.value : i.weight * (1 + proportional * Math.sin(i.weight * 7 + i.value)),
        );
        const bounds = items.map((i) => i.bound);
        const truth = bruteForce(values, weights, bounds, capacity);
        // A start: one copy of the first item that fits, or nothing.
        const start = new Int32Array(items.length);
        const first = weights.findIndex((w, i) => w <= capacity && (bounds[i] ?? 0) > 0);
        if (seeded && first >= 0) start[first] = 1;
        const r = sparseKnapsack(
          Float64Array.from(values),
          weights,
          Int32Array.from(bounds),
          capacity,
          1e6,
          seeded ? start : undefined,
        );
        expect(r).not.toBeNull();
        if (!r) return;
        expect(r.exact).toBe(true);
        expect(r.value).toBeCloseTo(truth, 9);
        expect(r.upperBound).toBeGreaterThanOrEqual(truth - 1e-9);
        expect(load(r.counts, weights)).toBeLessThanOrEqual(capacity);
        let v = 0;
        r.counts.forEach((c, i) => {
          expect(c).toBeLessThanOrEqual(bounds[i] ?? 0);
          v += c * (values[i] ?? 0);
        });
        expect(v).toBeCloseTo(r.value, 9);
        for (const e of r.extra) expect(load(e, weights)).toBeLessThanOrEqual(capacity);
      }),
      { numRuns: 400 },
    );
  });

  it('matches the exact dense DP on many near-equal densities (the break walked down, not bisected)', () => {
    // Dozens of chunks and thousands of live states: the Dantzig bound's break pointer moves across many
    // chunks within one merge. (Any break gives a bound above the fractional one, each piece of that
    // concave function lying above it, so a misplaced break costs pruning, not the optimum; the replayed
    // GI calls in docs/solver.md show the answers unchanged to the bit.)
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 60 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 800, max: 4000 }),
        (n, seed, capacity) => {
          const weights = Array.from({ length: n }, (_, i) => 50 + ((seed * (i + 3) * 7919) % 700));
          const values = Float64Array.from(weights, (w, i) => w * (1 + 1e-3 * Math.sin(seed + i * 1.3)));
          const bounds = Int32Array.from({ length: n }, (_, i) => 1 + ((seed + i) % 4));
          const r = sparseKnapsack(values, weights, bounds, capacity, 1e7);
          const [dp] = solveKnapsacks({ values, weights: Float64Array.from(weights), bounds }, [capacity], {
            mode: 'exact',
          });
          expect(r?.exact).toBe(true);
          expect(r?.value ?? 0).toBeCloseTo(dp?.value ?? -1, 9);
          expect(load(r?.counts ?? new Int32Array(0), weights)).toBeLessThanOrEqual(capacity);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('gives up (null) past its state limit rather than answer inexactly', () => {
    const n = 40;
    const weights = Array.from({ length: n }, (_, i) => 1000 + 37 * i);
    const values = Float64Array.from(weights, (w, i) => w * (1 + 1e-3 * Math.sin(i)));
    expect(sparseKnapsack(values, weights, new Int32Array(n).fill(3), 20_000, 50)).toBeNull();
    expect(sparseKnapsack(values, weights, new Int32Array(n).fill(3), 20_000, 1e7)?.exact).toBe(true);
  });
});

describe('solveKnapsacks past the choice bitmap', () => {
  // 500 item types and a capacity of 1.5 million: 2.8 billion DP cells, far past the 40 million of the
  // choice bitmap, and near-equal densities, where the node-limited branch and bound stops inexact.
  const m = 500;
  const capacity = 1_500_000;
  const weights = Float64Array.from({ length: m }, (_, i) => 10_000 + ((i * 7919) % 990_000));
  const values = Float64Array.from(weights, (w, i) => (w / capacity) * (1 + 1e-3 * Math.sin(i * 1.7)));
  const bounds = Int32Array.from({ length: m }, (_, i) => 1 + (i % 12));

  it('certifies the optimum exactly with the sparse DP, where the branch and bound alone does not', () => {
    const [on] = solveKnapsacks({ values, weights, bounds }, [capacity], { mode: 'exact' });
    const [off] = solveKnapsacks({ values, weights, bounds }, [capacity], { mode: 'exact', sparse: false });
    expect(on?.exact).toBe(true);
    expect(off?.exact).toBe(false);
    // The exact value is the best of both, and within the looser bound the branch and bound reports.
    expect(on?.value).toBeGreaterThanOrEqual((off?.value ?? 0) - 1e-12);
    expect(on?.value).toBeLessThanOrEqual((off?.upperBound ?? 0) + 1e-12);
    expect(load(on?.counts ?? new Int32Array(0), [...weights])).toBeLessThanOrEqual(capacity);
  });
});
