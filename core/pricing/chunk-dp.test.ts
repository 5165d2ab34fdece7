import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { skippedLoads, splitChunks, sweepChunks } from './chunk-dp.ts';

// The sweep skips the loads whose source lies between the initial empty packings and the lightest chunk
// so far (always −∞ there): it must leave the same table, choices and walk rows as the full sweep, and
// the rows must be the table after each chunk, rounded to 32 bits.

const instance = fc.record({
  items: fc.array(
    fc.record({
      value: fc.double({ min: 0, max: 1, noNaN: true }),
      weight: fc.integer({ min: 1, max: 40 }),
      copies: fc.integer({ min: 0, max: 5 }),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  cap: fc.integer({ min: 1, max: 90 }),
  empty: fc.integer({ min: 0, max: 30 }),
});

function sweep(
  items: readonly { value: number; weight: number; copies: number }[],
  cap: number,
  empty: number,
  skip: boolean,
): { f: Float64Array; take: Uint8Array; rows: Float32Array; after: Float32Array[] } {
  // Longest first, as the pricing orders them (the skip does not rely on it).
  const sorted = [...items].sort((a, b) => b.weight - a.weight);
  const chunks = splitChunks(sorted.map((i) => i.copies));
  const width = cap + 1;
  const start = (): Float64Array => {
    const f = new Float64Array(width).fill(Number.NEGATIVE_INFINITY);
    f.fill(0, 0, Math.min(width, empty + 1));
    return f;
  };
  const f = start();
  const take = new Uint8Array(chunks.item.length * width).fill(7);
  const rows = new Float32Array(chunks.item.length * width).fill(Number.NaN);
  const grid = sorted.map((i) => i.weight);
  const values = sorted.map((i) => i.value);
  sweepChunks(f, take, chunks, grid, values, cap, rows, skip ? Math.min(cap, empty) : undefined);
  // The table after each chunk by the textbook 0/1 DP, for the rows to be read against.
  const ref = start();
  const after: Float32Array[] = [];
  chunks.item.forEach((i, c) => {
    const k = chunks.times[c] ?? 0;
    const w = (grid[i] ?? 0) * k;
    for (let r = cap; r >= w; r--) ref[r] = Math.max(ref[r] ?? 0, (ref[r - w] ?? 0) + (values[i] ?? 0) * k);
    after.push(Float32Array.from(ref));
  });
  return { f, take, rows, after };
}

describe('sweepChunks skipping loads below the lightest chunk', () => {
  it('leaves the same table, choices and rows as the full sweep, the rows read as the table after each chunk', () => {
    fc.assert(
      fc.property(instance, ({ items, cap, empty }) => {
        const full = sweep(items, cap, empty, false);
        const skipped = sweep(items, cap, empty, true);
        expect(skipped.f).toEqual(full.f);
        expect(skipped.take).toEqual(full.take);
        expect(skipped.rows).toEqual(full.rows);
        const width = cap + 1;
        skipped.after.forEach((row, c) => {
          expect(skipped.rows.subarray(c * width, (c + 1) * width)).toEqual(row);
        });
      }),
      { seed: 20261207, numRuns: 600 },
    );
  });

  it.each([
    { label: 'no empty packing given: nothing', w: 5, cap: 40, empty: undefined, least: 9, lo: 1, hi: 0 },
    {
      label: 'the first chunk: every load above the empties',
      w: 5,
      cap: 40,
      empty: 0,
      least: Infinity,
      lo: 6,
      hi: 40,
    },
    {
      label: 'sources between the empties and the lightest',
      w: 5,
      cap: 40,
      empty: 2,
      least: 9,
      lo: 8,
      hi: 13,
    },
    { label: 'the empties reach the lightest: nothing', w: 5, cap: 40, empty: 9, least: 9, lo: 15, hi: 13 },
  ])('names the loads to skip ($label)', ({ w, cap, empty, least, lo, hi }) => {
    expect(skippedLoads(w, cap, empty, least)).toEqual({ lo, hi });
  });
});
