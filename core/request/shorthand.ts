/**
 * The shorthand scanner: `"2400x5, 1800x3, 1200"` → entries `{length, quantity}`. Hand-written and
 * single-pass, so any input (a 1 MB string of digits, of `x`, of commas) is scanned in linear time; no
 * regular expression can backtrack here. The grammar (also in docs/api.md):
 *
 *   list     = entry *( "," entry )
 *   entry    = ws number ws [ ("x" | "X" | "×") ws number ws ]
 *   number   = digits [ "." digits ] | "." digits        ; plain decimal: no sign, no exponent
 *   ws       = *( " " | tab | CR | LF | NBSP )
 *
 * The scanner checks syntax only; ranges (length > 0, whole quantity ≥ 1, at most 6 decimals, bounds)
 * are the schema's job, so every form of an entry gets the same messages.
 */

/** The grammar above as an ECMAScript regular expression source (whole list), for the OpenAPI document. */
const WS = '[ \\t\\n\\r\\u00a0]*';
const NUMBER = '(?:[0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)';
const ENTRY = `${WS}${NUMBER}${WS}(?:[xX\\u00d7]${WS}${NUMBER}${WS})?`;
export const SHORTHAND_LIST_PATTERN = `^${ENTRY}(?:,${ENTRY})*$`;

/** One scanned entry: its text (trimmed, for quoting in messages) and either values or a problem. */
export type ScannedEntry =
  | { readonly ok: true; readonly text: string; readonly length: number; readonly quantity: number | null }
  | { readonly ok: false; readonly text: string; readonly message: string };

const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d, 0xa0]);
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
/** `x`, `X` or `×`. */
const isTimes = (c: number): boolean => c === 0x78 || c === 0x58 || c === 0xd7;
const DOT = 0x2e;

function skipSpace(s: string, i: number): number {
  let j = i;
  while (SPACE.has(s.charCodeAt(j))) j++;
  return j;
}

/**
 * End of the plain decimal starting at `i`, or a reason there is none: `none` (no digit), `dot` (a point
 * without digits after it), `exponent` (an `e` right after the number).
 */
function numberEnd(s: string, i: number): number | 'none' | 'dot' | 'exponent' {
  let j = i;
  while (isDigit(s.charCodeAt(j))) j++;
  const whole = j - i;
  if (s.charCodeAt(j) === DOT) {
    j++;
    const fraction = j;
    while (isDigit(s.charCodeAt(j))) j++;
    if (j === fraction) return 'dot';
  } else if (whole === 0) {
    return 'none';
  }
  const c = s.charCodeAt(j);
  return c === 0x65 || c === 0x45 ? 'exponent' : j;
}

const fail = (text: string, message: string): ScannedEntry => ({ ok: false, text, message });

/** Splits a comma-separated shorthand list and scans every entry (an empty list is one empty entry). */
export function scanList(text: string): ScannedEntry[] {
  return text.split(',').map(scanEntry);
}

/** Scans one `LENGTH` or `LENGTHxQUANTITY` entry. */
export function scanEntry(raw: string): ScannedEntry {
  const s = raw.trim();
  if (s.length === 0) return fail(s, 'empty entry (two commas in a row, or a comma at the end?)');
  const first = s.charCodeAt(0);
  if (isTimes(first)) return fail(s, 'the length is missing before "x"');
  if (first === 0x2d) return fail(s, 'a length must be a positive number like 2400 or 2400.5');
  const lengthEnd = numberEnd(s, 0);
  if (lengthEnd === 'dot')
    return fail(s, 'a decimal point must be followed by digits (write 2400 or 2400.5)');
  if (lengthEnd === 'exponent')
    return fail(s, 'exponents are not accepted: write the number out, like 0.0001');
  if (lengthEnd === 'none')
    return fail(s, 'not a shorthand entry: write LENGTH or LENGTHxQUANTITY, like 2400x5');
  const length = Number(s.slice(0, lengthEnd));
  let i = skipSpace(s, lengthEnd);
  if (i === s.length) return { ok: true, text: s, length, quantity: null };
  if (!isTimes(s.charCodeAt(i))) {
    return fail(s, 'unexpected text after the length: write LENGTH or LENGTHxQUANTITY, like 2400x5');
  }
  i = skipSpace(s, i + 1);
  if (i === s.length) return fail(s, 'the quantity is missing after "x"');
  const quantityEnd = numberEnd(s, i);
  if (typeof quantityEnd !== 'number') return fail(s, 'the quantity after "x" must be a whole number ≥ 1');
  if (skipSpace(s, quantityEnd) !== s.length) {
    return fail(s, 'unexpected text after the quantity: one entry is LENGTHxQUANTITY');
  }
  return { ok: true, text: s, length, quantity: Number(s.slice(i, quantityEnd)) };
}
