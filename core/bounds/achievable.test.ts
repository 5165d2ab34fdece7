import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cheapMixes, liftBound } from './achievable.ts';

describe('liftBound', () => {
  it.each([
    [
      'jumps to the incumbent when no bar mix lands in between',
      161_918,
      162_000,
      [60_000, 40_000, 12_345, 23_456],
      162_000,
    ],
    ['keeps a bound every integer can meet', 99_999, 100_005, [1], 99_999],
    ['keeps a bound two coprime costs can meet', 99_999, 100_005, [3, 2], 99_999],
    ['rounds up to the next sum of prices', 2_001, 3_000, [1_850, 1_320], 2_640],
  ])('%s', (_, bound, below, costs, want) => {
    expect(
      liftBound(
        bound,
        below,
        costs.map((cost) => ({ cost, lo: 0, hi: Number.POSITIVE_INFINITY })),
      ),
    ).toBe(want);
  });

  it('respects finite supply and branching minimums', () => {
    // One 5 and one 4 at most: sums 0, 4, 5, 9.
    const sources = [
      { cost: 5, lo: 0, hi: 1 },
      { cost: 4, lo: 0, hi: 1 },
    ];
    expect(liftBound(7, 10, sources)).toBe(9);
    // At least one 5: 5 and 9 are the only sums.
    expect(liftBound(1, 10, [{ cost: 5, lo: 1, hi: 1 }, sources[1] ?? { cost: 4, lo: 0, hi: 1 }])).toBe(5);
  });

  it('never passes a sum that is achievable (checked against enumeration)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cost: fc.integer({ min: 1, max: 30 }), hi: fc.integer({ min: 0, max: 4 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 40 }),
        (raw, bound, gap) => {
          const sources = raw.map((s) => ({ cost: s.cost, lo: 0, hi: s.hi }));
          const below = bound + gap;
          const sums = new Set<number>([0]);
          for (const s of sources) {
            for (const v of [...sums]) for (let n = 1; n <= s.hi; n++) sums.add(v + n * s.cost);
          }
          const smallest = Math.min(below, ...[...sums].filter((v) => v >= bound && v < below));
          expect(liftBound(bound, below, sources)).toBe(smallest);
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });
});

/** Every mix of bars in [lo, hi] (small boxes only), with its cost. */
function allMixes(
  sources: readonly { cost: number; lo: number; hi: number }[],
): { n: number[]; cost: number }[] {
  let mixes: { n: number[]; cost: number }[] = [{ n: [], cost: 0 }];
  for (const s of sources) {
    const next: { n: number[]; cost: number }[] = [];
    for (const m of mixes)
      for (let x = s.lo; x <= s.hi; x++) next.push({ n: [...m.n, x], cost: m.cost + x * s.cost });
    mixes = next;
  }
  return mixes;
}

const covers = (n: readonly number[], cuts: readonly { rhs: number; v: number[] }[]): boolean =>
  cuts.every((c) => n.reduce((a, x, k) => a + x * (c.v[k] ?? 0), 0) >= c.rhs);

const boxes = fc.array(
  fc.record({
    cost: fc.integer({ min: 1, max: 30 }),
    lo: fc.integer({ min: 0, max: 2 }),
    span: fc.integer({ min: 0, max: 4 }),
  }),
  { minLength: 1, maxLength: 4 },
);
const cutLists = fc.array(
  fc.record({
    rhs: fc.integer({ min: 0, max: 60 }),
    v: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 4, maxLength: 4 }),
  }),
  { maxLength: 3 },
);

/** Small boxes of bar counts, cuts and a cost window, with every mix in the window that meets the cuts. */
const windows = fc
  .tuple(boxes, cutLists, fc.integer({ min: 0, max: 80 }), fc.integer({ min: 1, max: 60 }))
  .map(([raw, cuts, bound, gap]) => {
    const sources = raw.map((s) => ({ cost: s.cost, lo: s.lo, hi: s.lo + s.span }));
    const below = bound + gap;
    const inWindow = allMixes(sources).filter((m) => m.cost >= bound && m.cost < below && covers(m.n, cuts));
    return { sources, cuts, bound, below, inWindow };
  });

describe('liftBound with cuts on the bar counts', () => {
  it('a cut that needs two long bars lifts past the cheap mixes', () => {
    // Sums of 5s and 4s, but every plan needs coverage 10 and only the 5-bar covers 5: two 5s (10) at least.
    const sources = [
      { cost: 5, lo: 0, hi: Number.POSITIVE_INFINITY },
      { cost: 4, lo: 0, hi: Number.POSITIVE_INFINITY },
    ];
    expect(liftBound(4, 100, sources)).toBe(4);
    expect(liftBound(4, 100, sources, [{ rhs: 10, v: [5, 0] }])).toBe(10);
    // A second cut the 4-bar helps with: 2·5 covers the first, 10 + 4 = 14 covers the second (v: 1, 2).
    expect(
      liftBound(4, 100, sources, [
        { rhs: 10, v: [5, 0] },
        { rhs: 4, v: [1, 2] },
      ]),
    ).toBe(14);
    // Nothing below the incumbent: the incumbent.
    expect(
      liftBound(4, 12, sources, [
        { rhs: 10, v: [5, 0] },
        { rhs: 4, v: [1, 2] },
      ]),
    ).toBe(12);
  });

  it('is the cheapest mix at or above the bound that satisfies every cut (checked against enumeration)', () => {
    fc.assert(
      fc.property(windows, ({ sources, cuts, bound, below, inWindow }) => {
        const want = Math.min(below, ...inWindow.map((m) => m.cost));
        expect(liftBound(bound, below, sources, cuts)).toBe(want);
      }),
      { seed: 11, numRuns: 400 },
    );
  });

  it('counts a mix whose float coverage falls a hair short of the right-hand side', () => {
    // Eight bars of 0.1 add up to 0.7999999999999999 < 0.8 in floats, yet they cover the cut exactly.
    const sources = [{ cost: 3, lo: 0, hi: 20 }];
    expect(liftBound(1, 100, sources, [{ rhs: 0.8, v: [0.1] }])).toBe(24);
    const two = [
      { cost: 3, lo: 0, hi: 20 },
      { cost: 100, lo: 0, hi: 1 },
    ];
    expect(liftBound(1, 1000, two, [{ rhs: 0.8, v: [0.1, 0] }])).toBe(24);
  });
});

describe('cheapMixes', () => {
  it('lists exactly the mixes in the cost window that satisfy the cuts, or null past the limit', () => {
    fc.assert(
      fc.property(windows, ({ sources, cuts, bound, below, inWindow }) => {
        const key = (m: { n: readonly number[] }): string => m.n.join(',');
        const got = cheapMixes(bound, below, sources, cuts, 1000);
        expect(got?.map(key).sort()).toEqual(inWindow.map(key).sort());
        for (const m of got ?? [])
          expect(m.cost).toBe(m.n.reduce((a, x, k) => a + x * (sources[k]?.cost ?? 0), 0));
        if (inWindow.length > 1)
          expect(cheapMixes(bound, below, sources, cuts, inWindow.length - 1)).toBeNull();
      }),
      { seed: 13, numRuns: 300 },
    );
  });

  it('gives up (null) on countless mixes of many unlimited sources instead of enumerating them', () => {
    // Six unlimited lengths and about 150 bars: billions of mixes below the incumbent.
    const sources = [5000, 4500, 4000, 3500, 3000, 2500].map((cost) => ({
      cost,
      lo: 0,
      hi: Number.POSITIVE_INFINITY,
    }));
    const cuts = [{ rhs: 450_000, v: sources.map((s) => s.cost * 0.98) }];
    expect(cheapMixes(450_000, 480_000, sources, cuts, 64)).toBeNull();
    // Two of them and a narrow window: few enough to list.
    expect(cheapMixes(450_000, 452_000, sources.slice(0, 2), [], 64)?.length).toBeGreaterThan(0);
  });

  it('leaves free sources at their most bars', () => {
    const got = cheapMixes(
      0,
      20,
      [
        { cost: 0, lo: 0, hi: 3 },
        { cost: 6, lo: 0, hi: 5 },
      ],
      [],
      10,
    );
    expect(got?.map((m) => m.n)).toEqual([
      [3, 0],
      [3, 1],
      [3, 2],
      [3, 3],
    ]);
  });
});
