/**
 * Full bundles: `bundleSize` bars of one stock entry cut on one identical pattern. A layout (a stock
 * entry and a pattern, merged) of n bars fills ⌊n / size⌋ bundles; its other bars are single bars.
 */
import type { Job } from '../../model/index.ts';
import { type Layout, mergeLayouts } from '../../model/index.ts';

/** Bars in full bundles (bundles are counted on the merged layouts). */
export function bundleBarsOf(
  job: Job,
  layouts: readonly Layout[],
  bundleOf: (source: number) => number | null,
): number {
  let bars = 0;
  for (const l of mergeLayouts(job, layouts).layouts) bars += bundledOf(l.count, bundleOf(l.source));
  return bars;
}

/** Bars of a layout of `count` bars that fill whole bundles of `size` (none without a size). */
export function bundledOf(count: number, size: number | null): number {
  return size !== null && size > 0 ? Math.floor(count / size) * size : 0;
}
