import { describe, expect, it } from 'vitest';
import type { UsedComb } from '../../core/types.ts';
import { bottomFace, placePieces } from './placement.ts';

type Piece = readonly [length: number, left: number | null, right: number | null];
const comb = (length: number, pieces: readonly Piece[], cutPositions: UsedComb['cutPositions']): UsedComb =>
  ({
    length,
    cutPositions,
    parts: pieces.map(([l, leftAngle, rightAngle]) => ({ part: 0, length: l, leftAngle, rightAngle })),
  }) as unknown as UsedComb;
const tips = (c: UsedComb) => placePieces(c).pieces.map((p) => [p.x0, p.x1, p.left, p.right]);

// Cut lists as the service returns them (docs/angle-cuts.md, "Cut list of a bar").
describe('placePieces', () => {
  it.each([
    [
      'square, the last piece at the bar end',
      comb(
        6000,
        [
          [3000, null, null],
          [3000, null, null],
        ],
        [3000],
      ),
      [
        [0, 3000, 0, 0],
        [3000, 6000, 0, 0],
      ],
    ],
    [
      'square with trim and kerf',
      comb(
        6000,
        [
          [2000, null, null],
          [2000, null, null],
        ],
        [0, 2003, 4006, 5997],
      ),
      [
        [3, 2003, 0, 0],
        [2006, 4006, 0, 0],
      ],
    ],
    [
      'alternately turned frames sharing cuts, the first left end angled',
      comb(
        6000,
        [
          [460, 45, 45],
          [460, 135, 135],
          [460, 45, 45],
        ],
        [
          [35, -5],
          [420, 460],
          [885, 845],
          [1270, 1310],
        ],
      ),
      [
        [0, 460, 40, -40],
        [425, 885, -40, 40],
        [850, 1310, 40, -40],
      ],
    ],
    [
      'a square left end after an angled right one takes its own cut, with trim',
      comb(
        2000,
        [
          [500, null, 45],
          [500, null, 45],
        ],
        [0, [463, 503], 505, [968, 1008], 1997],
      ),
      [
        [3, 503, 0, -40],
        [508, 1008, 0, -40],
      ],
    ],
    [
      'an angled left end after a square one, the last piece square at the end',
      comb(
        2000,
        [
          [1000, 45, null],
          [1000, 45, null],
        ],
        [[40, 0], 1000, [1040, 1000]],
      ),
      [
        [0, 1000, 40, 0],
        [1000, 2000, 40, 0],
      ],
    ],
  ])('%s', (_, c, expected) => {
    expect(tips(c)).toEqual(expected);
  });

  it('keeps every piece within the bar, whatever the cuts say', () => {
    const c = comb(
      1000,
      [
        [800, null, null],
        [800, null, null],
      ],
      [[-50, 900], 5000],
    );
    for (const p of placePieces(c).pieces) {
      expect(p.x0).toBeGreaterThanOrEqual(0);
      expect(p.x1).toBeLessThanOrEqual(1000);
      expect(p.x0).toBeLessThanOrEqual(p.x1);
    }
  });

  it('ends usable length at the far trim cut', () => {
    expect(placePieces(comb(2000, [[500, null, 45]], [0, [463, 503], 1997])).end).toBe(1997);
    expect(placePieces(comb(2000, [[500, null, null]], [500])).end).toBe(2000);
  });

  it('finds each piece’s bottom face: a tip where the long point is at the bottom, else the short point', () => {
    // Frames nesting on shared cuts (w = 40, kerf 0): 45/45, turned 135/135, 45/45.
    const c = comb(
      2000,
      [
        [460, 45, 45],
        [460, 135, 135],
        [460, 45, 45],
      ],
      [
        [40, 0],
        [420, 460],
        [885, 845],
        [1270, 1310],
      ],
    );
    expect(placePieces(c).pieces.map(bottomFace)).toEqual([
      [0, 460],
      [465, 845],
      [850, 1310],
    ]);
  });
});
