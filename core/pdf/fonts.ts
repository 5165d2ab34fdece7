/**
 * Inter for the PDF. The shell reads the two WOFF files named here (once per container) and passes
 * their bytes in; `core/` never touches the file system.
 *
 * Only WOFF embeds correctly through @pdf-lib/fontkit, and only with `subset: true` (see
 * docs/platform-notes: WOFF2 subsetting crashes fontkit; unsubsetted WOFF embeds an invalid font).
 * The latin subset covers Latin-1 plus common punctuation; other characters are folded or replaced
 * by {@link printableFor}.
 */
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { Weight } from './model.ts';
import type { TextMetrics } from './pen.ts';
import { woffToSfnt } from './woff.ts';

/** Package folder the font files live in (`require.resolve(`${INTER_FONT_DIR}/${file}`)`). */
export const INTER_FONT_DIR = '@fontsource/inter/files';

/** The WOFF files the renderer needs, by weight. */
export const INTER_FONT_FILES = {
  regular: 'inter-latin-400-normal.woff',
  bold: 'inter-latin-700-normal.woff',
} as const;

/** Font file contents, as read by the shell from {@link INTER_FONT_FILES}. */
export interface FontBytes {
  readonly regular: Uint8Array;
  readonly bold: Uint8Array;
}

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];
type KitFont = ReturnType<PdfLibFontkit['create']>;
type GlyphRun = ReturnType<KitFont['layout']>;

/**
 * fontkit with a plain character-to-glyph layout. pdf-lib calls `font.layout()` to encode and to
 * measure every string, and fontkit's full OpenType shaping costs about 0.3 ms per string with Inter
 * (1.2 s for a 2,000-string plan, measured). pdf-lib reads only `glyphs` from the run and ignores
 * GPOS positions anyway, so shaping buys nothing but substitutions we do not want on a saw sheet
 * (Inter's contextual alternates turn `->` into an arrow). The cmap lookup is about 200× faster.
 */
export const plainFontkit: PdfLibFontkit = {
  create(buffer, postscriptName) {
    // @pdf-lib/fontkit and pdf-lib ship separate declarations of the same Font interface.
    const font = fontkit.create(buffer, postscriptName) as unknown as KitFont;
    // pdf-lib reads only `glyphs` from the run (CustomFontEmbedder.encodeText / widthOfTextAtSize).
    const layout = (text: string): GlyphRun =>
      ({ glyphs: font.glyphsForString(text) }) as unknown as GlyphRun;
    return Object.assign(font, { layout });
  },
};

export interface EmbeddedFonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly metrics: TextMetrics;
}

/** Embeds both weights as subsets and returns metrics that match what will be drawn. */
export async function embedInter(doc: PDFDocument, fonts: FontBytes): Promise<EmbeddedFonts> {
  doc.registerFontkit(plainFontkit);
  const [regularSfnt, boldSfnt] = await Promise.all([woffToSfnt(fonts.regular), woffToSfnt(fonts.bold)]);
  const regular = await doc.embedFont(regularSfnt, { subset: true });
  const bold = await doc.embedFont(boldSfnt, { subset: true });
  const inBold = new Set(bold.getCharacterSet());
  const supported = new Set(regular.getCharacterSet().filter((cp) => inBold.has(cp)));
  const byWeight = (w: Weight): PDFFont => (w === 'bold' ? bold : regular);
  const ascentPerPt = regular.heightAtSize(1000, { descender: false }) / 1000;
  const heightPerPt = regular.heightAtSize(1000) / 1000;
  return {
    regular,
    bold,
    metrics: {
      width: (text, size, weight) => byWeight(weight).widthOfTextAtSize(text, size),
      ascent: (size) => ascentPerPt * size,
      descent: (size) => (heightPerPt - ascentPerPt) * size,
      printable: printableFor(supported),
    },
  };
}

/**
 * A sanitiser for user text (labels, job names, materials, branding): control characters become
 * spaces, characters the font lacks fall back to their unaccented base (`ő` → `o`), else to `?`,
 * so nothing renders as an invisible `.notdef` box.
 */
export function printableFor(supported: ReadonlySet<number>): (text: string) => string {
  const ok = (s: string): boolean =>
    s !== '' && Array.from(s).every((c) => supported.has(c.codePointAt(0) ?? -1));
  return (text) => {
    let out = '';
    for (const ch of text.normalize('NFC')) {
      const cp = ch.codePointAt(0) ?? 0;
      if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += ' ';
      else if (supported.has(cp)) out += ch;
      else {
        const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
        out += ok(base) ? base : '?';
      }
    }
    return out;
  };
}
