/**
 * Exact packing of a small residual into k bars of one capacity (bin completion): take the longest piece
 * left, try every bar that holds it and wastes no more than the slack still allowed, recurse. The slack
 * k·C − Σw is what makes this fast exactly where heuristics fail: in tight endgames only a handful of bars
 * are full enough, so the tree is small. Failed residuals are remembered, so orders that reach the same
 * residual are not searched twice.
 */

export type PackOutcome =
  | { readonly status: 'packed'; readonly bars: readonly Int32Array[] }
  | { readonly status: 'impossible' }
  | { readonly status: 'unknown' };

export interface ExactPackInput {
  /** Item weights, sorted longest first. */
  readonly weights: ArrayLike<number>;
  /** Pieces of each item still to pack. */
  readonly counts: Int32Array;
  readonly capacity: number;
  /** Bars available. */
  readonly bars: number;
  /** Search steps (bars tried and completions enumerated) allowed before giving up with `unknown`. */
  readonly nodeLimit: number;
}

/** Decides whether the pieces fit into `bars` bars (returning a packing), or gives up at the node limit. */
export function packExactly(input: ExactPackInput): PackOutcome {
  const { weights, capacity, bars, nodeLimit } = input;
  const m = input.counts.length;
  const counts = input.counts.slice();
  let total = 0;
  let big = 0;
  for (let i = 0; i < m; i++) {
    const w = weights[i] ?? 0;
    const c = counts[i] ?? 0;
    total += w * c;
    if (2 * w > capacity) big += c;
    if (c > 0 && w > capacity) return { status: 'impossible' };
  }
  if (total > bars * capacity || big > bars) return { status: 'impossible' };
  const failed = new Set<string>();
  const chosen: Int32Array[] = [];
  let nodes = 0;
  let gaveUp = false;

  const search = (left: number, slack: number): boolean => {
    let first = -1;
    for (let i = 0; i < m; i++) {
      if ((counts[i] ?? 0) > 0) {
        first = i;
        break;
      }
    }
    if (first < 0) return true;
    if (left <= 0) return false;
    const key = `${left}|${counts.join(',')}`;
    if (failed.has(key)) return false;
    // Pieces longer than half a bar each need a bar of their own.
    let halfPlus = 0;
    for (let i = first; i < m; i++) if (2 * (weights[i] ?? 0) > capacity) halfPlus += counts[i] ?? 0;
    if (halfPlus > left) {
      failed.add(key);
      return false;
    }
    // Suffix sums of what is left bound how full a bar can still get.
    const suffix = new Float64Array(m + 1);
    for (let i = m - 1; i >= 0; i--) suffix[i] = (suffix[i + 1] ?? 0) + (weights[i] ?? 0) * (counts[i] ?? 0);
    const minLoad = capacity - slack;
    // Enumerate this bar's completions with an explicit stack (depth = pieces placed, never the number of
    // item types), largest counts first; each full-enough bar recurses into the rest.
    const levels: number[] = [];
    const take: number[] = [];
    const before: number[] = [];
    const nextType = (from: number, load: number): number => {
      let j = from;
      while (j < m && ((counts[j] ?? 0) === 0 || (weights[j] ?? 0) > capacity - load)) j++;
      return j;
    };
    const most = (j: number, load: number): number =>
      Math.min(counts[j] ?? 0, Math.floor((capacity - load) / (weights[j] ?? 1)));
    levels.push(first);
    before.push(0);
    take.push(most(first, 0));
    while (levels.length > 0) {
      if (gaveUp) return false;
      if (++nodes > nodeLimit) {
        gaveUp = true;
        return false;
      }
      const d = levels.length - 1;
      const j = levels[d] ?? 0;
      const t = take[d] ?? 0;
      const least = d === 0 ? 1 : 0;
      if (t < least) {
        levels.pop();
        take.pop();
        before.pop();
        if (take.length > 0) take[take.length - 1] = (take[take.length - 1] ?? 0) - 1;
        continue;
      }
      const load = (before[d] ?? 0) + t * (weights[j] ?? 0);
      // Fewer copies of this item only lower the load: once the rest cannot fill the bar, stop this level.
      if (load + (suffix[j + 1] ?? 0) < minLoad) {
        take[d] = least - 1;
        continue;
      }
      const nj = nextType(j + 1, load);
      if (nj < m) {
        levels.push(nj);
        before.push(load);
        take.push(most(nj, load));
        continue;
      }
      if (load >= minLoad) {
        const pattern = new Int32Array(m);
        levels.forEach((lj, k) => {
          pattern[lj] = take[k] ?? 0;
        });
        for (let i = 0; i < m; i++) counts[i] = (counts[i] ?? 0) - (pattern[i] ?? 0);
        chosen.push(pattern);
        if (search(left - 1, slack - (capacity - load))) return true;
        chosen.pop();
        for (let i = 0; i < m; i++) counts[i] = (counts[i] ?? 0) + (pattern[i] ?? 0);
      }
      take[d] = t - 1;
    }
    if (!gaveUp) failed.add(key);
    return false;
  };

  const slack = bars * capacity - total;
  if (search(bars, slack)) return { status: 'packed', bars: chosen };
  return gaveUp ? { status: 'unknown' } : { status: 'impossible' };
}
