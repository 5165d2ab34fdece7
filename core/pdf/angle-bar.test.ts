/** Angle mode on the saw sheets: pieces to scale as trapezoids, turned pieces marked, shared cuts marked. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadInterFonts } from '../../test/support/inter-fonts.ts';
import { planOf } from '../../test/support/solver.ts';
import { parseOptimiseBody } from '../request/index.ts';
import { sawOrder } from '../saw/order.ts';
import type { OptimiseResponse } from '../types.ts';
import { MAX_BAR_H, MIN_BAR_H } from './angle-bar.ts';
import { buildDocumentModel } from './document.ts';
import { FontSet, stringsIn } from './fonts.ts';
import { boundsOf, type LineOp, type Op, type PolyOp, type RectOp, type TextOp } from './model.ts';
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

async function sheets(body: object = FRAMES, withScripts = false) {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const response = await planOf(body);
  // Labels in other scripts are measured with the faces that draw them, as the renderer does.
  const measure = withScripts
    ? (await FontSet.load(loadInterFonts(), stringsIn([parsed.value, response]))).metrics()
    : metrics;
  const model = buildDocumentModel(
    { request: parsed.value, response, jobName: 'frames', branding: null, createdAtMs: Date.UTC(2026, 0, 1) },
    measure,
  );
  const pages = model.pages.slice(1).map((p) => p.ops);
  const ops: Op[] = pages.flat();
  return { response, model, ops, pages };
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
    // Whole-mm lengths with angle cuts are counted in tenths, so the sheets print every length with one
    // decimal.
    if (Array.isArray(first)) expect(shown).toContain(`${first[0].toFixed(1)} / ${first[1].toFixed(1)}`);
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

/** Small nested pieces (wedges and beads under 150 mm) and labels in four scripts, on 3 m bars. */
const CROWDED = {
  parts: [
    { length: 150, quantity: 6, leftAngle: 45, rightAngle: 45, label: 'bead' },
    { length: 90, quantity: 4, leftAngle: 30, rightAngle: 150, label: 'wedge' },
    { length: 1210, quantity: 2, leftAngle: 22.5, rightAngle: 67.5, label: '東京 frame' },
    { length: 700, quantity: 2, leftAngle: 60, label: 'مرحبا سلام' },
    { length: 400, quantity: 3, leftAngle: -60, rightAngle: 60, label: 'שלום' },
  ],
  stockLength: 3000,
  kerf: 3,
  trim: true,
  minRemnant: 300,
  angleCuts: { enabled: true, width: 25, axialSymmetry: 'XYZ' },
};

/**
 * Each layout's drawing on the saw sheets: its bar outline and the ops drawn around it on its own page
 * (coordinates are per page: another page's cut table may lie at the same height).
 */
function drawings(pages: readonly (readonly Op[])[]) {
  return pages.flatMap(drawingsOn);
}

function drawingsOn(ops: readonly Op[]) {
  const bars = ops.filter((op): op is RectOp => op.kind === 'rect' && op.role === 'bar');
  return bars.map((bar) => {
    const near = ops.filter((op) => {
      const [, y0, , y1] = boundsOf(op);
      return y1 > bar.y - 40 && y0 < bar.y + bar.h + 20;
    });
    return {
      bar,
      pieces: near.filter((op): op is PolyOp => op.kind === 'poly' && op.layout === bar.layout),
      angles: near.filter((op): op is TextOp => op.kind === 'text' && op.role === 'angle'),
      texts: near.filter((op): op is TextOp => op.kind === 'text'),
    };
  });
}

/** The layout drawn as number `layout` (saw order). */
function combOf(response: OptimiseResponse, layout: number | undefined) {
  const comb = sawOrder(response.plan.combinations)[(layout ?? 1) - 1]?.combination.usedComb;
  if (comb === undefined) throw new Error(`no layout ${layout}`);
  return comb;
}

/** The angled ends of layout `layout` as printed, left to right: `45°` per end that is not square. */
function angledEnds(response: OptimiseResponse, layout: number | undefined): string[] {
  return combOf(response, layout).parts.flatMap((p) =>
    [p.leftAngle, p.rightAngle].filter((a): a is number => a !== null && a !== 90).map((a) => `${a}°`),
  );
}

describe('angle-mode drawings: to scale along the bar, the height as printed, an angle at each cut', () => {
  it.each([
    // [job, material width, note]: 40 mm on 6 m bars is 3.4 pt high at the length scale.
    ['frames on 6 m bars', FRAMES, 40, 'height × 8, not to scale'],
    [
      'posts 100 mm wide on 1.5 m bars',
      {
        parts: [
          { length: 400, quantity: 3, leftAngle: 45, rightAngle: 45, label: 'post' },
          { length: 300, quantity: 2, leftAngle: 75, label: 'cap' },
        ],
        stockLength: 1500,
        kerf: 3,
        angleCuts: { enabled: true, width: 100, axialSymmetry: 'X' },
      },
      100,
      null,
    ],
    [
      'boards 250 mm wide on 1 m bars',
      {
        parts: [{ length: 300, quantity: 4, leftAngle: 80, rightAngle: 100, label: 'board' }],
        stockLength: 1000,
        kerf: 3,
        angleCuts: { enabled: true, width: 250 },
      },
      250,
      'height ÷ 2.5, not to scale',
    ],
  ])('%s: each piece as long as its length, the height drawn as said', async (_, body, width, note) => {
    const { response, pages } = await sheets(body);
    const shown = drawings(pages);
    expect(shown).toHaveLength(response.plan.combinations.length);
    const n = Number(/[×÷] ([\d.]+)/.exec(note ?? '')?.[1] ?? 1);
    const factor = note?.includes('÷') ? 1 / n : n;
    for (const { bar, pieces, texts } of shown) {
      const comb = combOf(response, bar.layout);
      const ppu = bar.w / comb.length;
      expect(bar.h).toBeCloseTo(width * ppu * factor, 6);
      expect(bar.h).toBeGreaterThanOrEqual(MIN_BAR_H - 1e-9);
      expect(bar.h).toBeLessThanOrEqual(MAX_BAR_H + 1e-9);
      // The note is there exactly when the height is not to scale.
      expect(texts.filter((t) => t.text.includes('not to scale')).map((t) => t.text)).toEqual(
        note === null ? [] : [note],
      );
      // Lengths to scale: each piece's tips (its widest extent) are its tip-to-tip length apart.
      expect(pieces).toHaveLength(comb.parts.length);
      pieces.forEach((p, j) => {
        const xs = p.points.filter((_, k) => k % 2 === 0);
        const drawn = Math.max(...xs) - Math.min(...xs);
        expect(drawn / ppu).toBeCloseTo(comb.parts[j]?.length ?? 0, 6);
      });
    }
  });

  it('prints every angle of the frames under its end, on its piece’s side of the cut', async () => {
    const { response, pages } = await sheets();
    for (const { bar, pieces, angles } of drawings(pages)) {
      // 460 mm pieces have room for both their labels: every angle is printed, in bar order.
      expect(angles.map((a) => a.text)).toEqual(angledEnds(response, bar.layout));
      let i = 0;
      pieces.forEach((p, j) => {
        const part = combOf(response, bar.layout).parts[j];
        const [bl = 0, , br = 0] = p.points;
        for (const a of [part?.leftAngle, part?.rightAngle]) {
          if (a === null || a === undefined || a === 90) continue;
          const label = angles[i++];
          if (label === undefined) throw new Error('an angle label per end');
          // Under the bar, within the piece's bottom face.
          expect(label.y + label.ascent).toBeLessThanOrEqual(bar.y);
          expect(label.x).toBeGreaterThanOrEqual(bl);
          expect(label.x + label.width).toBeLessThanOrEqual(br + 1e-9);
        }
      });
    }
  });

  it('keeps the angles of small and nested pieces apart and inside the bar, and lists every one in the cut table', async () => {
    const { response, ops, model, pages } = await sheets(CROWDED, true);
    const shown = drawings(pages);
    let printed = 0;
    for (const { bar, angles } of shown) {
      printed += angles.length;
      for (const a of angles) {
        expect(a.x).toBeGreaterThanOrEqual(bar.x);
        expect(a.x + a.width).toBeLessThanOrEqual(bar.x + bar.w + 1e-9);
        expect(a.y + a.ascent).toBeLessThanOrEqual(bar.y);
      }
    }
    // No text of a drawing (piece labels, turns, angles, positions, the note) overlaps another.
    for (const { texts } of shown) {
      const visible = texts.filter((t) => !t.invisible && t.text !== '');
      visible.forEach((a, i) => {
        for (const b of visible.slice(i + 1)) {
          const [ax0, ay0, ax1, ay1] = boundsOf(a);
          const [bx0, by0, bx1, by1] = boundsOf(b);
          const overlap =
            Math.min(ax1, bx1) - Math.max(ax0, bx0) > 0 && Math.min(ay1, by1) - Math.max(ay0, by0) > 0.5;
          expect(overlap, `${a.text} at ${a.x} / ${b.text} at ${b.x}`).toBe(false);
        }
      });
    }
    const ends = response.plan.combinations.reduce((n, _, i) => n + angledEnds(response, i + 1).length, 0);
    // Most are printed at their cut (some hang on leaders); none is lost: the cut table has them all.
    expect(printed).toBeGreaterThan(ends / 2);
    const hanging = ops.filter((op) => op.kind === 'line' && op.role === 'tickmark' && op.width === 0.4);
    expect(hanging.length).toBeGreaterThan(0);
    const cells = model.pages
      .slice(1)
      .flatMap((p) => p.ops)
      .filter(
        (op): op is TextOp =>
          op.kind === 'text' && /^\d+(\.\d+)?°( \| \d+(\.\d+)?°)?$/.test(op.text) && op.role !== 'angle',
      )
      .flatMap((t) => t.text.split(' | '));
    expect(cells.filter((c) => c !== '90°').length).toBeGreaterThanOrEqual(ends);
    // Piece labels in Hebrew, Arabic and Chinese fit their trapezoid: inside the bar's strip. A bar with a
    // piece of 400 mm or more has room for one there (wedges and beads alone may have none).
    for (const { bar, texts } of shown) {
      const inside = texts.filter((t) => t.y < bar.y + bar.h && t.y > bar.y);
      if (combOf(response, bar.layout).parts.some((p) => p.length >= 400))
        expect(inside.length).toBeGreaterThan(0);
      for (const t of inside) {
        const [x0, y0, x1, y1] = boundsOf(t);
        expect(y0, t.text).toBeGreaterThanOrEqual(bar.y);
        expect(y1, t.text).toBeLessThanOrEqual(bar.y + bar.h);
        expect(x0).toBeGreaterThanOrEqual(bar.x);
        expect(x1).toBeLessThanOrEqual(bar.x + bar.w);
      }
    }
    expect(shown.flatMap((d) => d.texts.map((t) => t.text))).toEqual(
      expect.arrayContaining(['שלום', 'مرحبا سلام', '東京 frame']),
    );
    // Each drawing's segment is as tall as what it draws: nothing leaves the frame or runs into the table.
    const drawingRoles = new Set(['piece', 'kerf', 'trim', 'leftover', 'bar', 'tickmark', 'angle']);
    for (const page of model.pages.slice(1))
      for (const op of page.ops) {
        if (!drawingRoles.has(op.role ?? '')) continue;
        const [, y0, , y1] = boundsOf(op);
        expect(y0).toBeGreaterThanOrEqual(model.frame.bottom - 0.01);
        expect(y1).toBeLessThanOrEqual(model.frame.top + 0.01);
      }
    for (const { bar } of shown) {
      const header = ops
        .filter((op): op is TextOp => op.kind === 'text' && op.text === 'Cut' && op.y < bar.y)
        .reduce((a, b) => (b.y > a.y ? b : a));
      const drawn = ops.filter(
        (op) =>
          (op.role === 'angle' || op.role === 'tickmark') &&
          boundsOf(op)[3] > header.y &&
          boundsOf(op)[1] < bar.y,
      );
      expect(drawn.length).toBeGreaterThan(0);
      for (const op of drawn) expect(boundsOf(op)[1]).toBeGreaterThan(header.y + header.ascent);
    }
  });
});
