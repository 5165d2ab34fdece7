import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packExactly } from './exact-pack.ts';

describe('packExactly', () => {
  it('packs perfect triplets into exactly full bars', () => {
    // 1000 = 500 + 300 + 200, three times.
    const out = packExactly({
      weights: [500, 300, 200],
      counts: Int32Array.from([3, 3, 3]),
      capacity: 1000,
      bars: 3,
      nodeLimit: 10_000,
    });
    expect(out.status).toBe('packed');
  });

  it('proves a packing impossible when lengths alone allow it but pieces do not', () => {
    // 3 × 600 = 1800 ≤ 2 × 1000, but each bar takes one 600.
    const out = packExactly({
      weights: [600],
      counts: Int32Array.from([3]),
      capacity: 1000,
      bars: 2,
      nodeLimit: 10_000,
    });
    expect(out.status).toBe('impossible');
  });

  it('handles hundreds of item types without deep recursion', () => {
    const weights = Array.from({ length: 300 }, (_, i) => 400 - i);
    const out = packExactly({
      weights,
      counts: new Int32Array(300).fill(1),
      capacity: 1000,
      bars: 120,
      nodeLimit: 50_000,
    });
    expect(['packed', 'unknown']).toContain(out.status);
  });

  it('returns only packings that hold every piece within the bars (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 5, max: 60 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 5, maxLength: 5 }),
        fc.integer({ min: 1, max: 6 }),
        (ws, cs, bars) => {
          const weights = [...ws].sort((a, b) => b - a);
          const counts = Int32Array.from(weights, (_, i) => cs[i] ?? 0);
          const out = packExactly({ weights, counts, capacity: 100, bars, nodeLimit: 100_000 });
          if (out.status !== 'packed') return;
          expect(out.bars.length).toBeLessThanOrEqual(bars);
          const cut = new Int32Array(weights.length);
          for (const b of out.bars) {
            let load = 0;
            b.forEach((c, i) => {
              cut[i] = (cut[i] ?? 0) + c;
              load += c * (weights[i] ?? 0);
            });
            expect(load).toBeLessThanOrEqual(100);
          }
          expect([...cut]).toEqual([...counts]);
        },
      ),
      { seed: 5, numRuns: 300 },
    );
  });
});
