import { describe, expect, it } from 'vitest';
import { buildFixture } from '../../test/fixtures/pdf-plan-builder.ts';
import {
  inchFraction,
  materials,
  oneLayout,
  threeHundredParts,
  windowFrames,
} from '../../test/fixtures/pdf-plans.ts';
import type { OptimiseRequest, UsedComb } from '../types.ts';
import { barModel } from './bar.ts';

const all = { windowFrames, inchFraction, oneLayout, materials, threeHundredParts };

/** One 6000 mm bar, kerf 3, minimum remnant 500, cut into `pieces`. */
function single(pieces: number[], trim: boolean): { request: OptimiseRequest; comb: UsedComb } {
  const { request, response } = buildFixture({
    kerf: 3,
    trim,
    minRemnant: 500,
    parts: pieces.map((length) => ({ length })),
    stocks: [{ length: 6000 }],
    layouts: [{ source: 'stock', index: 0, pieces: pieces.map((_, i) => i), count: 1 }],
    optimal: true,
    stockBarsLowerBound: 1,
  });
  const comb = response.plan.combinations[0]?.usedComb;
  if (!comb) throw new Error('fixture has no layout');
  return { request, comb };
}

describe('barModel', () => {
  it.each(Object.entries(all))('tiles every bar of %s exactly, piece by piece', (_, make) => {
    const { request, response } = make();
    for (const { usedComb } of response.plan.combinations) {
      const bar = barModel(request, usedComb);
      let at = 0;
      for (const span of bar.spans) {
        expect(span.from).toBeCloseTo(at, 9);
        expect(span.to).toBeGreaterThan(span.from);
        at = span.to;
      }
      expect(at).toBeCloseTo(usedComb.length, 9);
      const pieces = bar.spans.filter((s) => s.kind === 'piece');
      expect(pieces.map((s) => s.to - s.from).map((l) => Math.round(l * 1e6))).toEqual(
        usedComb.combination.map((l) => Math.round(l * 1e6)),
      );
      expect(bar.annotated).toBe(true);
      expect(bar.rows.flatMap((r) => (r.at === null ? [] : [r.at]))).toEqual(usedComb.cutPositions);
    }
  });

  it('names every cut of a trimmed bar with a kept remnant', () => {
    const { request, comb } = single([1250, 1250, 1250, 1200], true);
    const bar = barModel(request, comb);
    expect(bar.rows.map((r) => [r.cut, r.at, r.piece, r.note])).toEqual([
      [1, 0, null, 'trim the zero end'],
      [2, 1253, 1, ''],
      [3, 2506, 2, ''],
      [4, 3759, 3, ''],
      [5, 4962, 4, 'end cut; leftover kept as remnant'],
      [6, 5997, null, 'trim the far end'],
    ]);
    expect(bar.remnant).toBe(1032);
    expect(bar.keep).toBe(true);
  });

  it('frees the last piece at the bar end when the pieces fill the bar', () => {
    const { request, comb } = single([2997, 3000], false);
    const bar = barModel(request, comb);
    expect(bar.rows.map((r) => [r.cut, r.at, r.piece, r.note])).toEqual([
      [1, 2997, 1, ''],
      [null, null, 2, 'ends at the bar end'],
    ]);
    expect(bar.spans.map((s) => s.kind)).toEqual(['piece', 'kerf', 'piece']);
    expect(bar.remnant).toBe(0);
  });

  it('lets the end cut take a leftover narrower than the blade', () => {
    const { request, comb } = single([2997, 2998], false);
    const bar = barModel(request, comb);
    expect(bar.rows.at(-1)).toMatchObject({ cut: 2, at: 5998, piece: 2, note: 'end cut; no leftover' });
    expect(bar.spans.at(-1)).toMatchObject({ kind: 'kerf', from: 5998, to: 6000 });
  });

  it('calls a short leftover waste', () => {
    const { request, comb } = single([2700, 2900], false); // leaves 394 mm, under the 500 mm minimum
    const bar = barModel(request, comb);
    expect(bar.keep).toBe(false);
    expect(bar.rows.at(-1)?.note).toBe('end cut; leftover is waste');
  });

  it('lists angled cut positions as given, then the pieces, when it cannot pair them', () => {
    const { request, comb } = single([1000, 1000], false);
    const angled: UsedComb = { ...comb, cutPositions: [[1000, 1020], 2023] };
    const bar = barModel(request, angled);
    expect(bar.annotated).toBe(false);
    expect(bar.rows.map((r) => [r.cut, r.at, r.piece])).toEqual([
      [1, [1000, 1020], null],
      [2, 2023, null],
      [null, null, 1],
      [null, null, 2],
    ]);
  });

  it('labels unlabelled pieces by their cut-list line', () => {
    const { request, response } = inchFraction();
    const layout = response.plan.combinations.find((c) => c.usedComb.parts.some((p) => p.part === 3));
    if (!layout) throw new Error('fixture lost its unlabelled part');
    expect(barModel(request, layout.usedComb).pieces.map((p) => p.label)).toContain('P4');
  });
});
