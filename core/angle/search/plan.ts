/** Plans of angle jobs: cost, checks and the clean-up every candidate goes through before it is kept. */
import { sequenceSpan } from '../../mitre/index.ts';
import { compareSources, type Source } from '../../model/index.ts';
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
 * empty bars dropped, each bar moved to the cheapest source that holds it (among equal costs a
 * prioritised one, then the shortest, as the square solver's downsizing); then checked for fit, demand
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
  const spans = kept.map((b) => spanOf(job, b));
  resource(job, kept, left, (to, k) => to.length >= (spans[k] ?? 0));
  if (left.some((x) => x < 0)) return null;
  for (const [k, b] of kept.entries())
    if ((spans[k] ?? 0) > (job.base.sources[b.source]?.length ?? 0)) return null;
  return kept;
}

/**
 * `priority: true` on a plan the setups stage shaped: bars move only to a prioritised source of the same
 * length and no greater cost, which changes no objective (not the cost, the bars, the material, the
 * offcuts used nor a setup, whose key is the source length and the pieces).
 */
export function preferPriority(job: AngleJob, plan: readonly SeqBar[]): SeqBar[] {
  const bars = plan.map((b) => ({ source: b.source, pieces: b.pieces }));
  const left = Float64Array.from(job.base.sources, (s) => s.supply);
  for (const b of bars) left[b.source] = (left[b.source] ?? 0) - 1;
  const lengths = bars.map((b) => job.base.sources[b.source]?.length);
  resource(job, bars, left, (to, k) => to.priority && to.length === lengths[k]);
  return bars;
}

/**
 * Moves bars, in place, to the first source in {@link compareSources} order (cheaper, prioritised,
 * shorter) that `takes` them (by index) and has bars `left`, until no bar moves: a move can free a
 * prioritised bar an earlier bar wants. Every move goes strictly down that order, so this ends.
 */
function resource(
  job: AngleJob,
  bars: { source: number; readonly pieces: SeqBar['pieces'] }[],
  left: Float64Array,
  takes: (to: Source, bar: number) => boolean,
): void {
  const sources = job.base.sources;
  for (let moved = true; moved; ) {
    moved = false;
    for (const [k, b] of bars.entries()) {
      let best = b.source;
      sources.forEach((s, i) => {
        const cur = sources[best];
        if (!cur || (left[i] ?? 0) <= 0 || compareSources(s, cur) >= 0 || !takes(s, k)) return;
        best = i;
      });
      if (best === b.source) continue;
      left[b.source] = (left[b.source] ?? 0) + 1;
      left[best] = (left[best] ?? 0) - 1;
      b.source = best;
      moved = true;
    }
  }
}
