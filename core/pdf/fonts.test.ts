import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadInterFonts } from '../../test/support/inter-fonts.ts';
import { embedInter, printableFor } from './fonts.ts';
import { isWoff, woffToSfnt } from './woff.ts';

const fonts = loadInterFonts();

describe('woffToSfnt', () => {
  it('unwraps Inter into a TrueType font with the same glyphs and metrics', async () => {
    const sfnt = await woffToSfnt(fonts.bold);
    expect(isWoff(fonts.bold)).toBe(true);
    expect(isWoff(sfnt)).toBe(false);
    expect(new DataView(sfnt.buffer).getUint32(0)).toBe(0x00010000);
    const a = fontkit.create(fonts.bold);
    const b = fontkit.create(sfnt);
    expect(b.postscriptName).toBe(a.postscriptName);
    expect(b.numGlyphs).toBe(a.numGlyphs);
    expect(b.characterSet).toEqual(a.characterSet);
    const text = 'Saw at 5997 63/64" – Jamb ×7';
    expect(b.glyphsForString(text).map((g) => [g.id, g.advanceWidth])).toEqual(
      a.glyphsForString(text).map((g) => [g.id, g.advanceWidth]),
    );
  });

  it('returns bytes that are not WOFF unchanged', async () => {
    const sfnt = await woffToSfnt(fonts.regular);
    expect(await woffToSfnt(sfnt)).toBe(sfnt);
  });

  it('rejects a truncated WOFF', async () => {
    await expect(woffToSfnt(fonts.regular.subarray(0, 2000))).rejects.toThrow(/corrupt WOFF/);
  });
});

describe('embedInter', () => {
  it('measures text as the sum of glyph advances, with no ligature or arrow substitution', async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const { metrics } = await embedInter(doc, fonts);
    const font = fontkit.create(fonts.regular);
    const advances = (s: string): number =>
      (font.glyphsForString(s).reduce((sum, g) => sum + g.advanceWidth, 0) * 10) / font.unitsPerEm;
    for (const s of ['->', 'office', '1/2', 'Mullion 1450'])
      expect(metrics.width(s, 10, 'regular')).toBeCloseTo(advances(s), 6);
    expect(metrics.width('Jamb', 10, 'bold')).toBeGreaterThan(metrics.width('Jamb', 10, 'regular'));
    expect(metrics.ascent(10)).toBeGreaterThan(7);
    expect(metrics.descent(10)).toBeGreaterThan(1);
  });
});

describe('printableFor', () => {
  // A font that has printable ASCII only.
  const printable = printableFor(new Set(Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i)));
  it.each([
    ['plain', 'plain'],
    ['tab\tand\nnewline', 'tab and newline'],
    ['Zsolt Ő', 'Zsolt O'], // folds to the base letter
    ['café', 'cafe'],
    ['cafe\u0301', 'cafe'], // combining accent: NFC makes é, which folds back to e
    ['łata', '?ata'], // ł has no decomposition
    ['東京', '??'],
  ])('prints %j as %j', (input, output) => {
    expect(printable(input)).toBe(output);
  });
});
