/**
 * Float-to-integer rounding and ranking shared by the solver, the setups stage and the angle stage: one
 * rule for turning an LP value into a bound, one lexicographic order for plans.
 */

/** Relative margin below which a float is taken to be the integer above it: LP values carry float noise. */
export const CEIL_TOLERANCE = 1e-9;

/**
 * The smallest integer not below `x` less a relative margin (`tolerance × max(1, |x|)`), so that float
 * noise on an integral value never rounds a bound up across the integer; infinities and NaN pass through.
 * Callers whose value sums many multipliers pass a wider tolerance.
 */
export function ceilBound(x: number, tolerance: number = CEIL_TOLERANCE): number {
  if (!Number.isFinite(x)) return x;
  return Math.ceil(x - tolerance * Math.max(1, Math.abs(x)));
}

/** Lexicographic order of two rank vectors, smaller first (a missing entry counts as 0). */
export function compareLex(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
