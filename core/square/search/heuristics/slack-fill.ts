/**
 * The slack fill (opt-in technique `slack-fill`): a minimum-slack packing of a residual over several kinds
 * of bar, for the completions of the square search's dives and tree nodes (docs/solver.md, "The warm
 * tail's plans are packings").
 */
import type { Job, Layout } from '../../../model/index.ts';
import { maxFill } from './subset-sum.ts';
import { SLACK_FILL_LONGER } from './tuning.ts';

/**
 * Packs `demand` bar by bar, each bar the fullest load of the pieces left (an exact subset sum, stopped
 * after `FILL_NODES` nodes) on the kind of bar that costs least per unit of load; among kinds within
 * {@link SLACK_FILL_LONGER} of that least cost per unit, the longest (so a plan at one cost has fewer bars),
 * then the cheaper per unit, then the lower index. A bar is repeated while its pieces are still wanted and
 * its source has bars left (so the plan repeats layouts). A `preferred` pattern of the chosen kind whose
 * pieces are all still wanted and whose load is that fullest load is taken instead of the subset sum's
 * (the first such in the list), so a plan reuses the layouts it has. Minimum bin slack after Gupta & Ho (1999), with
 * the kind of bar chosen per bar: on the practical jobs whose prices follow the length, the plans at the
 * bound are near-perfect packings that the LP's rounded columns rarely hold (docs/solver.md).
 *
 * Returns the bars (each `count` bars of one layout), or null when some piece fits no source with bars
 * left. Deterministic; `supply` is not changed.
 */
export function slackFill(
  job: Job,
  demand: ArrayLike<number>,
  supply: ArrayLike<number>,
  preferred: readonly { readonly source: number; readonly counts: Int32Array }[] = [],
): Layout[] | null {
  const m = job.items.length;
  const order: number[] = [];
  for (let i = 0; i < m; i++) if ((demand[i] ?? 0) > 0) order.push(i);
  // Longest first: the subset sum's order (`maxFill` expects it) and its pruning.
  order.sort((a, b) => (job.items[b]?.weight ?? 0) - (job.items[a]?.weight ?? 0) || a - b);
  const w = order.map((i) => job.items[i]?.weight ?? 0);
  const left = order.map((i) => Math.max(0, demand[i] ?? 0));
  const barsLeft = Array.from({ length: job.sources.length }, (_, k) => supply[k] ?? 0);
  const bars: Layout[] = [];
  let piecesLeft = left.reduce((a, d) => a + d, 0);
  while (piecesLeft > 0) {
    const fills: { k: number; take: number[]; perUnit: number }[] = [];
    job.sources.forEach((s, k) => {
      if ((barsLeft[k] ?? 0) <= 0) return;
      const f = maxFill(w, left, s.capacity, 0);
      if (f.take && f.sum > 0) fills.push({ k, take: f.take, perUnit: s.cost / f.sum });
    });
    let least = Number.POSITIVE_INFINITY;
    for (const f of fills) least = Math.min(least, f.perUnit);
    let pick: { k: number; take: number[]; perUnit: number } | null = null;
    for (const f of fills) {
      if (f.perUnit > least * (1 + SLACK_FILL_LONGER)) continue;
      const cap = job.sources[f.k]?.capacity ?? 0;
      const best = pick ? (job.sources[pick.k]?.capacity ?? 0) : Number.NEGATIVE_INFINITY;
      if (!pick || cap > best || (cap === best && f.perUnit < pick.perUnit)) pick = f;
    }
    if (!pick) return null;
    const k = pick.k;
    const take = samePreferred(job, order, w, left, k, pick.take, preferred) ?? pick.take;
    const counts = new Int32Array(m);
    let pieces = 0;
    take.forEach((t, j) => {
      counts[order[j] ?? 0] = t;
      pieces += t;
    });
    let times = 0;
    do {
      take.forEach((t, j) => {
        left[j] = (left[j] ?? 0) - t;
      });
      piecesLeft -= pieces;
      times++;
    } while ((barsLeft[k] ?? 0) > times && take.every((t, j) => (left[j] ?? 0) >= t));
    barsLeft[k] = (barsLeft[k] ?? 0) - times;
    bars.push({ source: k, counts, count: times });
  }
  return bars;
}

/**
 * The first preferred pattern of source `k` that the pieces `left` (over `order`, weights `w`) still
 * hold whole and that loads as much as `fill`, as takes over `order`; or null.
 */
function samePreferred(
  job: Job,
  order: readonly number[],
  w: readonly number[],
  left: readonly number[],
  k: number,
  fill: readonly number[],
  preferred: readonly { readonly source: number; readonly counts: Int32Array }[],
): number[] | null {
  let want = 0;
  fill.forEach((t, j) => {
    want += t * (w[j] ?? 0);
  });
  const m = job.items.length;
  for (const p of preferred) {
    if (p.source !== k) continue;
    let pieces = 0;
    for (let i = 0; i < m; i++) pieces += p.counts[i] ?? 0;
    let load = 0;
    let taken = 0;
    let fits = true;
    const take = order.map((i, j) => {
      const c = p.counts[i] ?? 0;
      if (c > (left[j] ?? 0)) fits = false;
      load += c * (w[j] ?? 0);
      taken += c;
      return c;
    });
    // Every piece of the pattern still wanted (none of an item already cut), as full as the fill.
    if (fits && taken === pieces && pieces > 0 && load >= want - 1e-9) return take;
  }
  return null;
}
