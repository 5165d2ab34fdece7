import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { liftBound } from './achievable.ts';

describe('liftBound', () => {
  it.each([
    [
      'jumps to the incumbent when no bar mix lands in between',
      161_918,
      162_000,
      [60_000, 40_000, 12_345, 23_456],
      162_000,
    ],
    ['keeps a bound every integer can meet', 99_999, 100_005, [1], 99_999],
    ['keeps a bound two coprime costs can meet', 99_999, 100_005, [3, 2], 99_999],
    ['rounds up to the next sum of prices', 2_001, 3_000, [1_850, 1_320], 2_640],
  ])('%s', (_, bound, below, costs, want) => {
    expect(
      liftBound(
        bound,
        below,
        costs.map((cost) => ({ cost, lo: 0, hi: Number.POSITIVE_INFINITY })),
      ),
    ).toBe(want);
  });

  it('respects finite supply and branching minimums', () => {
    // One 5 and one 4 at most: sums 0, 4, 5, 9.
    const sources = [
      { cost: 5, lo: 0, hi: 1 },
      { cost: 4, lo: 0, hi: 1 },
    ];
    expect(liftBound(7, 10, sources)).toBe(9);
    // At least one 5: 5 and 9 are the only sums.
    expect(liftBound(1, 10, [{ cost: 5, lo: 1, hi: 1 }, sources[1] ?? { cost: 4, lo: 0, hi: 1 }])).toBe(5);
  });

  it('never passes a sum that is achievable (checked against enumeration)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cost: fc.integer({ min: 1, max: 30 }), hi: fc.integer({ min: 0, max: 4 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 40 }),
        (raw, bound, gap) => {
          const sources = raw.map((s) => ({ cost: s.cost, lo: 0, hi: s.hi }));
          const below = bound + gap;
          const sums = new Set<number>([0]);
          for (const s of sources) {
            for (const v of [...sums]) for (let n = 1; n <= s.hi; n++) sums.add(v + n * s.cost);
          }
          const smallest = Math.min(below, ...[...sums].filter((v) => v >= bound && v < below));
          expect(liftBound(bound, below, sources)).toBe(smallest);
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });
});
