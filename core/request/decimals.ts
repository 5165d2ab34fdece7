/**
 * Exact decimal scaling. Every length is turned into an integer number of `1 / scale` units, where
 * `scale` is the smallest power of ten that makes every length of the request exact. Digits are taken
 * from the number's shortest round-trip string (what `String(x)` prints), so `0.1` is one decimal and
 * `2.5e3` none, and the integer is built from those digits rather than by floating-point multiplication.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

interface Digits {
  readonly negative: boolean;
  /** All significant digits, integer part then fraction. */
  readonly digits: string;
  /** Power of ten of the last digit: `value = digits × 10^exponent`. */
  readonly exponent: number;
}

function digitsOf(x: number): Digits | null {
  const match = DECIMAL.exec(String(Math.abs(x)));
  if (match === null) return null;
  const [, whole = '', fraction = '', exp = '0'] = match;
  return { negative: x < 0, digits: whole + fraction, exponent: Number(exp) - fraction.length };
}

/** Decimals `x` carries (`0.125` → 3, `1e-7` → 7, `2500` → 0); `Infinity` for NaN and ±Infinity. */
export function decimalsOf(x: number): number {
  const d = digitsOf(x);
  return d === null ? Number.POSITIVE_INFINITY : Math.max(0, -d.exponent);
}

/** The smallest `k` such that every value has at most `k` decimals (0 for no values). */
export function decimalsFor(values: Iterable<number>): number {
  let k = 0;
  for (const v of values) k = Math.max(k, decimalsOf(v));
  return k;
}

/**
 * `x × 10^k` as an exact integer, built from the decimal digits of `x`. Requires `decimalsOf(x) ≤ k`
 * (the caller chose `k` that way); anything else is a bug and throws.
 */
export function scaleBy(x: number, k: number): number {
  const d = digitsOf(x);
  const shift = d === null ? -1 : d.exponent + k;
  if (d === null || shift < 0) throw new RangeError(`${x} has more than ${k} decimals`);
  const n = Number(d.digits + '0'.repeat(shift));
  return d.negative ? -n : n;
}
