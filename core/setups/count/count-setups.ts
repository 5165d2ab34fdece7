/**
 * Saw setups, counted. A setup is a distinct pattern: the source length and the piece lengths in cut
 * order. Labels and the stock entry a bar is bought from do not move a saw stop, so two layouts that
 * differ only there are one setup (`layoutCount` tells them apart).
 */
import type { Job, Layout } from '../../model/index.ts';

/** The setup a layout is cut on. Pieces are cut longest first, the items' order, so counts name it. */
export function setupKey(job: Job, layout: Layout): string {
  return `${job.sources[layout.source]?.length ?? -1}:${layout.counts.join(',')}`;
}

/** Distinct setups of a group's layouts (empty layouts and layouts of no bars are none). */
export function countSetups(job: Job, layouts: readonly Layout[]): number {
  const keys = new Set<string>();
  for (const l of layouts) if (l.count > 0 && l.counts.some((c) => c > 0)) keys.add(setupKey(job, l));
  return keys.size;
}
