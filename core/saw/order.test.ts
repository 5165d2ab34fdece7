import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { windowFrames } from '../../test/fixtures/pdf-plans.ts';
import type { Combination } from '../types.ts';
import { sawOrder, sharedLeadingCuts } from './order.ts';
import { sawStopsOf } from './stops.ts';

/** A layout reduced to what ordering looks at. */
function layout(
  cutPositions: number[],
  extra: { length?: number; source?: 'stock' | 'offcut'; material?: string } = {},
): Combination {
  return {
    count: 1,
    usedComb: {
      combination: [],
      length: extra.length ?? 6000,
      source: extra.source ?? 'stock',
      sourceIndex: 0,
      waste: { total: 0, remnant: 0, saw: 0 },
      ...(extra.material === undefined ? {} : { material: extra.material }),
      parts: [],
      cutPositions,
    },
  };
}

/** Saw stops kept from one layout to the next, summed over the sequence. */
function stopsKept(sequence: readonly Combination[]): number {
  let kept = 0;
  for (let i = 1; i < sequence.length; i++) {
    const a = sequence[i - 1];
    const b = sequence[i];
    if (a && b) kept += sharedLeadingCuts(a, b);
  }
  return kept;
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('sawOrder', () => {
  it('puts layouts that share leading cuts next to each other', () => {
    const input = [
      layout([0, 2103, 4206]),
      layout([0, 1253]),
      layout([0, 2103, 3556]),
      layout([0, 1453]),
      layout([0, 2103, 4206, 5409]),
    ];
    const order = sawOrder(input).map((l) => l.index);
    expect(order).toEqual([1, 3, 2, 0, 4]);
    expect(stopsKept(order.map((i) => input[i] as Combination))).toBe(1 + 1 + 2 + 3);
  });

  it('groups by material, then stock before offcuts, then longest source first', () => {
    const input = [
      layout([100], { source: 'offcut', length: 2400 }),
      layout([100], { material: 'steel' }),
      layout([100], { length: 4000 }),
      layout([100]),
    ];
    expect(sawOrder(input).map((l) => l.index)).toEqual([3, 2, 0, 1]);
  });

  it('keeps the solver order for identical layouts', () => {
    const input = [layout([0, 500]), layout([0, 500]), layout([0, 500])];
    expect(sawOrder(input).map((l) => l.index)).toEqual([0, 1, 2]);
  });

  it('keeps at least as many saw stops as any other order of the same layouts', () => {
    // Small alphabets of positions make shared prefixes common; up to 6 layouts is 720 orders.
    const layouts = fc.array(fc.array(fc.constantFrom(100, 200, 300), { minLength: 1, maxLength: 4 }), {
      minLength: 2,
      maxLength: 6,
    });
    fc.assert(
      fc.property(layouts, (cuts) => {
        const input = cuts.map((c) => layout(c));
        const ours = stopsKept(sawOrder(input).map((l) => l.combination));
        const best = Math.max(...permutations(input).map(stopsKept));
        expect(ours).toBe(best);
      }),
      { seed: 6, numRuns: 200 },
    );
  });

  it('orders the window-frame fixture so consecutive layouts share stops', () => {
    const { response } = windowFrames();
    const ordered = sawOrder(response.plan.combinations).map((l) => l.combination);
    expect(stopsKept(ordered)).toBeGreaterThan(stopsKept(response.plan.combinations));
    expect(ordered.map((c) => c.usedComb.source)).toEqual([
      'stock',
      'stock',
      'stock',
      'stock',
      'stock',
      'offcut',
      'offcut',
    ]);
  });
});

/** Stop settings when `sequence` is cut in that order: each layout sets the cuts it does not share. */
function stopsSet(sequence: readonly Combination[]): number {
  return sequence.reduce((sum, c, i) => {
    const before = sequence[i - 1];
    return sum + c.usedComb.cutPositions.length - (before === undefined ? 0 : sharedLeadingCuts(before, c));
  }, 0);
}

describe('sawStopsOf', () => {
  it('counts the spec example 2400x5, 1800x3 on 6000 as 4 stop settings', () => {
    // The plan cutplan returns: [2400, 1800, 1800] ×1, [2400, 2400] ×2, [1800] ×1. In saw order the
    // stops are 1800; 2400, 4200; then 4800 (2400 stays).
    const plan = [layout([2400, 4200]), { ...layout([2400, 4800]), count: 2 }, layout([1800])];
    expect(sawStopsOf(plan)).toBe(4);
  });

  it('equals the stops the saw sheet order sets, and no order of the layouts sets fewer', () => {
    const cuts = fc.array(fc.constantFrom(100, 200, 300), { minLength: 0, maxLength: 4 });
    const layouts = fc.array(
      fc.record({ cuts, length: fc.constantFrom(6000, 5000), material: fc.constantFrom(undefined, 'a') }),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(layouts, (specs) => {
        const input = specs.map((s) =>
          layout(s.cuts, { length: s.length, ...(s.material === undefined ? {} : { material: s.material }) }),
        );
        const ours = stopsSet(sawOrder(input).map((l) => l.combination));
        expect(sawStopsOf(input)).toBe(ours);
        expect(Math.min(...permutations(input).map(stopsSet))).toBe(ours);
      }),
      { seed: 7, numRuns: 150 },
    );
  });

  it('tells angled cuts apart by top and bottom, and skips layouts of no bars', () => {
    const a = layout([]);
    const angled = {
      ...a,
      usedComb: {
        ...a.usedComb,
        cutPositions: [
          [100, 130],
          [500, 470],
        ] as const,
      },
    };
    const other = {
      ...a,
      usedComb: {
        ...a.usedComb,
        cutPositions: [
          [100, 130],
          [500, 530],
        ] as const,
      },
    };
    expect(sawStopsOf([angled, other])).toBe(3);
    expect(sawStopsOf([angled, { ...other, count: 0 }])).toBe(2);
  });
});
