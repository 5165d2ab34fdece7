/**
 * Fonts for the PDF: Inter, with Noto Sans fallbacks for the scripts Inter lacks (font-catalog.ts).
 * The shell reads font files on request through a {@link FontSource}; `core/` never touches the file
 * system. Before layout, the renderer scans the job's text and loads only the faces it needs, so a
 * Latin-only plan reads Inter's two latin files and a CJK label adds a slice or two (about 50 KB each).
 *
 * Only WOFF embeds correctly through @pdf-lib/fontkit, and only with `subset: true` (see
 * docs/platform-notes: WOFF2 subsetting crashes fontkit; unsubsetted WOFF embeds an invalid font).
 */
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { shapeArabic } from './arabic.ts';
import { hasRtl, loadBidi, visualOrder } from './bidi.ts';
import {
  allFaces,
  baseFace,
  covers,
  type FontFace,
  type FontFile,
  facesOf,
  familyOrder,
} from './font-catalog.ts';
import type { TextRun, Weight } from './model.ts';
import type { TextMetrics } from './pen.ts';
import { woffToSfnt } from './woff.ts';

/** Reads font files for the renderer (the shell: from node_modules or from beside the bundle). */
export interface FontSource {
  /** The bytes of `face.file`: WOFF as shipped, or already unwrapped with `woffToSfnt`. */
  load(face: FontFile): Promise<Uint8Array>;
}

/**
 * A source that reads each file once and keeps it unwrapped (`woffToSfnt`) for the container's life:
 * the handler makes one at start-up. A failed read is not kept.
 */
export function cachedFontSource(read: (face: FontFile) => Promise<Uint8Array>): FontSource {
  const cache = new Map<string, Promise<Uint8Array>>();
  return {
    load(face) {
      let bytes = cache.get(face.file);
      if (bytes === undefined) {
        bytes = read(face).then(woffToSfnt);
        bytes.catch(() => cache.delete(face.file));
        cache.set(face.file, bytes);
      }
      return bytes;
    },
  };
}

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];
type KitFont = ReturnType<PdfLibFontkit['create']>;
type GlyphRun = ReturnType<KitFont['layout']>;
type Glyph = GlyphRun['glyphs'][number];

const PRESENTATION_FORM = (cp: number): boolean =>
  (cp >= 0xfb50 && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfefc);
const asText = new WeakMap<Glyph, Glyph>();

/**
 * A glyph drawn from an Arabic presentation form (arabic.ts) reports the letters it stands for, so the
 * PDF's ToUnicode map gives the text as written when copied or searched. Right-to-left text is drawn
 * in visual order and readers reverse it character by character, so a ligature's letters (lam-alef)
 * are listed in visual order too.
 */
function asLetters(glyph: Glyph): Glyph {
  const cp = glyph.codePoints[0];
  if (cp === undefined || !PRESENTATION_FORM(cp)) return glyph;
  let wrapped = asText.get(glyph);
  if (wrapped === undefined) {
    const letters = Array.from(String.fromCodePoint(cp).normalize('NFKC'), (c) => c.codePointAt(0) ?? 0);
    letters.reverse();
    wrapped = Object.create(glyph, { codePoints: { value: letters } }) as Glyph;
    asText.set(glyph, wrapped);
  }
  return wrapped;
}

/**
 * fontkit with a plain character-to-glyph layout. pdf-lib calls `font.layout()` to encode and to
 * measure every string, and fontkit's full OpenType shaping costs about 0.3 ms per string with Inter
 * (1.2 s for a 2,000-string plan, measured). pdf-lib reads only `glyphs` from the run and ignores
 * GPOS positions anyway, so shaping buys nothing but substitutions we do not want on a saw sheet
 * (Inter's contextual alternates turn `->` into an arrow). The cmap lookup is about 200× faster;
 * Arabic joining is done before, with presentation forms (arabic.ts).
 */
export const plainFontkit: PdfLibFontkit = {
  create(buffer, postscriptName) {
    // @pdf-lib/fontkit and pdf-lib ship separate declarations of the same Font interface.
    const font = fontkit.create(buffer, postscriptName) as unknown as KitFont;
    // pdf-lib reads only `glyphs` from the run (CustomFontEmbedder.encodeText / widthOfTextAtSize).
    const layout = (text: string): GlyphRun =>
      ({ glyphs: font.glyphsForString(text).map(asLetters) }) as unknown as GlyphRun;
    return Object.assign(font, { layout });
  },
};

/** One outline command of a glyph, as fontkit gives it (`moveTo`, `lineTo`, `quadraticCurveTo`, `bezierCurveTo`, `closePath`). */
export interface PathCommand {
  readonly command: string;
  readonly args: readonly number[];
}

/** A run's glyphs as outlines: advances and paths in font units (y up), with the font's metrics. */
export interface GlyphOutlines {
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  readonly glyphs: readonly { readonly advanceWidth: number; readonly commands: readonly PathCommand[] }[];
}

interface LoadedFace {
  readonly face: FontFace;
  readonly sfnt: Uint8Array;
  readonly kit: KitFont;
}

/** Every string in `value` (objects and arrays walked): the text the renderer scans to pick fonts. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

const WEIGHTS: readonly Weight[] = ['regular', 'bold'];

/**
 * The faces loaded for one document, and the text layout on them: which face draws each character
 * (the first family in {@link familyOrder} whose face has the glyph), Arabic joining, right-to-left
 * reordering, and widths that add up the runs exactly as pdf-lib measures them.
 */
export class FontSet {
  private readonly loaded: Map<FontFace, LoadedFace>;
  /** Face chosen per code point, by weight and family order (see {@link familyOrder}). */
  private readonly choice = new Map<string, Map<number, FontFace | null>>();
  /** Per UTF-16 unit: 0 not yet known, 1 basic (see {@link isBasic}), 2 not. */
  private readonly basicUnits = new Uint8Array(0x10000);

  private constructor(loaded: Map<FontFace, LoadedFace>) {
    this.loaded = loaded;
  }

  /**
   * True for text made only of characters both Inter latin faces draw (controls and marks excepted):
   * nearly all of a Latin-script plan. Such text is one run in one font, measured and drawn as before
   * fallback existed, without per-character lookups.
   */
  private isBasic(text: string): boolean {
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      let state = this.basicUnits[unit];
      if (state === 0) {
        const plain = unit >= 0x20 && !(unit >= 0x7f && unit < 0xa0) && !(unit >= 0x300 && unit < 0x370);
        const drawn = WEIGHTS.every((w) => this.kitOf(baseFace(w).file).hasGlyphForCodePoint(unit));
        state = plain && unit < 0xd800 && drawn ? 1 : 2;
        this.basicUnits[unit] = state;
      }
      if (state !== 1) return false;
    }
    return true;
  }

  /** Loads Inter's latin faces plus whatever `texts` need, and nothing else. */
  static async load(source: FontSource, texts: readonly string[]): Promise<FontSet> {
    const loaded = new Map<FontFace, LoadedFace>();
    const read = async (face: FontFace): Promise<LoadedFace> => {
      const sfnt = await woffToSfnt(await source.load(face));
      return { face, sfnt, kit: plainFontkit.create(sfnt) };
    };
    const loadFace = async (face: FontFace): Promise<void> => {
      loaded.set(face, await read(face));
    };
    // Into the map in WEIGHTS order, not as each read ends: else embedFonts names bold F1 whenever its
    // file happens to load first (the carport golden PDF failed so, now and then, under load).
    for (const l of await Promise.all(WEIGHTS.map((w) => read(baseFace(w))))) loaded.set(l.face, l);
    if (texts.some(hasRtl)) await loadBidi();
    // Rounds: load the first face whose range holds each missing character; if its cmap lacks the
    // glyph after all, the next round tries the next face. Ranges come from the cmaps, so one round
    // is the rule.
    const wanted = texts.flatMap((t) => (/[^\u0020-\u00ff]/.test(t) ? [t, shapeArabic(t)] : []));
    for (;;) {
      const set = new FontSet(loaded);
      const missing = new Set<FontFace>();
      for (const text of wanted) {
        const order = familyOrder(text);
        for (const ch of text) {
          const cp = ch.codePointAt(0) ?? 0;
          for (const weight of WEIGHTS) {
            if (set.faceFor(cp, weight, order) !== null) continue;
            const next = FontSet.firstCovering(cp, weight, order, (f) => !loaded.has(f));
            if (next !== null) missing.add(next);
          }
        }
      }
      if (missing.size === 0) return set;
      // Sorted, so the same job loads in the same order (the loaded map's order is the catalog's).
      const faces = allFaces().filter((f) => missing.has(f));
      await Promise.all(faces.map(loadFace));
      const rank = new Map(allFaces().map((f, i) => [f, i]));
      const sorted = [...loaded.values()].sort((a, b) => (rank.get(a.face) ?? 0) - (rank.get(b.face) ?? 0));
      loaded.clear();
      for (const l of sorted) loaded.set(l.face, l);
    }
  }

  /** The first face, in fallback order, that `accept`s and whose range holds `cp`. */
  private static firstCovering(
    cp: number,
    weight: Weight,
    order: readonly string[],
    accept: (face: FontFace) => boolean,
  ): FontFace | null {
    for (const family of order)
      for (const face of facesOf(family, weight)) if (accept(face) && covers(face, cp)) return face;
    return null;
  }

  /** The loaded face that draws `cp`, or null when none can. */
  faceFor(cp: number, weight: Weight, order: readonly string[]): FontFace | null {
    if (cp < 0x80) return cp >= 0x20 && cp < 0x7f ? baseFace(weight) : null;
    const key = weight + order.join();
    let chosen = this.choice.get(key);
    if (chosen === undefined) {
      chosen = new Map();
      this.choice.set(key, chosen);
    }
    let face = chosen.get(cp);
    if (face === undefined) {
      face = FontSet.firstCovering(
        cp,
        weight,
        order,
        (f) => this.loaded.get(f)?.kit.hasGlyphForCodePoint(cp) === true,
      );
      chosen.set(cp, face);
    }
    return face;
  }

  /** The faces in the set, in catalog order, with their unwrapped bytes. */
  faces(): readonly LoadedFace[] {
    return [...this.loaded.values()];
  }

  /** `text` (already printable) as drawn: joined, in visual order, cut into runs of one face each. */
  runs(text: string, weight: Weight): TextRun[] {
    if (this.isBasic(text)) return [{ font: baseFace(weight).file, text }];
    const order = familyOrder(text);
    const printable = (cp: number): boolean => this.faceFor(cp, weight, order) !== null;
    const visual = visualOrder(shapeArabic(text, printable));
    const runs: TextRun[] = [];
    let current: TextRun | undefined;
    for (const ch of visual) {
      const face = (this.faceFor(ch.codePointAt(0) ?? 0, weight, order) ?? baseFace(weight)).file;
      if (current?.font === face) current = { font: face, text: current.text + ch };
      else {
        if (current !== undefined) runs.push(current);
        current = { font: face, text: ch };
      }
    }
    // An empty string still draws (an empty `Tj`), as it always has.
    runs.push(current ?? { font: baseFace(weight).file, text: '' });
    return runs;
  }

  /** Width of `text` at `size`: per run, the sum of glyph advances, computed as pdf-lib does. */
  width(text: string, size: number, weight: Weight): number {
    let total = 0;
    const runs = this.isBasic(text) ? [{ font: baseFace(weight).file, text }] : this.runs(text, weight);
    for (const run of runs) {
      const kit = this.kitOf(run.font);
      const scale = 1000 / kit.unitsPerEm;
      let width = 0;
      for (const glyph of kit.layout(run.text).glyphs) width += glyph.advanceWidth * scale;
      total += width * (size / 1000);
    }
    return total;
  }

  /**
   * The glyph outlines of one run (from {@link runs}) in font units, y up, for rasterising text that a
   * printer's own fonts cannot show (ZPL labels).
   */
  outlines(run: TextRun): GlyphOutlines {
    const kit = this.kitOf(run.font);
    return {
      unitsPerEm: kit.unitsPerEm,
      ascent: kit.ascent,
      descent: kit.descent,
      glyphs: kit.layout(run.text).glyphs.map((g) => {
        const outline = g as unknown as { advanceWidth: number; path: { commands: PathCommand[] } };
        return { advanceWidth: outline.advanceWidth, commands: outline.path.commands };
      }),
    };
  }

  private kitOf(file: string): KitFont {
    for (const l of this.loaded.values()) if (l.face.file === file) return l.kit;
    throw new Error(`font ${file} is not loaded`);
  }

  /**
   * A sanitiser for user text (labels, job names, materials, branding): control characters become
   * spaces; a character no loaded face draws in both weights falls back to its unaccented base
   * (`ő` → `o` if need be), else to `?`, so nothing renders as an invisible `.notdef` box.
   */
  printable(text: string): string {
    if (this.isBasic(text)) return text;
    const order = familyOrder(text);
    const ok = (cp: number): boolean => WEIGHTS.every((w) => this.faceFor(cp, w, order) !== null);
    let out = '';
    for (const ch of text.normalize('NFC')) {
      const cp = ch.codePointAt(0) ?? 0;
      if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += ' ';
      else if (ok(cp)) out += ch;
      else {
        const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
        out += base !== '' && Array.from(base).every((c) => ok(c.codePointAt(0) ?? 0)) ? base : '?';
      }
    }
    return out;
  }

  /** Text metrics for layout, backed by this set. */
  metrics(): TextMetrics {
    // As pdf-lib's heightAtSize computes it (the unscaled descent it subtracts included), so page
    // layout stays as it was when pdf-lib measured.
    const { ascent, descent, bbox, unitsPerEm } = this.kitOf(baseFace('regular').file);
    const scale = 1000 / unitsPerEm;
    const height = (descender: boolean): number => {
      const full = (ascent || bbox.maxY) * scale - (descent || bbox.minY) * scale;
      return ((descender ? full : full - (Math.abs(descent) || 0)) / 1000) * 1000;
    };
    const ascentPerPt = height(false) / 1000;
    const heightPerPt = height(true) / 1000;
    return {
      width: (text, size, weight) => this.width(text, size, weight),
      ascent: (size) => ascentPerPt * size,
      descent: (size) => (heightPerPt - ascentPerPt) * size,
      printable: (text) => this.printable(text),
      runs: (text, weight) => this.runs(text, weight),
    };
  }
}

/** The faces a document draws with, embedded as subsets: PDF resource name and font by file name. */
export type EmbeddedFonts = ReadonlyMap<string, { readonly name: string; readonly font: PDFFont }>;

/**
 * Embeds Inter's latin regular and bold (always, as F1 and F2) and every other face in `used`, in
 * catalog order (F3, F4, …), so the same document embeds the same fonts in the same order.
 */
export async function embedFonts(
  doc: PDFDocument,
  set: FontSet,
  used: ReadonlySet<string>,
): Promise<EmbeddedFonts> {
  // pdf-lib parses the font bytes again to embed them: hand it the fonts already parsed for layout.
  const parsed = new Map(set.faces().map((l) => [l.sfnt, l.kit]));
  doc.registerFontkit({ create: (bytes, name) => parsed.get(bytes) ?? plainFontkit.create(bytes, name) });
  const base = WEIGHTS.map((w) => baseFace(w).file);
  const faces = set.faces().filter((l) => base.includes(l.face.file) || used.has(l.face.file));
  faces.sort((a, b) => Number(!base.includes(a.face.file)) - Number(!base.includes(b.face.file)));
  const embedded = new Map<string, { name: string; font: PDFFont }>();
  for (const [i, l] of faces.entries()) {
    embedded.set(l.face.file, { name: `F${i + 1}`, font: await doc.embedFont(l.sfnt, { subset: true }) });
  }
  return embedded;
}
