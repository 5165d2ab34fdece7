/**
 * The square master's first columns: the incumbent's layouts and one homogeneous pattern per item.
 */
import type { Residual } from '../../../master/index.ts';
import type { GroupPlan, Job } from '../../../model/index.ts';
import { sourcePreference } from '../heuristics/index.ts';
import type { ColumnGeneration } from './column-generation.ts';

/** Adds the incumbent's layouts and one homogeneous pattern per item on the preferred source. */
export function seedColumns(job: Job, cg: ColumnGeneration, root: Residual, plan: GroupPlan | null): void {
  for (const l of plan?.layouts ?? []) cg.addColumn(l.source, l.counts);
  const pref = sourcePreference(job).filter((k) => (root.hi[k] ?? 0) > 0);
  job.items.forEach((it, i) => {
    const k = pref.find((p) => (job.sources[p]?.capacity ?? 0) >= it.weight);
    if (k === undefined) return;
    const counts = new Int32Array(job.items.length);
    counts[i] = Math.min(root.demand[i] ?? 0, Math.floor((job.sources[k]?.capacity ?? 0) / it.weight));
    if ((counts[i] ?? 0) > 0) cg.addColumn(k, counts);
  });
}
