import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ArcBan, crossesBan } from './arcs.ts';
import { wasteLimitedKnapsack } from './waste-limited.ts';

// Reduced-cost fixing (technique `rc-fixing`) in the waste-limited DP: a banned arc (item j starting at
// position p, items in index order) is never crossed, and the best pattern left is still found.

const instance = fc.record({
  items: fc.array(
    fc.record({
      value: fc.double({ min: 0, max: 1, noNaN: true }),
      weight: fc.oneof(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 10 }).map((w) => 3 * w),
      ),
      bound: fc.integer({ min: 0, max: 4 }),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  capacity: fc.integer({ min: 1, max: 80 }),
  limit: fc.integer({ min: 0, max: 30 }),
  seed: fc.integer({ min: 1, max: 2 ** 30 }),
  density: fc.double({ min: 0.05, max: 0.6, noNaN: true }),
});

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

/** Every pattern of waste at most `limit` crossing no banned arc, with its value. */
function allowed(
  values: number[],
  weights: number[],
  bounds: number[],
  capacity: number,
  limit: number,
  ban: ArcBan,
): { counts: Int32Array; value: number }[] {
  const out: { counts: Int32Array; value: number }[] = [];
  const counts = new Int32Array(values.length);
  const walk = (i: number, room: number, value: number): void => {
    if (i === values.length) {
      if (room <= limit && !crossesBan(ban, weights, counts)) out.push({ counts: counts.slice(), value });
      return;
    }
    const w = weights[i] ?? 1;
    for (let c = 0; c <= (bounds[i] ?? 0) && c * w <= room; c++) {
      counts[i] = c;
      walk(i + 1, room - c * w, value + c * (values[i] ?? 0));
    }
    counts[i] = 0;
  };
  walk(0, capacity, 0);
  return out;
}

describe('wasteLimitedKnapsack with banned arcs', () => {
  // With the walk for extra bars (its table's rows written by the sweep) and without (no rows).
  it.each([
    { walk: 'with', more: { above: 0, count: 8, perItem: 2, steps: 10_000 } },
    { walk: 'without', more: undefined },
  ])(
    'finds the best allowed pattern and offers none, extra ones included, through a banned arc ($walk the walk)',
    ({ more }) => {
      fc.assert(
        fc.property(instance, ({ items, capacity, limit, seed, density }) => {
          const values = items.map((i) => i.value);
          const weights = items.map((i) => i.weight);
          const bounds = items.map((i) => i.bound);
          const ban = randomBan(items.length, capacity, seed, density);
          const all = allowed(values, weights, bounds, capacity, limit, ban);
          const got = wasteLimitedKnapsack(
            Float64Array.from(values),
            weights,
            Int32Array.from(bounds),
            capacity,
            limit,
            more,
            ban,
          );
          if (all.length === 0) {
            expect(got).toBeNull();
            return;
          }
          if (!got) throw new Error('no pattern found where one exists');
          expect(got.value).toBeCloseTo(Math.max(...all.map((p) => p.value)), 9);
          for (const counts of [got.counts, ...got.extra]) {
            expect(crossesBan(ban, weights, counts)).toBe(false);
            let load = 0;
            counts.forEach((c, i) => {
              expect(c).toBeLessThanOrEqual(bounds[i] ?? 0);
              load += c * (weights[i] ?? 0);
            });
            expect(load).toBeLessThanOrEqual(capacity);
            expect(load).toBeGreaterThanOrEqual(capacity - limit);
          }
        }),
        { seed: 20261208, numRuns: 800 },
      );
    },
  );
});
