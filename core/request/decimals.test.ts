import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalsFor, decimalsOf, scaleBy } from './decimals.ts';

describe('decimalsOf', () => {
  it.each([
    [2400, 0],
    [0.1, 1],
    [2400.5, 1],
    [123.456, 3],
    [-0.25, 2],
    [0.015625, 6], // 1/64 inch
    [1e-6, 6],
    [1e-7, 7], // printed as "1e-7"
    [1.5e-7, 8],
    [2.5e3, 0],
    [1e21, 0], // printed as "1e+21"
    [0, 0],
  ])('counts the decimals of %d as %d', (x, k) => {
    expect(decimalsOf(x)).toBe(k);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('gives Infinity for %d', (x) => {
    expect(decimalsOf(x)).toBe(Number.POSITIVE_INFINITY);
  });

  it('takes the largest count over several values', () => {
    expect(decimalsFor([2400, 0.125, 1.5])).toBe(3);
    expect(decimalsFor([])).toBe(0);
  });
});

describe('scaleBy', () => {
  it.each([
    [1.005, 3, 1005], // 1.005 × 1000 is 1004.9999999999999 in floating point
    [0.1, 1, 1],
    [2400, 2, 240000],
    [0.015625, 6, 15625],
    [4.35, 2, 435], // 4.35 × 100 is 434.99999999999994
    [-0.25, 2, -25],
    [1e-6, 6, 1],
  ])('scales %d by 10^%d to exactly %d', (x, k, n) => {
    expect(scaleBy(x, k)).toBe(n);
  });

  it('throws (a bug) when the value has more decimals than the scale', () => {
    expect(() => scaleBy(0.125, 2)).toThrow(RangeError);
  });

  it('round-trips any decimal with up to 6 decimals exactly', () => {
    const decimal = fc
      .tuple(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 999_999 }),
        fc.integer({ min: 0, max: 6 }),
      )
      .map(([whole, fraction, k]) =>
        Number(`${whole}.${String(fraction).padStart(6, '0').slice(0, k) || '0'}`),
      );
    fc.assert(
      fc.property(decimal, (x) => {
        const k = decimalsOf(x);
        const n = scaleBy(x, k);
        return Number.isSafeInteger(n) && n / 10 ** k === x && k <= 6;
      }),
      { seed: 20240601, numRuns: 2000 },
    );
  });
});
