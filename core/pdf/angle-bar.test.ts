/** Angle mode on the saw sheets: pieces to scale as trapezoids, turned pieces marked, shared cuts marked. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadInterFonts } from '../../test/support/inter-fonts.ts';
import { planOf } from '../../test/support/solver.ts';
import { parseOptimiseBody } from '../request/index.ts';
import { buildDocumentModel } from './document.ts';
import { FontSet } from './fonts.ts';
import { boundsOf, type LineOp, type Op, type PolyOp, type TextOp } from './model.ts';
import type { TextMetrics } from './pen.ts';

let metrics: TextMetrics;
beforeAll(async () => {
  metrics = (await FontSet.load(loadInterFonts(), [])).metrics();
});

const FRAMES = {
  parts: [
    { length: 460, quantity: 14, leftAngle: 45, rightAngle: 45, label: 'frame' },
    { length: 700, quantity: 1, leftAngle: 60, label: 'brace' },
  ],
  stockLength: 6000,
  kerf: 0,
  angleCuts: { enabled: true, width: 40, axialSymmetry: 'X' },
};

async function sheets(body: object = FRAMES) {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const response = await planOf(body);
  const model = buildDocumentModel(
    { request: parsed.value, response, jobName: 'frames', branding: null, createdAtMs: Date.UTC(2026, 0, 1) },
    metrics,
  );
  const ops: Op[] = model.pages.slice(1).flatMap((p) => p.ops);
  return { response, model, ops };
}

describe('angle-mode saw sheets', () => {
  it('draw every piece of every layout as its trapezoid, to scale along the bar', async () => {
    const { response, ops, model } = await sheets();
    const polys = ops.filter((op): op is PolyOp => op.kind === 'poly' && op.role === 'piece');
    const pieces = response.plan.combinations.reduce((a, c) => a + c.usedComb.parts.length, 0);
    expect(polys).toHaveLength(pieces);
    // A 45°/45° frame of 460 is 460 long at the bottom and 380 at the top (or the other way when turned).
    const widths = polys.map((p) => {
      const [x1 = 0, , x2 = 0, , x3 = 0, , x4 = 0] = p.points;
      return [x2 - x1, x3 - x4];
    });
    const bar = ops.find((op) => op.kind === 'rect' && op.role === 'bar');
    if (bar?.kind !== 'rect') throw new Error('no bar drawn');
    const ppu = bar.w / 6000;
    expect(
      widths.some(
        ([bottom, top]) =>
          Math.abs((bottom ?? 0) - 460 * ppu) < 0.01 && Math.abs((top ?? 0) - 380 * ppu) < 0.01,
      ),
    ).toBe(true);
    expect(
      widths.some(
        ([bottom, top]) =>
          Math.abs((bottom ?? 0) - 380 * ppu) < 0.01 && Math.abs((top ?? 0) - 460 * ppu) < 0.01,
      ),
    ).toBe(true);
    for (const page of model.pages)
      for (const op of page.ops) {
        const [x0, , x1] = boundsOf(op);
        expect(x0).toBeGreaterThanOrEqual(model.frame.left - 0.01);
        expect(x1).toBeLessThanOrEqual(model.frame.right + 0.01);
      }
  });

  it('mark turned pieces and shared cuts, and say what each cut makes', async () => {
    const { response, ops } = await sheets();
    const shown = ops.filter((op): op is TextOp => op.kind === 'text').map((t) => t.text);
    const turned = response.plan.combinations.reduce(
      (a, c) => a + c.usedComb.parts.filter((p) => p.orientation === 'X').length,
      0,
    );
    expect(turned).toBeGreaterThan(5);
    expect(shown.filter((t) => t === 'turned X')).toHaveLength(turned);
    const shared = response.plan.combinations.reduce(
      (a, c) =>
        a +
        c.usedComb.parts.filter(
          (p, j) => j > 0 && (c.usedComb.parts[j - 1]?.rightAngle ?? 90) + (p.leftAngle ?? 90) === 180,
        ).length,
      0,
    );
    const red = ops.filter((op): op is LineOp => op.kind === 'line' && op.role === 'kerf' && op.width > 1);
    expect(shared).toBeGreaterThan(5);
    expect(red).toHaveLength(shared);
    expect(shown).toContain('shared cut: 1 | 2');
    expect(shown).toContain('Saw at (mm) top / bottom');
    const first = response.plan.combinations[0]?.usedComb.cutPositions[0];
    expect(Array.isArray(first)).toBe(true);
    if (Array.isArray(first)) expect(shown).toContain(`${first[0]} / ${first[1]}`);
  });

  it('print an angle plan’s setups, and under fewest_setups their bound, as for square plans', async () => {
    const text = (m: Awaited<ReturnType<typeof sheets>>['model']): string =>
      m.pages
        .flatMap((p) => p.ops)
        .filter((op): op is TextOp => op.kind === 'text')
        .map((t) => t.text)
        .join(' ');
    const balanced = await sheets();
    expect(text(balanced.model)).toContain(`${balanced.response.stats.setups} saw setup`);
    const frames = { ...FRAMES, parts: [{ length: 460, quantity: 27, leftAngle: 45, rightAngle: 45 }] };
    const { model, response } = await sheets({ ...frames, method: 'fewest_setups' });
    expect(response.stats).toMatchObject({ setups: 2, setupsLowerBound: 2, setupsOptimal: true });
    expect(text(model)).toContain(
      '2 saw setups (distinct patterns); proven minimal: no plan with this few bars needs fewer than 2',
    );
    expect(text(model)).toContain(
      '2 saw setups, proven minimal: no plan with this few bars needs fewer than 2.',
    );
  });
});
