/**
 * The bar saver's exact subset sums: the heaviest load of a bar from the copies of each weight on offer
 * (a depth-first search stopped after `FILL_NODES` nodes), and the search in a weight-sorted list of
 * subsets for the last one that fits a room.
 */
import { FILL_NODES } from './tuning.ts';

/** Index of the last entry with weight ≤ `room` in a list sorted by weight, or −1. */
export function upperIndex(list: readonly { w: number }[], room: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid]?.w ?? 0) <= room) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * The heaviest load of at most `cap` from `avail[i]` copies of each weight `w[i]` (weights longest first),
 * if heavier than `least`: a depth-first subset sum stopped after `FILL_NODES` nodes or at a full load.
 */
export function maxFill(
  w: readonly number[],
  avail: readonly number[],
  cap: number,
  least: number,
): { sum: number; take: number[] | null; nodes: number } {
  const n = w.length;
  const rest = new Float64Array(n + 1);
  for (let i = n - 1; i >= 0; i--) rest[i] = (rest[i + 1] ?? 0) + (w[i] ?? 0) * (avail[i] ?? 0);
  let best = least;
  let bestTake: number[] | null = null;
  const take = new Array<number>(n).fill(0);
  let nodes = 0;
  const dfs = (i: number, s: number): void => {
    if (s > best) {
      best = s;
      bestTake = take.slice();
    }
    if (i >= n || best === cap || nodes++ > FILL_NODES) return;
    if (s + (rest[i] ?? 0) <= best) return;
    const wi = w[i] ?? 0;
    const most = Math.min(avail[i] ?? 0, Math.floor((cap - s) / wi));
    for (let k = most; k >= 0; k--) {
      take[i] = k;
      dfs(i + 1, s + k * wi);
      if (best === cap) break;
    }
    take[i] = 0;
  };
  dfs(0, 0);
  return { sum: best, take: bestTake, nodes };
}
