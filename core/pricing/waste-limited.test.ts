import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wasteLimitedKnapsack } from './waste-limited.ts';

/** Every count vector of waste at most `limit` (tiny instances only), with its value. */
function allPatterns(
  values: number[],
  weights: number[],
  bounds: number[],
  capacity: number,
  limit: number,
): { counts: number[]; value: number }[] {
  const out: { counts: number[]; value: number }[] = [];
  const counts: number[] = [];
  const walk = (i: number, room: number, value: number): void => {
    if (i === values.length) {
      if (room <= limit) out.push({ counts: [...counts], value });
      return;
    }
    const w = weights[i] ?? 1;
    for (let c = 0; c <= (bounds[i] ?? 0) && c * w <= room; c++) {
      counts[i] = c;
      walk(i + 1, room - c * w, value + c * (values[i] ?? 0));
    }
  };
  walk(0, capacity, 0);
  return out;
}

const instance = fc.record({
  items: fc.array(
    fc.record({
      value: fc.double({ min: 0, max: 1, noNaN: true }),
      // Multiples of 3 as well, so the gcd scaling and its rounding of the waste limit are exercised.
      weight: fc.oneof(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 16 }).map((w) => 3 * w),
      ),
      bound: fc.integer({ min: 0, max: 3 }),
    }),
    { minLength: 1, maxLength: 7 },
  ),
  capacity: fc.integer({ min: 1, max: 120 }),
  limit: fc.integer({ min: 0, max: 30 }),
});

function loadOf(counts: ArrayLike<number>, weights: number[]): number {
  let load = 0;
  for (let i = 0; i < weights.length; i++) load += (counts[i] ?? 0) * (weights[i] ?? 0);
  return load;
}

describe('wasteLimitedKnapsack', () => {
  it('finds the best pattern of waste at most the limit, or null when there is none', () => {
    fc.assert(
      fc.property(instance, ({ items, capacity, limit }) => {
        const values = items.map((i) => i.value);
        const weights = items.map((i) => i.weight);
        const bounds = items.map((i) => i.bound);
        const all = allPatterns(values, weights, bounds, capacity, limit);
        const r = wasteLimitedKnapsack(
          Float64Array.from(values),
          weights,
          Int32Array.from(bounds),
          capacity,
          limit,
        );
        if (all.length === 0) {
          expect(r).toBeNull();
          return;
        }
        expect(r).not.toBeNull();
        if (!r) return;
        const best = Math.max(...all.map((p) => p.value));
        expect(r.value).toBeCloseTo(best, 9);
        const load = loadOf(r.counts, weights);
        expect(load).toBeLessThanOrEqual(capacity);
        expect(capacity - load).toBeLessThanOrEqual(limit);
        r.counts.forEach((c, i) => {
          expect(c).toBeLessThanOrEqual(bounds[i] ?? 0);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('reads further patterns off its table: distinct, within the limit, worth more than asked, disjoint', () => {
    fc.assert(
      fc.property(
        instance,
        fc.double({ min: 0, max: 1.5, noNaN: true }),
        ({ items, capacity, limit }, above) => {
          const values = items.map((i) => i.value);
          const weights = items.map((i) => i.weight);
          const bounds = items.map((i) => i.bound);
          const r = wasteLimitedKnapsack(
            Float64Array.from(values),
            weights,
            Int32Array.from(bounds),
            capacity,
            limit,
            {
              above,
              count: 5,
              perItem: 1,
              steps: 10_000,
            },
          );
          if (!r) return;
          const seen = new Set([r.counts.join(',')]);
          const used = r.counts.map((c) => (c > 0 ? 1 : 0));
          expect(r.extra.length).toBeLessThanOrEqual(5);
          for (const counts of r.extra) {
            const key = counts.join(',');
            expect(seen.has(key)).toBe(false);
            seen.add(key);
            const load = loadOf(counts, weights);
            expect(load).toBeLessThanOrEqual(capacity);
            expect(capacity - load).toBeLessThanOrEqual(limit);
            let value = 0;
            counts.forEach((c, i) => {
              expect(c).toBeLessThanOrEqual(bounds[i] ?? 0);
              value += c * (values[i] ?? 0);
              if (c > 0) used[i] = (used[i] ?? 0) + 1;
            });
            expect(value).toBeGreaterThan(above);
          }
          // perItem 1: no item in two of the patterns returned (the first one included).
          for (const u of used) expect(u).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('finds every disjoint improving bar of a job whose bars are all full', () => {
    // Three full bars of 100 from pieces 50+30+20, 60+40, 70+30: at values w/100 + ε each is worth more
    // than 1, and no two share a piece.
    const weights = [50, 30, 20, 60, 40, 70, 30];
    const values = Float64Array.from(weights, (w) => w / 100 + 0.01);
    const bounds = Int32Array.from(weights, () => 1);
    const r = wasteLimitedKnapsack(values, weights, bounds, 100, 0, {
      above: 1,
      count: 5,
      perItem: 1,
      steps: 10_000,
    });
    expect(r).not.toBeNull();
    if (!r) return;
    const bars = [r.counts, ...r.extra];
    expect(bars).toHaveLength(3);
    const cover = new Int32Array(weights.length);
    for (const b of bars) {
      expect(loadOf(b, weights)).toBe(100);
      b.forEach((c, i) => {
        cover[i] = (cover[i] ?? 0) + c;
      });
    }
    expect([...cover]).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  // Over exact loads (a ban, or arc duals) the walk reads a table the sweep writes row by row, rows below a
  // chunk's weight copied from the row before: the same three bars must come out of it.
  it.each([
    { label: 'an empty ban', ban: { width: 101, cells: new Uint8Array(7 * 101) }, arcs: null },
    { label: 'an arc dual', ban: null, arcs: new Map([[0, new Map([[5, 0.001]])]]) },
  ])('finds every disjoint improving bar over exact loads ($label)', ({ ban, arcs }) => {
    const weights = [50, 30, 20, 60, 40, 70, 30];
    const values = Float64Array.from(weights, (w) => w / 100 + 0.01);
    const bounds = Int32Array.from(weights, () => 1);
    const more = { above: 1, count: 5, perItem: 1, steps: 10_000 };
    const r = wasteLimitedKnapsack(values, weights, bounds, 100, 0, more, ban, arcs);
    expect(r).not.toBeNull();
    if (!r) return;
    const bars = [r.counts, ...r.extra];
    expect(bars).toHaveLength(3);
    const cover = new Int32Array(weights.length);
    for (const b of bars) {
      expect(loadOf(b, weights)).toBe(100);
      b.forEach((c, i) => {
        cover[i] = (cover[i] ?? 0) + c;
      });
    }
    expect([...cover]).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
});
