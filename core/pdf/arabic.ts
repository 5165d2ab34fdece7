/**
 * Arabic joining without an OpenType shaper: each letter becomes its contextual presentation form
 * (Unicode Arabic Presentation Forms-A/B: isolated, final, initial, medial), and lam + alef become the
 * obligatory lam-alef ligature. pdf-lib draws glyphs by cmap only (no GSUB), and Noto Sans Arabic maps
 * the presentation forms, so this gives joined script for the letters of Arabic, Persian and Urdu that
 * have such forms. Marks (harakat) are kept but not positioned; letters without presentation forms
 * print in their isolated shape. The ToUnicode map of the PDF sends each form back to its letter
 * (fonts.ts), so copied text is the text as written.
 */

/** Letter → first presentation form and how many forms it has (4: joins both sides, 2: only before it). */
const FORMS = new Map<number, readonly [number, 2 | 4]>();

// U+0622…U+064A in order: forms per letter (1 = hamza, which never joins), starting at U+FE81.
const BASIC: readonly (readonly [number, 1 | 2 | 4])[] = [
  [0x0622, 2],
  [0x0623, 2],
  [0x0624, 2],
  [0x0625, 2],
  [0x0626, 4],
  [0x0627, 2],
  [0x0628, 4],
  [0x0629, 2],
  [0x062a, 4],
  [0x062b, 4],
  [0x062c, 4],
  [0x062d, 4],
  [0x062e, 4],
  [0x062f, 2],
  [0x0630, 2],
  [0x0631, 2],
  [0x0632, 2],
  [0x0633, 4],
  [0x0634, 4],
  [0x0635, 4],
  [0x0636, 4],
  [0x0637, 4],
  [0x0638, 4],
  [0x0639, 4],
  [0x063a, 4],
  [0x0641, 4],
  [0x0642, 4],
  [0x0643, 4],
  [0x0644, 4],
  [0x0645, 4],
  [0x0646, 4],
  [0x0647, 4],
  [0x0648, 2],
  [0x0649, 2],
  [0x064a, 4],
];
let next = 0xfe81;
for (const [letter, count] of BASIC) {
  FORMS.set(letter, [next, count === 4 ? 4 : 2]);
  next += count;
}
// Persian and Urdu letters in Presentation Forms-A.
for (const [letter, first, count] of [
  [0x067e, 0xfb56, 4], // peh
  [0x0686, 0xfb7a, 4], // tcheh
  [0x0698, 0xfb8a, 2], // jeh
  [0x06a9, 0xfb8e, 4], // keheh
  [0x06af, 0xfb92, 4], // gaf
  [0x06cc, 0xfbfc, 4], // farsi yeh
] as const) {
  FORMS.set(letter, [first, count]);
}

const TATWEEL = 0x0640;
const LAM = 0x0644;
/** Alef variants after lam → isolated lam-alef ligature (the final form is the next code point). */
const LAM_ALEF = new Map([
  [0x0622, 0xfef5],
  [0x0623, 0xfef7],
  [0x0625, 0xfef9],
  [0x0627, 0xfefb],
]);

/** Combining marks that do not break joining (harakat, superscript alef, Quranic marks). */
const isTransparent = (cp: number): boolean =>
  (cp >= 0x064b && cp <= 0x065f) || cp === 0x0670 || (cp >= 0x06d6 && cp <= 0x06ed);

const joinsBoth = (cp: number | undefined): boolean =>
  cp === TATWEEL || (cp !== undefined && FORMS.get(cp)?.[1] === 4);
const joinsBefore = (cp: number | undefined): boolean =>
  cp === TATWEEL || (cp !== undefined && FORMS.has(cp));

/** True when `text` holds a letter this module shapes. */
export function hasArabic(text: string): boolean {
  return /[\u0622-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc]/.test(text);
}

/**
 * `text` (logical order) with Arabic letters replaced by their contextual presentation forms. A form
 * `printable` rejects (the font lacks it) leaves the letter as it is.
 */
export function shapeArabic(text: string, printable: (cp: number) => boolean = () => true): string {
  if (!hasArabic(text)) return text;
  const cps = Array.from(text, (c) => c.codePointAt(0) ?? 0);
  // Neighbouring letters, skipping marks.
  const neighbour = (i: number, step: 1 | -1): number | undefined => {
    for (let j = i + step; j >= 0 && j < cps.length; j += step) {
      const cp = cps[j] ?? 0;
      if (!isTransparent(cp)) return cp;
    }
    return undefined;
  };
  const out: number[] = [];
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i] ?? 0;
    const forms = FORMS.get(cp);
    if (forms === undefined) {
      out.push(cp);
      continue;
    }
    const joinedBefore = joinsBoth(neighbour(i, -1));
    const after = cps[i + 1];
    const ligature = cp === LAM && after !== undefined ? LAM_ALEF.get(after) : undefined;
    if (ligature !== undefined) {
      const form = ligature + (joinedBefore ? 1 : 0);
      if (printable(form)) {
        out.push(form);
        i += 1;
        continue;
      }
    }
    const [first, count] = forms;
    const joinedAfter = count === 4 && joinsBefore(neighbour(i, 1));
    // Form order in Unicode: isolated, final, initial, medial.
    const offset = joinedBefore ? (joinedAfter ? 3 : 1) : joinedAfter ? 2 : 0;
    const form = first + offset;
    out.push(offset !== 0 && printable(form) ? form : cp);
  }
  return String.fromCodePoint(...out);
}
