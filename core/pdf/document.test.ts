import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from '../../test/fixtures/pdf-plan-builder.ts';
import { inchFraction, manyLayouts, threeHundredParts, windowFrames } from '../../test/fixtures/pdf-plans.ts';
import { loadInterFonts } from '../../test/support/inter-fonts.ts';
import { sawOrder } from '../saw/order.ts';
import { buildDocumentModel, type DocumentInput } from './document.ts';
import { FontSet } from './fonts.ts';
import { boundsOf, type DocumentModel, type Op, type TextOp } from './model.ts';
import type { TextMetrics } from './pen.ts';

let metrics: TextMetrics;
beforeAll(async () => {
  metrics = (await FontSet.load(loadInterFonts(), [])).metrics();
});

const input = (f: Pick<DocumentInput, 'request' | 'response'>): DocumentInput => ({
  ...f,
  jobName: null,
  branding: null,
  createdAtMs: Date.UTC(2025, 10, 22, 14, 5),
});

const texts = (ops: readonly Op[]): TextOp[] => ops.filter((op): op is TextOp => op.kind === 'text');
const EPS = 0.01;

/** Every op on the paper; everything but header and footer inside the frame. */
function expectAllOnThePage(model: DocumentModel): void {
  const { paper, frame } = model;
  model.pages.forEach((page, p) => {
    for (const op of page.ops) {
      const [x0, y0, x1, y1] = boundsOf(op);
      const where = `page ${p + 1}: ${JSON.stringify(op).slice(0, 160)}`;
      expect(x0 >= frame.left - EPS && x1 <= frame.right + EPS, `off the sides, ${where}`).toBe(true);
      if (op.role === 'chrome')
        expect(y0 >= 20 && y1 <= paper.height - 20, `chrome off the page, ${where}`).toBe(true);
      else
        expect(y0 >= frame.bottom - EPS && y1 <= frame.top + EPS, `outside the frame, ${where}`).toBe(true);
    }
  });
}

/** No two visible texts on a page overlap (invisible tick-box markers sit on their boxes). */
function expectNoOverlappingText(model: DocumentModel): void {
  const clashes: string[] = [];
  model.pages.forEach((page, p) => {
    // Sweep left to right; glyph boxes include accent and descender room, so allow half a point.
    const boxes = texts(page.ops)
      .filter((t) => !t.invisible && t.text !== '')
      .map((t) => ({ t, b: boundsOf(t) }))
      .sort((a, c) => a.b[0] - c.b[0]);
    boxes.forEach((a, i) => {
      for (let j = i + 1; j < boxes.length; j++) {
        const c = boxes[j];
        if (!c || c.b[0] >= a.b[2] - 0.5) break;
        if (Math.min(a.b[3], c.b[3]) - Math.max(a.b[1], c.b[1]) > 0.5)
          clashes.push(`page ${p + 1}: "${a.t.text}" / "${c.t.text}"`);
      }
    });
  });
  expect(clashes).toEqual([]);
}

describe('buildDocumentModel', () => {
  it('paginates a 300-part job with every op on the page and nothing overlapping', () => {
    const fixture = threeHundredParts();
    expect(fixture.request.parts.reduce((s, p) => s + p.quantity, 0)).toBe(300);
    const model = buildDocumentModel(input(fixture), metrics);
    expect(model.pages.length).toBeGreaterThan(4);
    expectAllOnThePage(model);
    expectNoOverlappingText(model);
  });

  it('draws every piece of every layout, each bar whole on one page, in saw order', () => {
    const fixture = threeHundredParts();
    const model = buildDocumentModel(input(fixture), metrics);
    const ordered = sawOrder(fixture.response.plan.combinations);
    ordered.forEach(({ combination }, i) => {
      const pages = model.pages
        .map((page, p) => ({
          p,
          pieces: page.ops.filter((op) => op.kind === 'rect' && op.role === 'piece' && op.layout === i + 1),
        }))
        .filter((x) => x.pieces.length > 0);
      expect(pages).toHaveLength(1);
      expect(pages[0]?.pieces).toHaveLength(combination.usedComb.combination.length);
    });
  });

  it('draws one tick box per physical bar, with a text marker on each', () => {
    const fixture = threeHundredParts();
    const model = buildDocumentModel(input(fixture), metrics);
    const ops = model.pages.flatMap((p) => p.ops);
    const ordered = sawOrder(fixture.response.plan.combinations);
    ordered.forEach(({ combination }, i) => {
      const boxes = ops.filter((op) => op.kind === 'rect' && op.role === 'tickbox' && op.layout === i + 1);
      expect(boxes).toHaveLength(combination.count);
    });
    const total = fixture.response.plan.combinations.reduce((s, c) => s + c.count, 0);
    expect(texts(ops).filter((t) => t.invisible && t.text === '[ ]')).toHaveLength(total);
  });

  it('continues a cut table longer than a page under a repeated heading and header', () => {
    const model = buildDocumentModel(input(threeHundredParts()), metrics);
    const continued = model.pages.filter((page) =>
      texts(page.ops).some((t) => t.text.endsWith('(continued)')),
    );
    expect(continued.length).toBeGreaterThanOrEqual(2);
    for (const page of continued) {
      const body = texts(page.ops).filter((t) => t.role !== 'chrome');
      const top = body.reduce((best, t) => (t.y > best.y ? t : best));
      expect(top.text).toMatch(/^Layout \d+ of \d+ \(continued\)$/);
      expect(body.some((t) => t.text === 'Cut')).toBe(true);
    }
  });

  it('numbers pages "x of y" and prints the attribution, or the branding instead', () => {
    const fixture = windowFrames();
    const model = buildDocumentModel(input(fixture), metrics);
    const n = model.pages.length;
    model.pages.forEach((page, i) => {
      const chrome = texts(page.ops)
        .filter((t) => t.role === 'chrome')
        .map((t) => t.text);
      expect(chrome).toContain(`Page ${i + 1} of ${n}`);
      expect(chrome).toContain(fixture.response.meta.poweredBy);
      expect(chrome).toContain('Riverside block C: window frames');
    });
    const branded = buildDocumentModel(
      { ...input(fixture), branding: 'Acme Metalworks · acme.example' },
      metrics,
    );
    const chrome = branded.pages.flatMap((p) => texts(p.ops)).map((t) => t.text);
    expect(chrome).toContain('Acme Metalworks · acme.example');
    expect(chrome).not.toContain(fixture.response.meta.poweredBy);
  });

  it.each([
    ['A4 for millimetres', windowFrames, 595.28],
    ['Letter for inches', inchFraction, 612],
  ])('prints on %s', (_, make, width) => {
    expect(buildDocumentModel(input(make()), metrics).paper.width).toBe(width);
  });

  it('keeps a 50-layout plan on the page too', () => {
    const model = buildDocumentModel(input(manyLayouts(50)), metrics);
    expectAllOnThePage(model);
    expectNoOverlappingText(model);
  });

  it('truncates a label too long for its column instead of overflowing', () => {
    const model = buildDocumentModel(input(threeHundredParts()), metrics);
    const labels = model.pages
      .flatMap((p) => texts(p.ops))
      .filter((t) => t.text.startsWith('Handrail bracket'));
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((t) => t.text.endsWith('…'))).toBe(true);
  });

  it('flows tick boxes of a layout cut 2,000 times across pages', () => {
    const fixture = buildFixture({
      kerf: 3,
      parts: [{ length: 1000, label: 'Picket' }],
      stocks: [{ length: 6000 }],
      layouts: [{ source: 'stock', index: 0, pieces: [0, 0, 0, 0, 0], count: 2000 }],
      optimal: true,
      stockBarsLowerBound: 2000,
    });
    const model = buildDocumentModel(input(fixture), metrics);
    expectAllOnThePage(model);
    const perPage = model.pages.map(
      (p) => p.ops.filter((op) => op.kind === 'rect' && op.role === 'tickbox').length,
    );
    expect(perPage.reduce((a, b) => a + b, 0)).toBe(2000);
    expect(perPage.filter((n) => n > 0).length).toBeGreaterThan(1);
  });

  it('lists angled cuts as top / bottom pairs', () => {
    const fixture = windowFrames();
    const [first, ...rest] = fixture.response.plan.combinations;
    if (!first) throw new Error('fixture has no layout');
    const angled = {
      ...first,
      usedComb: { ...first.usedComb, cutPositions: [0, [2103, 2140] as const, 4243, 5997] },
    };
    const response = {
      ...fixture.response,
      plan: { ...fixture.response.plan, combinations: [angled, ...rest] },
    };
    const model = buildDocumentModel(input({ request: fixture.request, response }), metrics);
    const shown = model.pages.flatMap((p) => texts(p.ops)).map((t) => t.text);
    expect(shown).toContain('Saw at (mm) top / bottom');
    expect(shown).toContain('2103 / 2140');
    expectAllOnThePage(model);
  });

  it('still lays out a plan with no layouts', () => {
    const fixture = windowFrames();
    const response = { ...fixture.response, plan: { ...fixture.response.plan, combinations: [] } };
    const model = buildDocumentModel(input({ request: fixture.request, response }), metrics);
    expect(model.pages).toHaveLength(2);
    expectAllOnThePage(model);
  });

  it('groups a layout’s bars into full bundles and single bars', () => {
    const fixture = windowFrames();
    const [first, ...rest] = fixture.response.plan.combinations;
    if (!first) throw new Error('fixture has no layout');
    const bundled = { ...first, usedComb: { ...first.usedComb, bundleBars: 4 } };
    const response = {
      ...fixture.response,
      plan: { ...fixture.response.plan, combinations: [bundled, ...rest] },
    };
    const request = {
      ...fixture.request,
      stocks: fixture.request.stocks.map((s) => ({ ...s, bundleSize: 2 })),
    };
    const shown = buildDocumentModel(input({ request, response }), metrics)
      .pages.flatMap((p) => texts(p.ops))
      .map((t) => t.text);
    expect(shown).toContain('Stock bar 6000 mm · cut 6 bars · 2 full bundles of 2 + 2 single bars');
  });

  it('prints the setups, their bound and the bundle figures on page 1', () => {
    const fixture = windowFrames();
    const response = {
      ...fixture.response,
      stats: {
        ...fixture.response.stats,
        setups: 3,
        setupsLowerBound: 3,
        setupsOptimal: true,
        fullBundleBars: 4,
        singleBars: 2,
        bundleEfficiency: 0.6667,
      },
    };
    const shown = buildDocumentModel(input({ request: fixture.request, response }), metrics)
      .pages.flatMap((p) => texts(p.ops))
      .map((t) => t.text)
      .join(' ');
    expect(shown).toContain(
      '3 saw setups (distinct patterns); proven minimal: no plan of this cost needs fewer than 3',
    );
    expect(shown).toContain('4 bars in full bundles, 2 single bars (66.7 % of the bars bought)');
  });
});
