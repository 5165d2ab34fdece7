import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fontFilePath, loadInterFonts } from '../../test/support/inter-fonts.ts';
import { allFaces, baseFace, type FontFile } from './font-catalog.ts';
import { cachedFontSource, FontSet, type FontSource, stringsIn } from './fonts.ts';
import { isWoff, woffToSfnt } from './woff.ts';

const woffOf = (file: string): Uint8Array => {
  const face = allFaces().find((f) => f.file === file);
  if (face === undefined) throw new Error(`no face ${file}`);
  return new Uint8Array(readFileSync(fontFilePath(face)));
};
const INTER_BOLD = 'inter-latin-700-normal.woff';
const ARABIC = 'noto-sans-arabic-arabic-400-normal.woff';

/** A font source that records which files the renderer asked for. */
function countingSource(): FontSource & { readonly files: string[] } {
  const files: string[] = [];
  const inner = loadInterFonts();
  return {
    files,
    load(face: FontFile) {
      files.push(face.file);
      return inner.load(face);
    },
  };
}

describe('woffToSfnt', () => {
  it('unwraps Inter into a TrueType font with the same glyphs and metrics', async () => {
    const woff = woffOf(INTER_BOLD);
    const sfnt = await woffToSfnt(woff);
    expect(isWoff(woff)).toBe(true);
    expect(isWoff(sfnt)).toBe(false);
    expect(new DataView(sfnt.buffer).getUint32(0)).toBe(0x00010000);
    const a = fontkit.create(woff);
    const b = fontkit.create(sfnt);
    expect(b.postscriptName).toBe(a.postscriptName);
    expect(b.numGlyphs).toBe(a.numGlyphs);
    expect(b.characterSet).toEqual(a.characterSet);
    const text = 'Saw at 5997 63/64" – Jamb ×7';
    expect(b.glyphsForString(text).map((g) => [g.id, g.advanceWidth])).toEqual(
      a.glyphsForString(text).map((g) => [g.id, g.advanceWidth]),
    );
  });

  it('returns bytes that need nothing unchanged', async () => {
    const sfnt = await woffToSfnt(woffOf(INTER_BOLD));
    expect(await woffToSfnt(sfnt)).toBe(sfnt);
  });

  it('rejects a truncated WOFF', async () => {
    await expect(woffToSfnt(woffOf(INTER_BOLD).subarray(0, 2000))).rejects.toThrow(/corrupt WOFF/);
  });

  it('pads odd-length glyphs, so a fontkit subset of Noto Sans Arabic keeps its outlines', async () => {
    const original = fontkit.create(woffOf(ARABIC));
    const padded = fontkit.create(await woffToSfnt(woffOf(ARABIC)));
    const subset = padded.createSubset();
    const letters = [0x0645, 0xfee3, 0xfeae, 0xfefb, 0x0627];
    for (const cp of letters) subset.includeGlyph(padded.glyphForCodePoint(cp));
    const chunks: Uint8Array[] = [];
    const stream = subset.encodeStream() as unknown as NodeJS.EventEmitter;
    await new Promise<void>((resolve, reject) => {
      stream.on('data', (c: Uint8Array) => chunks.push(c));
      stream.on('end', () => resolve());
      stream.on('error', reject);
    });
    const out = fontkit.create(Buffer.concat(chunks));
    letters.forEach((cp, i) => {
      // Subset glyph i + 1 is the i-th included (0 is .notdef).
      expect(out.getGlyph(i + 1).path.toSVG(), `U+${cp.toString(16)}`).toBe(
        original.glyphForCodePoint(cp).path.toSVG(),
      );
    });
  });
});

describe('FontSet', () => {
  it('loads only Inter latin for Latin-1 text', async () => {
    const source = countingSource();
    await FontSet.load(source, ['Jamb', 'café ×3 – ½"']);
    expect(source.files.sort()).toEqual(['inter-latin-400-normal.woff', 'inter-latin-700-normal.woff']);
  });

  it.each([
    ['Łódź', ['inter-latin-ext-400-normal.woff', 'inter-latin-ext-700-normal.woff']],
    ['Москва', ['inter-cyrillic-400-normal.woff', 'inter-cyrillic-700-normal.woff']],
    ['Ελλάδα', ['inter-greek-400-normal.woff', 'inter-greek-700-normal.woff']],
    ['שלום', ['noto-sans-hebrew-hebrew-400-normal.woff', 'noto-sans-hebrew-hebrew-700-normal.woff']],
    ['مرحبا', ['noto-sans-arabic-arabic-400-normal.woff', 'noto-sans-arabic-arabic-700-normal.woff']],
  ])('loads for %j the faces of its script, both weights, and nothing else', async (text, extra) => {
    const source = countingSource();
    await FontSet.load(source, [text]);
    expect(source.files.slice(2).sort()).toEqual(extra);
  });

  it('loads CJK slices in regular only, Japanese first for kana and Korean first for Hangul', async () => {
    const families = async (text: string): Promise<string[]> => {
      const source = countingSource();
      await FontSet.load(source, [text]);
      return [...new Set(source.files.slice(2).map((f) => f.replace(/-\d+-(400|700)-normal\.woff$/, '-$1')))];
    };
    expect(await families('東京')).toEqual(['noto-sans-sc-400']);
    expect(await families('ひらがな東京')).toEqual(['noto-sans-jp-400']);
    expect(await families('서울')).toEqual(['noto-sans-kr-400']);
  });

  it('cuts text into runs by font, right-to-left parts in visual order', async () => {
    const set = await FontSet.load(loadInterFonts(), ['Door שלום 2 Łódź']);
    expect(set.runs('Door שלום 2 Łódź', 'regular')).toEqual([
      // The number after the Hebrew word belongs to its right-to-left run (UAX #9 rules W2, N1).
      { font: 'inter-latin-400-normal.woff', text: 'Door 2 ' },
      { font: 'noto-sans-hebrew-hebrew-400-normal.woff', text: 'םולש' },
      { font: 'inter-latin-400-normal.woff', text: ' ' },
      { font: 'inter-latin-ext-400-normal.woff', text: 'Ł' },
      { font: 'inter-latin-400-normal.woff', text: 'ód' },
      { font: 'inter-latin-ext-400-normal.woff', text: 'ź' },
    ]);
    expect(set.runs('', 'bold')).toEqual([{ font: baseFace('bold').file, text: '' }]);
  });

  it('joins Arabic letters and reorders them for drawing', async () => {
    const set = await FontSet.load(loadInterFonts(), ['مرحبا']);
    const [run] = set.runs('مرحبا', 'regular');
    // Visual order of the final, medial, initial… forms: alef final, beh medial, hah initial, reh final, meem initial.
    expect(run?.text).toBe('\ufe8e\ufe92\ufea3\ufeae\ufee3');
  });

  it('measures text as the sum of glyph advances per font, with no ligature or arrow substitution', async () => {
    const set = await FontSet.load(loadInterFonts(), ['Москва 12']);
    const metrics = set.metrics();
    const font = fontkit.create(woffOf('inter-latin-400-normal.woff'));
    const cyr = fontkit.create(woffOf('inter-cyrillic-400-normal.woff'));
    const advances = (f: typeof font, s: string): number =>
      (f.glyphsForString(s).reduce((sum, g) => sum + g.advanceWidth, 0) * 10) / f.unitsPerEm;
    for (const s of ['->', 'office', '1/2', 'Mullion 1450'])
      expect(metrics.width(s, 10, 'regular')).toBeCloseTo(advances(font, s), 6);
    expect(metrics.width('Москва 12', 10, 'regular')).toBeCloseTo(
      advances(cyr, 'Москва') + advances(font, ' 12'),
      6,
    );
    expect(metrics.width('Jamb', 10, 'bold')).toBeGreaterThan(metrics.width('Jamb', 10, 'regular'));
    expect(metrics.ascent(10)).toBeGreaterThan(7);
    expect(metrics.descent(10)).toBeGreaterThan(1);
  });

  it.each([
    ['plain', 'plain'],
    ['tab\tand\nnewline', 'tab and newline'],
    ['Zsolt Ő łata', 'Zsolt Ő łata'],
    ['cafe\u0301', 'café'], // combining accent: NFC makes é
    ['Ελλάδα Москва שלום مرحبا 東京 서울', 'Ελλάδα Москва שלום مرحبا 東京 서울'],
    ['ᚠ rune', '? rune'], // no font has Runic
    ['𝐀 bold math', 'A bold math'], // no font has it: folds to its compatibility base
  ])('prints %j as %j', async (input, output) => {
    const set = await FontSet.load(loadInterFonts(), [input]);
    expect(set.printable(input)).toBe(output);
  });
});

describe('FontSet.load', () => {
  it('keeps Inter regular before bold whichever file loads first (embedFonts names them F1 and F2)', async () => {
    const inner = loadInterFonts();
    const slowRegular: FontSource = {
      async load(face: FontFile) {
        if (face.file === baseFace('regular').file) await new Promise((done) => setTimeout(done, 30));
        return inner.load(face);
      },
    };
    const set = await FontSet.load(slowRegular, []);
    expect(set.faces().map((l) => l.face.file)).toEqual([baseFace('regular').file, baseFace('bold').file]);
  });
});

describe('FontSet on any text', () => {
  // Whole Unicode, lone surrogates, bidi controls, marks, emoji: nothing throws, every character is
  // drawn by a loaded face or replaced, and text without right-to-left or Arabic keeps its order.
  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.string({
      unit: fc.constantFrom(...'aŁó Ωж שׁ ب لا 東ひ서\u202e\u200f\u0301😀\ud800()[]12'.split('')),
      maxLength: 12,
    }),
  );
  it('prints, cuts into runs and measures it', async () => {
    const source = loadInterFonts();
    await fc.assert(
      fc.asyncProperty(text, async (t) => {
        const set = await FontSet.load(source, [t]);
        const shown = set.printable(t);
        const bad = Array.from(shown).filter((c) => {
          const cp = c.codePointAt(0) ?? 0;
          return cp < 0x20 || (cp >= 0xd800 && cp <= 0xdfff);
        });
        expect(bad).toEqual([]);
        for (const weight of ['regular', 'bold'] as const) {
          const runs = set.runs(shown, weight);
          const files = new Set(set.faces().map((l) => l.face.file));
          for (const run of runs) expect(files.has(run.font), run.font).toBe(true);
          if (!/[\u0590-\u08ff\ufb1d-\ufefc\u200f\u202b\u202e]/.test(shown))
            expect(runs.map((r) => r.text).join('')).toBe(shown);
          const width = set.width(shown, 10, weight);
          expect(Number.isFinite(width) && width >= 0).toBe(true);
        }
      }),
      { seed: 2511, numRuns: 150 },
    );
  });
});

describe('stringsIn', () => {
  it('collects every string of nested objects and arrays', () => {
    expect(stringsIn([{ a: 'x', b: [1, 'y', { c: 'z' }] }, null, 'w'])).toEqual(['x', 'y', 'z', 'w']);
  });
});

describe('cachedFontSource', () => {
  it('reads each file once, keeps it unwrapped, and forgets a failed read', async () => {
    let reads = 0;
    const face = { pkg: '@fontsource/inter', file: INTER_BOLD };
    const source = cachedFontSource(async () => {
      reads += 1;
      if (reads === 1) throw new Error('EIO');
      return woffOf(INTER_BOLD);
    });
    await expect(source.load(face)).rejects.toThrow('EIO');
    const a = await source.load(face);
    expect(await source.load(face)).toBe(a);
    expect(isWoff(a)).toBe(false);
    expect(reads).toBe(2);
  });
});
