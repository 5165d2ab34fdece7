/**
 * The faces the renderer may embed and which code points each covers (`font-faces.ts`, generated from
 * the @fontsource CSS), and the fallback order: Inter (Latin, Latin Extended, Greek, Cyrillic,
 * Vietnamese), then Noto Sans Hebrew, Noto Sans Arabic, and Noto Sans SC, JP and KR for CJK.
 */
import { FACE_ROWS } from './font-faces.ts';
import type { Weight } from './model.ts';

/** A WOFF file the shell reads on request: `<package>/files/<file>` in node_modules, or a flat folder. */
export interface FontFile {
  readonly pkg: string;
  readonly file: string;
}

export interface FontFace extends FontFile {
  readonly family: string;
  readonly weight: 400 | 700;
  /** Inclusive code point ranges, sorted and disjoint, flattened: `[a0, b0, a1, b1, …]`. */
  readonly ranges: Uint32Array;
}

/** Inverse of `encodeRanges` (infra/font-faces.ts): base-36 `gap[-extra]` items, comma-separated. */
export function decodeRanges(encoded: string): Uint32Array {
  const items = encoded === '' ? [] : encoded.split(',');
  const out = new Uint32Array(items.length * 2);
  let prev = -1;
  items.forEach((item, i) => {
    const [gap = '', extra = '0'] = item.split('-');
    const a = prev + 1 + Number.parseInt(gap, 36);
    prev = a + Number.parseInt(extra, 36);
    out[2 * i] = a;
    out[2 * i + 1] = prev;
  });
  return out;
}

/** True when `cp` lies in one of `face`'s ranges (binary search). */
export function covers(face: FontFace, cp: number): boolean {
  const r = face.ranges;
  let lo = 0;
  let hi = r.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < (r[2 * mid] ?? 0)) hi = mid - 1;
    else if (cp > (r[2 * mid + 1] ?? 0)) lo = mid + 1;
    else return true;
  }
  return false;
}

function parseRow(row: string): FontFace {
  const [family = '', pkg = '', weight = '', file = '', encoded = ''] = row.split(' ');
  let ranges: Uint32Array | undefined;
  return {
    family,
    pkg,
    weight: weight === '700' ? 700 : 400,
    file,
    // Decoded when first asked: a Latin-only plan never decodes the CJK slices' ranges.
    get ranges() {
      ranges ??= decodeRanges(encoded);
      return ranges;
    },
  };
}

let faces: readonly FontFace[] | undefined;

/** Every face, in fallback order (ranges decoded on first use, in the PDF path only). */
export function allFaces(): readonly FontFace[] {
  faces ??= FACE_ROWS.map(parseRow);
  return faces;
}

const byFamily = new Map<string, readonly FontFace[]>();

/**
 * The faces of `family` that draw `weight`, in order. A family that ships no bold (CJK, to keep the
 * bundle small) draws bold text with its regular faces.
 */
export function facesOf(family: string, weight: Weight): readonly FontFace[] {
  const key = `${family}:${weight}`;
  let list = byFamily.get(key);
  if (list === undefined) {
    const all = allFaces().filter((f) => f.family === family);
    const wanted = weight === 'bold' ? 700 : 400;
    const exact = all.filter((f) => f.weight === wanted);
    list = exact.length > 0 ? exact : all.filter((f) => f.weight === 400);
    byFamily.set(key, list);
  }
  return list;
}

/** Inter's latin subset, regular and bold: always embedded (fonts F1 and F2), as every page needs them. */
export function baseFace(weight: Weight): FontFace {
  const face = facesOf('inter', weight)[0];
  if (face === undefined) throw new Error('font catalog has no Inter face');
  return face;
}

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/;

/**
 * Families to try, in order, for a string. Han characters look different in Chinese, Japanese and
 * Korean fonts, and nothing in a request says which language a label is in: a string with kana reads
 * as Japanese, one with Hangul as Korean, any other as Chinese (simplified), like a browser guessing
 * from the script. The same string always gets the same order, so output stays deterministic.
 */
export function familyOrder(text: string): readonly string[] {
  if (HANGUL.test(text)) return KOREAN;
  if (KANA.test(text)) return JAPANESE;
  return CHINESE;
}

const LEAD = ['inter', 'hebrew', 'arabic'];
const CHINESE = [...LEAD, 'sc', 'jp', 'kr'];
const JAPANESE = [...LEAD, 'jp', 'sc', 'kr'];
const KOREAN = [...LEAD, 'kr', 'sc', 'jp'];
