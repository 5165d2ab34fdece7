import { describe, expect, it } from 'vitest';
import { barFigures } from './bar.ts';

interface Case {
  readonly name: string;
  readonly length: number;
  readonly pieces: readonly number[];
  readonly kerf: number;
  readonly trim: boolean;
  /** [free, endCut, saw, remnant, total], worked out by hand from docs/solver.md. */
  readonly figures: readonly [number, number, number, number, number];
  readonly cuts: readonly number[];
}

const fitting: readonly Case[] = [
  {
    name: 'kerf 0, leftover',
    length: 1000,
    pieces: [600],
    kerf: 0,
    trim: false,
    figures: [400, 0, 0, 400, 400],
    cuts: [600],
  },
  {
    name: 'kerf 0, exact fill',
    length: 1000,
    pieces: [600, 400],
    kerf: 0,
    trim: false,
    figures: [0, 0, 0, 0, 0],
    cuts: [600],
  },
  {
    name: 'one piece fills the bar',
    length: 1000,
    pieces: [1000],
    kerf: 5,
    trim: false,
    figures: [0, 0, 0, 0, 0],
    cuts: [],
  },
  {
    name: 'kerf between pieces, exact fill',
    length: 1000,
    pieces: [600, 397],
    kerf: 3,
    trim: false,
    figures: [0, 0, 3, 0, 3],
    cuts: [600],
  },
  {
    name: 'leftover shorter than a kerf',
    length: 1000,
    pieces: [997],
    kerf: 4,
    trim: false,
    figures: [3, 3, 3, 0, 3],
    cuts: [997],
  },
  {
    name: 'leftover exactly a kerf',
    length: 1000,
    pieces: [496, 496],
    kerf: 4,
    trim: false,
    figures: [4, 4, 8, 0, 8],
    cuts: [496, 996],
  },
  {
    name: 'trim and an end cut',
    length: 1200,
    pieces: [500, 500],
    kerf: 3,
    trim: true,
    figures: [191, 3, 12, 188, 200],
    cuts: [0, 503, 1006, 1197],
  },
  {
    name: 'trim, exact fill',
    length: 500,
    pieces: [496],
    kerf: 2,
    trim: true,
    figures: [0, 0, 4, 0, 4],
    cuts: [0, 498],
  },
  {
    name: 'trim without kerf removes nothing',
    length: 1000,
    pieces: [1000],
    kerf: 0,
    trim: true,
    figures: [0, 0, 0, 0, 0],
    cuts: [],
  },
];

describe('barFigures', () => {
  it.each(fitting)('follows the bar model: $name', ({ length, pieces, kerf, trim, figures, cuts }) => {
    const bar = barFigures(BigInt(length), pieces.map(BigInt), BigInt(kerf), trim);
    expect(bar.fits).toBe(true);
    expect([bar.free, bar.endCut, bar.saw, bar.remnant, bar.total].map(Number)).toEqual(figures);
    expect(bar.cutPositions.map(Number)).toEqual(cuts);
    expect(bar.saw + bar.remnant).toBe(bar.total);
  });

  it.each([
    { name: 'one unit over with a kerf', length: 1000, pieces: [600, 398], kerf: 3, trim: false },
    { name: 'trim takes the last unit', length: 500, pieces: [497], kerf: 2, trim: true },
    { name: 'a piece longer than the bar', length: 1000, pieces: [1001], kerf: 0, trim: false },
    { name: 'no pieces at all', length: 1000, pieces: [], kerf: 0, trim: false },
  ])('rejects the bar when $name', ({ length, pieces, kerf, trim }) => {
    expect(barFigures(BigInt(length), pieces.map(BigInt), BigInt(kerf), trim).fits).toBe(false);
  });

  it('stays exact beyond 2^53', () => {
    const huge = 2n ** 60n;
    const bar = barFigures(huge + 7n, [huge, 3n], 2n, false);
    expect(bar).toMatchObject({ fits: true, free: 2n, endCut: 2n, saw: 4n, remnant: 0n, total: 4n });
  });
});
