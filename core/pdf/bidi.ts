/**
 * Right-to-left text in visual order. PDF text is drawn left to right glyph by glyph, so a Hebrew or
 * Arabic label must be reordered before drawing: the Unicode Bidirectional Algorithm (bidi-js, a full
 * UAX #9 implementation), with the paragraph direction taken from the first strong character and
 * mirrored brackets swapped inside right-to-left runs.
 */
import type { Bidi } from 'bidi-js';

// bidi-js ships CommonJS typed as an ES module: Node hands its factory over as the default import,
// TypeScript (and some bundlers) see the factory under `.default`.
const factoryOf = (mod: unknown): (() => Bidi) =>
  (typeof mod === 'function' ? mod : (mod as { default: () => Bidi }).default) as () => Bidi;

// Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, their presentation forms, and the explicit
// right-to-left controls: strings without any of them need no reordering (the common case, kept fast).
const RTL = /[\u0590-\u08ff\u200f\u202b\u202e\u2067\ufb1d-\ufdff\ufe70-\ufefc]|[\ud802\ud803\ud83a\ud83b]/;

let bidi: Bidi | undefined;

/**
 * Loads the algorithm (its own chunk: evaluating bidi-js costs tens of ms of a cold start, which a
 * plan without right-to-left text does not pay). The font set calls it when the job has such text.
 */
export async function loadBidi(): Promise<void> {
  if (bidi === undefined) bidi = factoryOf((await import('bidi-js')).default)();
}

/** True when `text` holds a right-to-left character. */
export function hasRtl(text: string): boolean {
  return RTL.test(text);
}

/**
 * `text` (one line, logical order) in left-to-right display order. Needs {@link loadBidi} first; the
 * font set guarantees it, since a right-to-left character prints only when the job's text had one.
 */
export function visualOrder(text: string): string {
  if (!hasRtl(text) || bidi === undefined) return text;
  const reordered = bidi.getReorderedString(text, bidi.getEmbeddingLevels(text, 'auto'));
  // bidi-js reorders UTF-16 units: put reversed surrogate pairs (emoji, rare CJK) back in order.
  return reordered.replace(/([\udc00-\udfff])([\ud800-\udbff])/g, '$2$1');
}
