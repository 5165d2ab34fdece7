import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dpWithArcs, priceWithArcs, searchWithArcs } from './arc-pricing.ts';
import { type ArcBan, arcsOf, crossesBan } from './arcs.ts';

/** Value of a pattern under item values plus the duals of the arcs it uses (positions in canonical order). */
function patternValue(
  weights: readonly number[],
  values: readonly number[],
  duals: ReadonlyMap<number, ReadonlyMap<number, number>>,
  counts: Int32Array,
): number {
  let v = 0;
  counts.forEach((c, i) => {
    v += c * (values[i] ?? 0);
  });
  for (const a of arcsOf(weights, 0, counts)) v += duals.get(a.pos)?.get(a.item) ?? 0;
  return v;
}

/** Every pattern within the bounds that fits: the reference the DP must match. */
function bruteForce(
  weights: readonly number[],
  values: readonly number[],
  bounds: readonly number[],
  capacity: number,
  duals: ReadonlyMap<number, ReadonlyMap<number, number>>,
  minLoad = 0,
): number {
  let best = minLoad > 0 ? Number.NEGATIVE_INFINITY : 0;
  const counts = new Int32Array(weights.length);
  const walk = (i: number, room: number): void => {
    if (i === weights.length) {
      if (capacity - room >= minLoad) best = Math.max(best, patternValue(weights, values, duals, counts));
      return;
    }
    const w = weights[i] ?? 1;
    for (let c = 0; c <= (bounds[i] ?? 0) && c * w <= room; c++) {
      counts[i] = c;
      walk(i + 1, room - c * w);
    }
    counts[i] = 0;
  };
  walk(0, capacity);
  return best;
}

const instance = fc
  .record({
    unit: fc.integer({ min: 1, max: 7 }),
    items: fc.array(
      fc.record({
        weight: fc.integer({ min: 1, max: 12 }),
        value: fc.double({ min: 0, max: 4, noNaN: true }),
        bound: fc.integer({ min: 0, max: 6 }),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    capacity: fc.integer({ min: 1, max: 40 }),
    // Arcs on positions real patterns reach (random positions would rarely matter): arcs of a few random
    // patterns, each with a dual of either sign. Up to 6 copies, so the copy window of the DP fills and slides.
    patterns: fc.array(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 5, maxLength: 5 }), {
      minLength: 1,
      maxLength: 3,
    }),
    arcDuals: fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 1, maxLength: 6 }),
  })
  .map(({ unit, items, capacity, patterns, arcDuals }) => {
    // Longest first, like the job's items; every length on a grid of `unit` so the gcd path is exercised.
    const sorted = [...items].sort((a, b) => b.weight - a.weight);
    const weights = sorted.map((it) => it.weight * unit);
    const duals = new Map<number, Map<number, number>>();
    let k = 0;
    for (const pattern of patterns) {
      const counts = Int32Array.from(sorted, (_, i) => pattern[i] ?? 0);
      for (const a of arcsOf(weights, 0, counts)) {
        const byItem = duals.get(a.pos) ?? new Map<number, number>();
        byItem.set(a.item, arcDuals[k++ % arcDuals.length] ?? 0);
        duals.set(a.pos, byItem);
      }
    }
    return {
      weights,
      values: sorted.map((it) => it.value),
      bounds: sorted.map((it) => it.bound),
      capacity: capacity * unit + (unit > 1 ? unit - 1 : 0),
      duals,
    };
  });

type Pricer = (input: Parameters<typeof dpWithArcs>[0]) => { counts: Int32Array; value: number } | null;

// The DP alone, the branch and bound alone (no node limit), and the two together with a node limit so
// small that the search gives up and the DP answers.
const pricers: [string, Pricer][] = [
  ['the DP', dpWithArcs],
  ['the branch and bound', (input) => searchWithArcs(input, Number.POSITIVE_INFINITY)],
  ['the search falling back to the DP', (input) => priceWithArcs(input, 3)],
];

describe.each(pricers)('pricing with arc duals by %s', (_name, price) => {
  it('finds the best pattern under item values and arc duals, and the pattern it returns fits and earns it', () => {
    fc.assert(
      fc.property(instance, ({ weights, values, bounds, capacity, duals }) => {
        const got = price({ weights, values, bounds, capacity, arcDuals: duals });
        if (!got) throw new Error('no answer');
        const expected = bruteForce(weights, values, bounds, capacity, duals);
        expect(got.value).toBeCloseTo(expected, 9);
        let used = 0;
        got.counts.forEach((c, i) => {
          expect(c).toBeGreaterThanOrEqual(0);
          expect(c).toBeLessThanOrEqual(bounds[i] ?? 0);
          used += c * (weights[i] ?? 0);
        });
        expect(used).toBeLessThanOrEqual(capacity);
        expect(patternValue(weights, values, duals, got.counts)).toBeCloseTo(got.value, 9);
      }),
      { seed: 20261122, numRuns: 600 },
    );
  });
});

// The waste limit at tree nodes (technique `arc-waste`): only patterns loaded to at least `minLoad`. Items
// worth nothing may be needed to reach it, and no pattern may reach it at all (−∞).
describe.each(pricers)('pricing with arc duals and a least load by %s', (_name, price) => {
  it('finds the best pattern loaded to at least the least load, or none when no pattern reaches it', () => {
    fc.assert(
      fc.property(instance, fc.double({ min: 0, max: 1, noNaN: true }), (job, share) => {
        const { weights, values, bounds, capacity, duals } = job;
        const minLoad = Math.max(1, Math.round(share * capacity));
        const got = price({ weights, values, bounds, capacity, arcDuals: duals, minLoad });
        if (!got) throw new Error('no answer');
        const expected = bruteForce(weights, values, bounds, capacity, duals, minLoad);
        if (expected === Number.NEGATIVE_INFINITY) {
          expect(got.value).toBe(Number.NEGATIVE_INFINITY);
          return;
        }
        expect(got.value).toBeCloseTo(expected, 9);
        let used = 0;
        got.counts.forEach((c, i) => {
          expect(c).toBeGreaterThanOrEqual(0);
          expect(c).toBeLessThanOrEqual(bounds[i] ?? 0);
          used += c * (weights[i] ?? 0);
        });
        expect(used).toBeLessThanOrEqual(capacity);
        expect(used).toBeGreaterThanOrEqual(minLoad);
        expect(patternValue(weights, values, duals, got.counts)).toBeCloseTo(got.value, 9);
      }),
      { seed: 20261206, numRuns: 600 },
    );
  });
});

/** A random ban over the instance's positions (about `share` of the arcs), from a seed. */
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

/** The best pattern crossing no banned arc (brute force), loaded to at least `minLoad`. */
function bruteForceBanned(
  weights: readonly number[],
  values: readonly number[],
  bounds: readonly number[],
  capacity: number,
  duals: ReadonlyMap<number, ReadonlyMap<number, number>>,
  minLoad: number,
  ban: ArcBan,
): number {
  let best = minLoad > 0 ? Number.NEGATIVE_INFINITY : 0;
  const counts = new Int32Array(weights.length);
  const walk = (i: number, room: number): void => {
    if (i === weights.length) {
      if (capacity - room >= minLoad && !crossesBan(ban, weights, counts))
        best = Math.max(best, patternValue(weights, values, duals, counts));
      return;
    }
    const w = weights[i] ?? 1;
    for (let c = 0; c <= (bounds[i] ?? 0) && c * w <= room; c++) {
      counts[i] = c;
      walk(i + 1, room - c * w);
    }
    counts[i] = 0;
  };
  walk(0, capacity);
  return best;
}

// Reduced-cost fixing (technique `rc-fixing`): arcs fixed out are never crossed, and the best pattern
// left is still found (a pricing that missed it would make the bound too high: a false proof).
describe.each(pricers)('pricing with banned arcs by %s', (_name, price) => {
  it('never returns a pattern through a banned arc and finds the best pattern that crosses none', () => {
    fc.assert(
      fc.property(
        instance,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.double({ min: 0.05, max: 0.6, noNaN: true }),
        (job, share, seed, density) => {
          const { weights, values, bounds, capacity, duals } = job;
          const minLoad = share < 0.3 ? 0 : Math.round(share * capacity);
          const ban = randomBan(weights.length, capacity, seed, density);
          const got = price({ weights, values, bounds, capacity, arcDuals: duals, minLoad, ban });
          if (!got) throw new Error('no answer');
          const expected = bruteForceBanned(weights, values, bounds, capacity, duals, minLoad, ban);
          if (expected === Number.NEGATIVE_INFINITY) {
            expect(got.value).toBe(Number.NEGATIVE_INFINITY);
            return;
          }
          expect(got.value).toBeCloseTo(expected, 9);
          expect(crossesBan(ban, weights, got.counts)).toBe(false);
          let used = 0;
          got.counts.forEach((c, i) => {
            expect(c).toBeLessThanOrEqual(bounds[i] ?? 0);
            used += c * (weights[i] ?? 0);
          });
          expect(used).toBeLessThanOrEqual(capacity);
          expect(used).toBeGreaterThanOrEqual(minLoad);
          expect(patternValue(weights, values, duals, got.counts)).toBeCloseTo(got.value, 9);
        },
      ),
      { seed: 20261207, numRuns: 800 },
    );
  });
});
