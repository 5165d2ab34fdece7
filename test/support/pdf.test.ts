import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfInfo, pdfPages, pdfText, renderPage } from './pdf.ts';

/**
 * The PDF reader the other tests trust, checked on a document whose content is known exactly: page 1
 * (200 × 100 pt) has two words on one baseline, one below, and a black square; page 2 is Letter.
 */
let pdf: Uint8Array;
beforeAll(async () => {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle('Reader check');
  doc.setCreationDate(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([200, 100]);
  first.drawText('Left', { x: 10, y: 80, size: 10, font });
  first.drawText('Right', { x: 150, y: 80, size: 10, font });
  first.drawText('Below', { x: 10, y: 60, size: 10, font });
  // PDF space runs up from the bottom left: this square covers pixel rows 70..89 from the top.
  first.drawRectangle({ x: 100, y: 10, width: 20, height: 20, color: rgb(0, 0, 0) });
  doc.addPage([612, 792]).drawText('Second page', { x: 72, y: 700, size: 12, font });
  pdf = await doc.save();
});

describe('PDF reader (MuPDF.js)', () => {
  it('gives each page its lines in drawing order, pieces on one baseline joined by a space', () => {
    expect(pdfPages(pdf)).toEqual(['Left Right\nBelow\n', 'Second page\n']);
    expect(pdfText(pdf)).toBe('Left Right\nBelow\n\fSecond page\n');
    expect(pdfText(pdf, { first: 2 })).toBe('Second page\n');
    expect(pdfText(pdf, { last: 1 })).toBe('Left Right\nBelow\n');
  });

  it('reads the page count, page sizes and the Info dictionary', () => {
    expect(pdfInfo(pdf)).toMatchObject({
      pages: 2,
      pageSizes: [
        { width: 200, height: 100 },
        { width: 612, height: 792 },
      ],
      title: 'Reader check',
      creationDate: 'D:20260102030405Z',
    });
  });

  it('renders a page to pixels and PNG, top left first, scaled by dpi', () => {
    const page = renderPage(pdf, 0);
    expect([page.width, page.height]).toEqual([200, 100]);
    expect(page.rgbAt(110, 80)).toEqual([0, 0, 0]);
    expect(page.rgbAt(110, 20)).toEqual([255, 255, 255]);
    expect(page.rgbAt(190, 95)).toEqual([255, 255, 255]);
    expect([...page.png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const sharp = renderPage(pdf, 0, 144);
    expect([sharp.width, sharp.height]).toEqual([400, 200]);
    expect(sharp.rgbAt(220, 160)).toEqual([0, 0, 0]);
    expect(() => renderPage(pdf, 2)).toThrow(/page index 2 outside 0..1/);
  });
});
