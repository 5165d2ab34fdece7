/**
 * How values appear inside error details. Never throws and never prints more than a short excerpt, whatever
 * the input (a 1 MB string, a cyclic object, a BigInt handed in by a JavaScript caller).
 */

const MAX_QUOTE = 40;

/** A UTF-16 surrogate that is not half of a pair (in a `u` regex a pair is one code point, not two). */
export const LONE_SURROGATE = /\p{Cs}/u;

/** The number of characters (code points) of `text`: an emoji is one, as a person counts. */
export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** `"text"` in JSON quotes, cut to 40 characters (never inside a surrogate pair) with an ellipsis. */
export function quote(text: string): string {
  if (text.length <= MAX_QUOTE) return JSON.stringify(text);
  let cut = '';
  let n = 0;
  for (const c of text) {
    if (n++ === MAX_QUOTE) return JSON.stringify(`${cut}…`);
    cut += c;
  }
  return JSON.stringify(cut);
}

/** A value as a person reads it in a message: `2400`, `"abc"`, `true`, `null`, `an object`. */
export function show(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return `${value}n`;
    case 'undefined':
      return 'nothing';
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) ? 'an array' : 'an object';
    default:
      return `a ${typeof value}`;
  }
}

/** True for a non-array, non-null object: the only thing a JSON object can parse to. */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
