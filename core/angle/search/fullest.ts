/**
 * The fullest sequence within piece bounds, for the setups stage: a pattern to cut on many bars at once
 * may hold each shape at most `bounds[s]` times. The sequence DP (pricing.ts) lets pieces repeat without
 * limit, so its best sequences are cut to the bounds and refilled by cheapest insertion; a bounded greedy
 * (longest first, cheapest insertion) competes. Every result is checked to fit with the plan gaps.
 */
import { cheapestInsertion } from './arrange.ts';
import type { AngleJob, SeqBar } from './job.ts';
import { spanOf } from './plan.ts';
import { priceSequences } from './pricing.ts';

type Piece = { readonly shape: number; readonly pose: number };

/** A sequence with the material it cuts. */
export interface Fullest {
  readonly pieces: readonly Piece[];
  readonly material: number;
}

/** Sequences the DP offers, per (bar length, shapes allowed): memoised by the caller's cache. */
export type DpCache = Map<string, readonly (readonly Piece[])[]>;

/**
 * The fullest sequence (most material) on a bar of `length` with at most `bounds[s]` pieces of shape s;
 * null when no allowed piece fits.
 */
export function fullestSequence(
  job: AngleJob,
  length: number,
  bounds: ArrayLike<number>,
  cache: DpCache,
): Fullest | null {
  const key = `${length}|${job.shapes.map((_, s) => ((bounds[s] ?? 0) > 0 ? 1 : 0)).join('')}`;
  let seeds = cache.get(key);
  if (seeds === undefined) {
    const values = job.shapes.map((s, i) => ((bounds[i] ?? 0) > 0 ? s.material + 1 : 0));
    seeds = priceSequences(job, length, values, 'plan').sequences.map((q) => q.pieces);
    cache.set(key, seeds);
  }
  let best: Fullest | null = null;
  for (const seed of [...seeds, []]) {
    const used = new Int32Array(job.shapes.length);
    const kept: Piece[] = [];
    for (const p of seed) {
      if ((used[p.shape] ?? 0) >= (bounds[p.shape] ?? 0)) continue;
      used[p.shape] = (used[p.shape] ?? 0) + 1;
      kept.push(p);
    }
    if (kept.length > 0 && span(job, kept) > length) continue;
    const filled = refill(job, length, kept, used, bounds);
    if (filled.length === 0) continue;
    const material = filled.reduce((a, p) => a + (job.shapes[p.shape]?.material ?? 0), 0);
    if (best === null || material > best.material) best = { pieces: filled, material };
  }
  return best;
}

const span = (job: AngleJob, pieces: readonly Piece[]): number =>
  spanOf(job, { source: 0, pieces } satisfies SeqBar);

/**
 * Inserts pieces still allowed, longest material first, each where it adds the least room (any position,
 * any pose), while the bar holds them.
 */
function refill(
  job: AngleJob,
  length: number,
  start: readonly Piece[],
  used: Int32Array,
  bounds: ArrayLike<number>,
): Piece[] {
  const pieces = [...start];
  let at = pieces.length === 0 ? 0 : span(job, pieces);
  const order = job.shapes
    .map((s, i) => ({ i, m: s.material }))
    .sort((a, b) => b.m - a.m || a.i - b.i)
    .map((x) => x.i);
  const t = job.trimKerf;
  const laid = (p: Piece) => job.shapes[p.shape]?.poses[p.pose];
  for (const s of order) {
    const shape = job.shapes[s];
    if (!shape) continue;
    while ((used[s] ?? 0) < (bounds[s] ?? 0)) {
      const seq = pieces.map((p) => laid(p)).filter((p) => p !== undefined);
      const best = cheapestInsertion(job.table, seq, shape.poses);
      if (best.at < 0 || (pieces.length === 0 ? 2 * t : at) + best.delta > length) break;
      const [bestAt, bestPose] = [best.at, best.pose];
      pieces.splice(bestAt, 0, { shape: s, pose: bestPose });
      used[s] = (used[s] ?? 0) + 1;
      at = span(job, pieces);
      if (at > length) {
        // Never expected (the insertion arithmetic is the span's own); undo rather than trust it.
        pieces.splice(bestAt, 1);
        used[s] = (used[s] ?? 0) - 1;
        at = pieces.length === 0 ? 0 : span(job, pieces);
        break;
      }
    }
  }
  return pieces;
}
