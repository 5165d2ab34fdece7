import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ArcBan, arcsOf, crossesBan } from './arcs.ts';
import { wasteLimitedKnapsack } from './waste-limited.ts';

// Arc duals in the waste-limited DP (technique `arc-waste-columns`): each piece earns the dual of the arc it
// starts (item j at position p, items laid in index order), so the DP's value is the best pattern of waste
// at most the limit with its arc duals, as an enumeration finds it, a ban honoured too; and every further
// pattern it reads off is within the limit, crosses no banned arc and is worth more than asked.

const instance = fc.record({
  items: fc.array(
    fc.record({
      value: fc.double({ min: 0, max: 1, noNaN: true }),
      weight: fc.oneof(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 10 }).map((w) => 2 * w),
      ),
      bound: fc.integer({ min: 0, max: 3 }),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  capacity: fc.integer({ min: 1, max: 70 }),
  limit: fc.integer({ min: 0, max: 30 }),
  duals: fc.array(
    fc.record({
      pos: fc.integer({ min: 0, max: 70 }),
      item: fc.integer({ min: 0, max: 5 }),
      dual: fc.double({ min: -1, max: 1, noNaN: true }),
    }),
    { maxLength: 12 },
  ),
  banned: fc.array(
    fc.record({ pos: fc.integer({ min: 0, max: 70 }), item: fc.integer({ min: 0, max: 5 }) }),
    {
      maxLength: 6,
    },
  ),
});

/** Every pattern of waste at most `limit` (crossing no banned arc), with its value arc duals included. */
function best(
  values: number[],
  weights: number[],
  bounds: number[],
  capacity: number,
  limit: number,
  value: (counts: Int32Array) => number,
  ban: ArcBan | null,
): number {
  let top = Number.NEGATIVE_INFINITY;
  const counts = new Int32Array(values.length);
  const walk = (i: number, room: number): void => {
    if (i === values.length) {
      if (room <= limit && !(ban && crossesBan(ban, weights, counts))) top = Math.max(top, value(counts));
      return;
    }
    for (let c = 0; c <= (bounds[i] ?? 0) && c * (weights[i] ?? 0) <= room; c++) {
      counts[i] = c;
      walk(i + 1, room - c * (weights[i] ?? 0));
    }
    counts[i] = 0;
  };
  walk(0, capacity);
  return top;
}

describe('waste-limited DP with arc duals (technique arc-waste-columns)', () => {
  it('finds the best pattern within the limit, arc duals and ban included; its extra patterns are valid', () => {
    fc.assert(
      fc.property(instance, ({ items, capacity, limit, duals, banned }) => {
        const values = items.map((it) => it.value);
        const weights = items.map((it) => it.weight);
        const bounds = items.map((it) => it.bound);
        const arcDuals = new Map<number, Map<number, number>>();
        for (const d of duals) {
          if (d.item >= items.length) continue;
          const byItem = arcDuals.get(d.pos) ?? new Map<number, number>();
          byItem.set(d.item, d.dual);
          arcDuals.set(d.pos, byItem);
        }
        const width = capacity + 1;
        const cells = new Uint8Array(items.length * width);
        for (const b of banned) if (b.item < items.length && b.pos < width) cells[b.item * width + b.pos] = 1;
        const ban = banned.length > 0 ? { width, cells } : null;
        const value = (counts: Int32Array): number => {
          let v = 0;
          counts.forEach((c, i) => {
            v += c * (values[i] ?? 0);
          });
          for (const a of arcsOf(weights, 0, counts)) v += arcDuals.get(a.pos)?.get(a.item) ?? 0;
          return v;
        };
        const want = best(values, weights, bounds, capacity, limit, value, ban);
        const more = { above: 0.5, count: 5, perItem: 2, steps: 10_000 };
        const got = wasteLimitedKnapsack(
          Float64Array.from(values),
          weights,
          Int32Array.from(bounds),
          capacity,
          limit,
          more,
          ban,
          arcDuals,
        );
        if (want === Number.NEGATIVE_INFINITY) {
          expect(got).toBeNull();
          return;
        }
        expect(got).not.toBeNull();
        if (!got) return;
        expect(got.value).toBeCloseTo(want, 9);
        for (const counts of [got.counts, ...got.extra]) {
          const load = counts.reduce((a, c, i) => a + c * (weights[i] ?? 0), 0);
          expect(load).toBeLessThanOrEqual(capacity);
          expect(capacity - load).toBeLessThanOrEqual(limit);
          counts.forEach((c, i) => {
            expect(c).toBeLessThanOrEqual(bounds[i] ?? 0);
          });
          if (ban) expect(crossesBan(ban, weights, counts)).toBe(false);
        }
        expect(value(got.counts)).toBeCloseTo(want, 9);
        for (const counts of got.extra) expect(value(counts)).toBeGreaterThan(more.above);
      }),
      { numRuns: 400 },
    );
  });
});
