/**
 * Labels in any script print as written: Latin Extended, Greek and Cyrillic from Inter's own subsets,
 * Hebrew and Arabic (right to left, Arabic joined) and CJK from Noto Sans, read back with MuPDF.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { worldLabels, worldLabelsSpec } from '../../test/fixtures/pdf-plans.ts';
import { loadInterFonts } from '../../test/support/inter-fonts.ts';
import { inkInBoxes, pagePng, pageTexts } from '../../test/support/pdf-text.ts';
import { buildDocumentModel } from './document.ts';
import { FontSet, stringsIn } from './fonts.ts';
import { renderPlanPdf } from './index.ts';
import type { TextOp } from './model.ts';

const GOLDEN = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'pdf-golden', 'world-labels.pdf');
const BRANDING = 'Сервис · שירות · 服务';

const render = (): Promise<Uint8Array> =>
  renderPlanPdf({
    ...worldLabels(),
    jobName: null,
    branding: BRANDING,
    createdAtMs: Date.UTC(2025, 10, 22, 14, 5),
    fonts: loadInterFonts(),
  });

let pdf: Uint8Array;
let texts: string[];
beforeAll(async () => {
  pdf = await render();
  texts = pageTexts(pdf);
});

describe('labels outside Latin-1', () => {
  it('renders world-labels.pdf byte for byte', async () => {
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(GOLDEN)) {
      expect(process.env.CI, 'golden world-labels.pdf missing in CI').not.toBe('true');
      writeFileSync(GOLDEN, pdf);
    }
    if (Buffer.compare(Buffer.from(pdf), readFileSync(GOLDEN)) !== 0) {
      const actual = join(tmpdir(), 'actual-world-labels.pdf');
      writeFileSync(actual, pdf);
      expect.fail(`world-labels.pdf differs from its golden file; the new render is at ${actual}`);
    }
    expect(Buffer.compare(Buffer.from(await render()), Buffer.from(pdf))).toBe(0);
  });

  it('prints every label, material, the unit and the job name as written, and no ? for any of them', () => {
    const all = texts.join('\n');
    const labels = worldLabelsSpec.parts.map((p) => p.label ?? '');
    expect(labels).toEqual(expect.arrayContaining(['Łódź', 'ąęśćżźń', 'Ελλάδα', 'Москва', 'שלום', '東京']));
    for (const label of labels) expect(all, label).toContain(label);
    expect(all).toContain('مرحبا سلام'); // joined letters and the lam-alef ligature read back as letters
    for (const word of ['сталь', 'алюминий', 'Łódź: ąę Ελλάδα Москва', '6000 мм', 'Сервис', 'שירות', '服务'])
      expect(all).toContain(word);
    expect(all).not.toContain('?');
    expect(all).not.toContain('\ufffd');
  });

  it('lists each label once per cut in the cut tables, right-to-left ones in reading order', () => {
    const sheets = texts.slice(1).join('\n');
    const count = (s: string): number => sheets.split(s).length - 1;
    // Each piece: once in the bar drawing, once in the cut table.
    expect(count('שלום')).toBe(4);
    expect(count('مرحبا سلام')).toBe(4);
    expect(count('東京')).toBe(4);
    expect(count('םולש')).toBe(0);
  });

  it('embeds only the faces the text needs, as subsets', async () => {
    const doc = await PDFDocument.load(pdf);
    const names = new Set<string>();
    for (const page of doc.getPages()) {
      const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
      for (const [, ref] of fonts?.entries() ?? []) {
        const font = doc.context.lookup(ref, PDFDict);
        names.add(
          font
            .lookup(PDFName.of('BaseFont'), PDFName)
            .decodeText()
            .replace(/^[A-Z]{6}\+|-\d+$/g, ''),
        );
      }
    }
    const fonts = [...names].sort();
    expect(fonts).toEqual(expect.arrayContaining(['Inter-Regular', 'Inter-Bold', 'NotoSansHebrew-Regular']));
    expect(fonts.some((f) => f.startsWith('NotoSansSC'))).toBe(true);
    expect(fonts.some((f) => f.startsWith('NotoSansJP'))).toBe(true);
    expect(fonts.some((f) => f.startsWith('NotoSansKR'))).toBe(true);
    // The whole plan stays small: subsets of a few glyphs each, not whole CJK fonts.
    expect(pdf.length).toBeLessThan(120_000);
  });

  it('renders hostile text (lone surrogates, bidi overrides, marks, emoji) without failing', async () => {
    const hostile = 'x\ud800y \u202eabc\u202c Łódź e\u0301\u0301 👍🏽‍ שלום\u200f 1';
    const fixture = worldLabels();
    const out = await renderPlanPdf({
      ...fixture,
      jobName: hostile,
      branding: hostile,
      createdAtMs: 0,
      fonts: loadInterFonts(),
    });
    const text = pageTexts(out).join('\n');
    expect(text).toContain('Łódź');
    expect(text).toContain('x?y');
    expect(text).not.toContain('\ufffd');
  });

  it('draws ink for every label on the saw sheet (each glyph has its outline)', async () => {
    if (process.env.KEEP_PNG === '1') writeFileSync(join(tmpdir(), 'world-labels-p2.png'), pagePng(pdf, 1));
    const input = { ...worldLabels(), jobName: null, branding: BRANDING, createdAtMs: 0 };
    const set = await FontSet.load(loadInterFonts(), stringsIn([input.request, input.response, BRANDING]));
    const model = buildDocumentModel(input, set.metrics());
    const labels = new Set(worldLabelsSpec.parts.map((p) => p.label));
    const drawn = (model.pages[1]?.ops ?? []).filter(
      (op): op is TextOp => op.kind === 'text' && labels.has(op.text),
    );
    expect(drawn.length).toBeGreaterThanOrEqual(2 * labels.size - 2);
    const boxes = drawn.map((op) => ({
      x0: op.x,
      y0: op.y - op.descent,
      x1: op.x + op.width,
      y1: op.y + op.ascent,
    }));
    const ink = inkInBoxes(pdf, 1, boxes);
    // A glyph whose outline the font lost draws nothing: a short label has well over 100 dark pixels.
    drawn.forEach((op, i) => {
      expect(ink[i], `${op.text} at ${op.x}, ${op.y}`).toBeGreaterThan(100);
    });
  });
});
