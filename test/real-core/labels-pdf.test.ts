import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderLabelsPdf } from '../../core/labels/pdf.ts';
import { pieceLabels } from '../../core/labels/pieces.ts';
import { parseOptimiseBody } from '../../core/request/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../../core/types.ts';
import { expectGolden } from '../support/golden-pdf.ts';
import { loadInterFonts } from '../support/inter-fonts.ts';
import { pdfInfo, pdfPages, renderPage } from '../support/pdf.ts';
import { planOf } from '../support/solver.ts';
import { MITRED_WORLD } from './labels-fixture.ts';

/**
 * Piece labels of a real mitred plan with labels in Greek, Chinese, Hebrew and Arabic, through the real
 * solver into the label renderer: one label per piece in saw order, on A4 sheets of 3 × 8 and on thermal
 * labels. The same request must give the same PDF, byte for byte; regenerate with UPDATE_GOLDEN=1 after
 * an intended change, look at it (LABELS_PNG=dir writes page 1 as PNG), and commit it.
 */

const CREATED = Date.UTC(2026, 10, 27, 9, 30);
const GOLDEN = (name: string): string => join(import.meta.dirname, 'golden', name);

let request: OptimiseRequest;
let response: OptimiseResponse;
const pdfs: Record<string, Uint8Array> = {};

beforeAll(async () => {
  const { jobName: _, ...body } = MITRED_WORLD;
  response = await planOf(body);
  for (const labelFormat of ['a4-3x8', 'thermal-100x50'] as const) {
    const parsed = parseOptimiseBody({ ...MITRED_WORLD, labelFormat }, 'labels');
    if (!parsed.ok) throw new Error(parsed.error.message);
    request = parsed.value;
    pdfs[labelFormat] = await renderLabelsPdf({
      request,
      response,
      jobName: request.jobName,
      createdAtMs: CREATED,
      fonts: loadInterFonts(),
    });
  }
  const dir = process.env.LABELS_PNG;
  if (dir !== undefined)
    for (const [name, pdf] of Object.entries(pdfs))
      writeFileSync(join(dir, `${name}.png`), renderPage(pdf, 0, 150).png);
});

describe('label PDF of a mitred plan with non-Latin labels', () => {
  it('is byte-identical to its golden files', () => {
    expectGolden(pdfs['a4-3x8'] as Uint8Array, GOLDEN('labels-a4.pdf'));
    expectGolden(pdfs['thermal-100x50'] as Uint8Array, GOLDEN('labels-thermal.pdf'));
  });

  it('prints one label per piece: 14 on one A4 sheet of 24, 14 thermal pages of 100 × 50 mm', () => {
    const a4 = pdfInfo(pdfs['a4-3x8'] as Uint8Array);
    expect(a4.pages).toBe(1);
    expect(a4.pageSizes[0]?.width).toBeCloseTo(595.28, 1);
    const thermal = pdfInfo(pdfs['thermal-100x50'] as Uint8Array);
    expect(thermal.pages).toBe(14);
    expect(thermal.pageSizes[0]?.width).toBeCloseTo((100 * 72) / 25.4, 1);
    expect(thermal.pageSizes[0]?.height).toBeCloseTo((50 * 72) / 25.4, 1);
  });

  it('prints each label’s text in its script, its length, angles, bar and piece, in saw order', () => {
    const labels = pieceLabels(request, response, request.jobName);
    const pages = pdfPages(pdfs['thermal-100x50'] as Uint8Array);
    expect(pages).toHaveLength(labels.length);
    labels.forEach((label, i) => {
      const page = pages[i] ?? '';
      for (const text of [label.label, label.length, label.id, `Bar ${label.bar}/${label.bars}`])
        expect(page).toContain(text);
      expect(page).toContain('Fenster Süd · 窗');
      if (label.angles !== null) expect(page).toContain(label.angles);
    });
    const a4 = pdfPages(pdfs['a4-3x8'] as Uint8Array)[0] ?? '';
    for (const script of ['Κάσα πάνω', '竖框 左', 'משקוף', 'عارضة', '45° / 135°', '45° / 45°', '1210.5 mm'])
      expect(a4).toContain(script);
    // Bars in saw order: bar 1's pieces first, the ids count up.
    expect(labels.map((l) => l.bar)).toEqual([...labels.map((l) => l.bar)].sort((a, b) => a - b));
  });

  it('draws a barcode: dark bars along each label’s bottom edge', () => {
    const page = renderPage(pdfs['thermal-100x50'] as Uint8Array, 0, 144);
    let dark = 0;
    const y = page.height - Math.round(0.15 * page.height);
    for (let x = 0; x < page.width / 2; x++) if ((page.rgbAt(x, y)[0] ?? 255) < 80) dark++;
    expect(dark).toBeGreaterThan(20);
  });
});
