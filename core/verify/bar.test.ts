import { describe, expect, it } from 'vitest';
import { barFigures } from './bar.ts';

/** [name, length, pieces, kerf, trim, [free, endCut, saw, remnant, total], cut positions], by hand. */
type Row = readonly [
  string,
  number,
  readonly number[],
  number,
  boolean,
  readonly number[],
  readonly number[],
];

const fitting: readonly Row[] = [
  ['kerf 0, leftover', 1000, [600], 0, false, [400, 0, 0, 400, 400], [600]],
  ['kerf 0, exact fill', 1000, [600, 400], 0, false, [0, 0, 0, 0, 0], [600]],
  ['one piece fills the bar', 1000, [1000], 5, false, [0, 0, 0, 0, 0], []],
  ['kerf between pieces, exact fill', 1000, [600, 397], 3, false, [0, 0, 3, 0, 3], [600]],
  ['leftover shorter than a kerf', 1000, [997], 4, false, [3, 3, 3, 0, 3], [997]],
  ['leftover exactly a kerf', 1000, [496, 496], 4, false, [4, 4, 8, 0, 8], [496, 996]],
  ['trim and an end cut', 1200, [500, 500], 3, true, [191, 3, 12, 188, 200], [0, 503, 1006, 1197]],
  ['trim and a leftover shorter than a kerf', 1000, [992], 3, true, [2, 2, 8, 0, 8], [0, 995, 997]],
  ['trim, exact fill', 500, [496], 2, true, [0, 0, 4, 0, 4], [0, 498]],
  ['trim without kerf removes nothing', 1000, [1000], 0, true, [0, 0, 0, 0, 0], []],
];

const overfull: readonly Row[] = [
  ['one unit over with a kerf', 1000, [600, 398], 3, false, [], []],
  ['trim takes the last unit', 500, [497], 2, true, [], []],
  ['a piece longer than the bar', 1000, [1001], 0, false, [], []],
  ['no pieces at all', 1000, [], 0, false, [], []],
];

describe('barFigures', () => {
  it.each(fitting)('follows the bar model: %s', (_, length, pieces, kerf, trim, figures, cuts) => {
    const bar = barFigures(BigInt(length), pieces.map(BigInt), BigInt(kerf), trim);
    expect(bar.fits).toBe(true);
    expect([bar.free, bar.endCut, bar.saw, bar.remnant, bar.total].map(Number)).toEqual(figures);
    expect(bar.cutPositions.map(Number)).toEqual(cuts);
    expect(bar.saw + bar.remnant).toBe(bar.total);
  });

  it.each(overfull)('rejects the bar when %s', (_, length, pieces, kerf, trim) => {
    expect(barFigures(BigInt(length), pieces.map(BigInt), BigInt(kerf), trim).fits).toBe(false);
  });

  it('stays exact beyond 2^53', () => {
    const huge = 2n ** 60n;
    const bar = barFigures(huge + 7n, [huge, 3n], 2n, false);
    expect(bar).toMatchObject({ fits: true, free: 2n, endCut: 2n, saw: 4n, remnant: 0n, total: 4n });
  });
});
