/**
 * Sequence greedy for angle jobs: pieces longest first, each appended to the first open bar where some
 * pose of it fits after the bar's last piece (the pose that takes the least room), else to a new bar of
 * the preferred source; then each bar moved to the cheapest source it fits. Never fails while any source
 * with supply left holds the piece alone.
 */
import type { AngleJob, SeqBar } from './job.ts';

/** Room a bar's content takes so far, tracked while packing. */
interface OpenBar {
  source: number;
  pieces: { shape: number; pose: number }[];
  /** Right tip of the last piece. */
  end: number;
  lastRight: number;
}

/** Sources in the order new bars are opened: cheapest per unit of length, then longer first. */
export function preferredSources(job: AngleJob): number[] {
  return job.base.sources
    .map((s, i) => ({ i, s }))
    .sort((a, b) => a.s.cost / a.s.length - b.s.cost / b.s.length || b.s.length - a.s.length || a.i - b.i)
    .map((x) => x.i);
}

/** Packs `demand` (per shape) into bars within `supply` (per source); null when some piece finds no bar. */
export function greedySequences(
  job: AngleJob,
  demand: ArrayLike<number>,
  supply: Float64Array,
): SeqBar[] | null {
  const left = Float64Array.from(supply);
  const order = preferredSources(job);
  const bars: OpenBar[] = [];
  const t = job.trimKerf;
  for (let s = 0; s < job.shapes.length; s++) {
    const shape = job.shapes[s];
    if (!shape) continue;
    for (let n = 0; n < (demand[s] ?? 0); n++) {
      let placed = false;
      for (const bar of bars) {
        const length = job.base.sources[bar.source]?.length ?? 0;
        let bestPose = -1;
        let bestEnd = Number.POSITIVE_INFINITY;
        shape.poses.forEach((p, pi) => {
          const end = bar.end + job.table.gap(bar.lastRight, p.left) + p.length;
          if (end + t <= length && end < bestEnd) {
            bestEnd = end;
            bestPose = pi;
          }
        });
        if (bestPose >= 0) {
          bar.pieces.push({ shape: s, pose: bestPose });
          bar.end = bestEnd;
          bar.lastRight = shape.poses[bestPose]?.right ?? 90;
          placed = true;
          break;
        }
      }
      if (placed) continue;
      const source = order.find(
        (i) => (left[i] ?? 0) > 0 && t + shape.length + t <= (job.base.sources[i]?.length ?? 0),
      );
      if (source === undefined) return null;
      left[source] = (left[source] ?? 0) - 1;
      bars.push({
        source,
        pieces: [{ shape: s, pose: 0 }],
        end: t + shape.length,
        lastRight: shape.poses[0]?.right ?? 90,
      });
    }
  }
  // Each bar to the cheapest source that holds it (supply permitting).
  for (const bar of bars) {
    const need = bar.end + t;
    const current = job.base.sources[bar.source];
    if (!current) continue;
    let best = bar.source;
    job.base.sources.forEach((s, i) => {
      const b = job.base.sources[best];
      if (!b || (left[i] ?? 0) <= 0 || s.length < need) return;
      if (s.cost < b.cost || (s.cost === b.cost && s.length < b.length)) best = i;
    });
    if (best !== bar.source) {
      left[bar.source] = (left[bar.source] ?? 0) + 1;
      left[best] = (left[best] ?? 0) - 1;
      bar.source = best;
    }
  }
  return bars.map((b) => ({ source: b.source, pieces: b.pieces }));
}
