/**
 * `cheapestBarsCost`, the one cost of bars bought cheapest first: the setups bounds' (from none bought)
 * and the exact setups search's (the next bars after some are bought, core/setups/exact/exact-costs.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cheapestBarsCost } from './cheapest-bars.ts';

/** Every bar's cost, cheapest first: the `n` after the first `bought` are the ones paid for (no bars cost nothing). */
function byListing(sorted: readonly { cost: number; supply: number }[], n: number, bought: number): number {
  const bars = sorted.flatMap((b) => Array.from({ length: b.supply }, () => b.cost));
  if (n > 0 && bought + n > bars.length) return Number.POSITIVE_INFINITY;
  return bars.slice(bought, bought + n).reduce((a, c) => a + c, 0);
}

describe('cheapestBarsCost', () => {
  it.each([
    ['the cheapest first', 3, 0, 2 * 4 + 1 * 7],
    ['after the first one bought: the last cheap one, then dearer', 3, 1, 4 + 2 * 7],
    ['past the supply', 4, 2, Number.POSITIVE_INFINITY],
    ['none', 0, 5, 0],
    ['unlimited bars past the finite ones', 3, 5, 3 * 9],
  ])('%s', (_, n, bought, want) => {
    const sorted = [
      { cost: 4, supply: 2 },
      { cost: 7, supply: 3 },
      ...(want === Number.POSITIVE_INFINITY ? [] : [{ cost: 9, supply: Number.POSITIVE_INFINITY }]),
    ];
    expect(cheapestBarsCost(sorted, n, bought)).toBe(want);
  });

  it('is the sum of the n costs after the first `bought` in the cheapest-first listing', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ cost: fc.integer({ min: 0, max: 50 }), supply: fc.integer({ min: 0, max: 4 }) }),
          {
            maxLength: 5,
          },
        ),
        fc.nat(10),
        fc.nat(10),
        (bars, n, bought) => {
          const sorted = [...bars].sort((a, b) => a.cost - b.cost);
          expect(cheapestBarsCost(sorted, n, bought)).toBe(byListing(sorted, n, bought));
        },
      ),
      { seed: 7, numRuns: 500 },
    );
  });
});
