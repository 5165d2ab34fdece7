/**
 * `stats.sawStops` of a square group's plan before it is written out (core/saw/stops.ts counts it on the
 * response): the same count, so the setups stage can break `fewest_setups` ties on it. Pieces lie in the
 * items' order, as the layout step (core/plan/square.ts, assignParts) lays them.
 */

import type { Job, Layout } from '../../model/index.ts';
import { countSawStops } from '../../saw/index.ts';
import { barFigures } from '../../tally/index.ts';

/** Saw stop settings of a group's layouts cut in the saw sheet's order (one group: one material). */
export function sawStopsOfPlan(job: Job, layouts: readonly Layout[]): number {
  return countSawStops(
    layouts.flatMap((l) => {
      const source = job.sources[l.source];
      if (source === undefined || l.count <= 0 || l.counts.every((c) => c === 0)) return [];
      const pieces = job.items.flatMap((item, i) => Array<number>(l.counts[i] ?? 0).fill(item.length));
      const { cutPositions } = barFigures(source.length, pieces, job.kerf, job.trimKerf > 0);
      return [{ rack: `${source.kind}:${source.length}`, cuts: cutPositions }];
    }),
  );
}
