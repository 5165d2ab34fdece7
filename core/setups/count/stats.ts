/**
 * The setups and bundle fields of the response, from the formatted layouts: `stats.setups` (every
 * method), `setupsLowerBound`/`setupsOptimal` (`fewest_setups`, `bundle`), and for `bundle` each layout's
 * `bundleBars` with `fullBundleBars`, `singleBars` and `bundleEfficiency`.
 */
import type { Combination, OptimiseRequest, Stats } from '../../types.ts';

/** A setup at the response's level: the source length and the piece lengths in cut order (scaled). */
export function setupKeyOf(sourceLength: number, pieceLengths: readonly number[]): string {
  return `${sourceLength}:${pieceLengths.join(',')}`;
}

type SetupsFields = Pick<Stats, 'setupsLowerBound' | 'setupsOptimal'>;

/** The bound fields when the groups carry a setups bound (summed: groups are cut apart), else none. */
export function setupsStats(
  groups: readonly { readonly setupsBound?: number | null }[],
  setups: number,
): SetupsFields {
  if (!groups.some((g) => g.setupsBound != null)) return {};
  const bound = groups.reduce((a, g) => a + (g.setupsBound ?? 0), 0);
  return { setupsLowerBound: bound, setupsOptimal: bound >= setups };
}

type BundleFields = Pick<Stats, 'fullBundleBars' | 'singleBars' | 'bundleEfficiency'>;

/**
 * `bundleBars` per layout: the bars of one stock entry cut on one pattern (labels aside) fill
 * ⌊bars / bundleSize⌋ full bundles, handed to that pattern's layouts in order. Offcut bars are never in
 * a bundle and are not purchased, so they count in neither `fullBundleBars` nor `singleBars`.
 */
export function bundleStats(
  request: OptimiseRequest,
  combinations: readonly Combination[],
  stockBars: number,
): { combinations: Combination[]; stats: BundleFields } {
  const scaled = (x: number): number => Math.round(x * request.scale);
  const patternOf = (c: Combination): string =>
    `${c.usedComb.sourceIndex}|${setupKeyOf(scaled(c.usedComb.length), c.usedComb.combination.map(scaled))}`;
  const left = new Map<string, number>();
  for (const c of combinations) {
    if (c.usedComb.source !== 'stock') continue;
    const k = patternOf(c);
    left.set(k, (left.get(k) ?? 0) + c.count);
  }
  for (const [k, bars] of left) {
    const size = request.stocks[Number(k.split('|')[0])]?.bundleSize ?? null;
    left.set(k, size !== null && size > 0 ? Math.floor(bars / size) * size : 0);
  }
  let full = 0;
  const out = combinations.map((c) => {
    if (c.usedComb.source !== 'stock') return { ...c, usedComb: { ...c.usedComb, bundleBars: 0 } };
    const k = patternOf(c);
    const bundled = Math.min(c.count, left.get(k) ?? 0);
    left.set(k, (left.get(k) ?? 0) - bundled);
    full += bundled;
    return { ...c, usedComb: { ...c.usedComb, bundleBars: bundled } };
  });
  return {
    combinations: out,
    stats: {
      fullBundleBars: full,
      singleBars: stockBars - full,
      bundleEfficiency: bundleEfficiency(full, stockBars),
    },
  };
}

/** full / bars rounded half up to 4 decimals, exactly; 0 when nothing is bought. */
export function bundleEfficiency(full: number, bars: number): number {
  if (bars <= 0) return 0;
  return Math.floor((20_000 * full + bars) / (2 * bars)) / 10_000;
}
