/** Plans of angle jobs: cost, checks and the clean-up every candidate goes through before it is kept. */
import { sequenceSpan } from '../geometry/mitre.ts';
import { type AngleJob, laid, type SeqBar } from './job.ts';

/** Room a bar's sequence takes, trims included. */
export function spanOf(job: AngleJob, bar: SeqBar): number {
  return sequenceSpan(job.table, laid(job, bar), job.trimKerf);
}

export function planCostOf(job: AngleJob, bars: readonly SeqBar[]): number {
  let c = 0;
  for (const b of bars) c += job.base.sources[b.source]?.cost ?? 0;
  return c;
}

/**
 * Makes a candidate exact: excess pieces removed (last bars first, only where the bar still fits after),
 * empty bars dropped, each bar moved to the cheapest source that holds it; then checked for fit, demand
 * and supply. Null when the candidate cannot be made a valid plan.
 */
export function finishBars(
  job: AngleJob,
  candidate: readonly SeqBar[],
  supply: ArrayLike<number>,
): SeqBar[] | null {
  const bars = candidate.map((b) => ({ source: b.source, pieces: [...b.pieces] }));
  const produced = new Int32Array(job.shapes.length);
  for (const b of bars) for (const p of b.pieces) produced[p.shape] = (produced[p.shape] ?? 0) + 1;
  for (let s = 0; s < job.shapes.length; s++) {
    let excess = (produced[s] ?? 0) - (job.shapes[s]?.demand ?? 0);
    if (excess < 0) return null;
    for (let k = bars.length - 1; k >= 0 && excess > 0; k--) {
      const bar = bars[k];
      if (!bar) continue;
      for (let j = bar.pieces.length - 1; j >= 0 && excess > 0; j--) {
        if (bar.pieces[j]?.shape !== s) continue;
        const without = { source: bar.source, pieces: bar.pieces.filter((_, q) => q !== j) };
        const room = job.base.sources[bar.source]?.length ?? 0;
        if (without.pieces.length === 0 || spanOf(job, without) <= room) {
          bar.pieces = without.pieces;
          excess--;
        }
      }
    }
    if (excess > 0) return null;
  }
  const kept = bars.filter((b) => b.pieces.length > 0);
  const left = Float64Array.from({ length: job.base.sources.length }, (_, i) => supply[i] ?? 0);
  for (const b of kept) left[b.source] = (left[b.source] ?? 0) - 1;
  for (const b of kept) {
    const need = spanOf(job, b);
    let best = b.source;
    job.base.sources.forEach((s, i) => {
      const cur = job.base.sources[best];
      if (!cur || (left[i] ?? 0) <= 0 || s.length < need) return;
      if (s.cost < cur.cost || (s.cost === cur.cost && s.length < cur.length)) best = i;
    });
    if (best !== b.source) {
      left[b.source] = (left[b.source] ?? 0) + 1;
      left[best] = (left[best] ?? 0) - 1;
      b.source = best;
    }
  }
  if (left.some((x) => x < 0)) return null;
  for (const b of kept) if (spanOf(job, b) > (job.base.sources[b.source]?.length ?? 0)) return null;
  return kept;
}
