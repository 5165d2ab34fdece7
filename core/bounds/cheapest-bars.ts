/**
 * The cheapest bars that can hold the pieces: a cost bound from capacity alone, and the one-pattern cuts on
 * bar counts.
 */
import { gcd } from '../model/index.ts';

/**
 * The least cost of `n` more bars taken from `sorted` (bars of one kind, cheapest first) once the first
 * `bought` of them are taken: the cheapest ones left, up to each one's supply; infinite when the supply
 * left cannot make `n`. Bars of one kind are always bought cheapest first, so `bought` bars are the
 * cheapest `bought`.
 */
export function cheapestBarsCost(
  sorted: readonly { readonly cost: number; readonly supply: number }[],
  n: number,
  bought = 0,
): number {
  let skip = bought;
  let need = n;
  let paid = 0;
  for (const b of sorted) {
    if (need <= 0) break;
    const free = Math.max(0, b.supply - skip);
    skip = Math.max(0, skip - b.supply);
    const take = Math.min(need, free);
    paid += take * b.cost;
    need -= take;
  }
  return need <= 0 ? paid : Number.POSITIVE_INFINITY;
}

/**
 * Can one pattern, repeated on bars of one length, cut the whole demand at cost ≤ `cost`? Only when some
 * bar count x divides every demand, the pattern of `demandᵢ / x` pieces fits a bar of some length
 * (`fits(x, length)`: the geometry's test, weights for square patterns, material for sequences), and x
 * bars of that length are in supply at cost ≤ `cost`. Sources of one length form one setup; its x bars
 * take the cheapest among them. Both setups bounds (square and angle) ask it.
 */
export function onePatternCuts(
  demands: readonly number[],
  sources: readonly { readonly length: number; readonly cost: number; readonly supply: number }[],
  fits: (x: number, length: number) => boolean,
  cost: number,
): boolean {
  let g = 0;
  for (const d of demands) g = gcd(g, d);
  const byLength = new Map<number, { cost: number; supply: number }[]>();
  for (const s of sources) {
    const bars = byLength.get(s.length) ?? [];
    bars.push({ cost: s.cost, supply: s.supply });
    byLength.set(s.length, bars);
  }
  const sorted = [...byLength].map(([length, bars]) => ({
    length,
    bars: [...bars].sort((a, b) => a.cost - b.cost),
  }));
  for (let x = 1; x <= g; x++) {
    if (g % x !== 0) continue;
    for (const { length, bars } of sorted)
      if (fits(x, length) && cheapestBarsCost(bars, x) <= cost + 1e-9) return true;
  }
  return false;
}
