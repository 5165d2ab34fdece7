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
    const pattern = new Int32Array(m);
    const minLoad = capacity - slack;

    const complete = (j: number, load: number): boolean => {
      if (gaveUp) return false;
      // Enumerating a bar's completions is work too: count it against the same limit.
      if (++nodes > nodeLimit) {
        gaveUp = true;
        return false;
      }
      if (load + (suffix[j] ?? 0) < minLoad) return false;
      if (j >= m) {
        // Full enough: commit this bar and pack the rest.
        for (let i = 0; i < m; i++) counts[i] = (counts[i] ?? 0) - (pattern[i] ?? 0);
        chosen.push(pattern.slice());
        if (search(left - 1, slack - (capacity - load))) return true;
        chosen.pop();
        for (let i = 0; i < m; i++) counts[i] = (counts[i] ?? 0) + (pattern[i] ?? 0);
        return false;
      }
      const w = weights[j] ?? 1;
      const most = Math.min(counts[j] ?? 0, Math.floor((capacity - load) / w));
      const least = j === first ? 1 : 0;
      for (let t = most; t >= least; t--) {
        pattern[j] = t;
        if (complete(j + 1, load + t * w)) return true;
        if (gaveUp) break;
      }
      pattern[j] = 0;
      return false;
    };
    const ok = complete(first, 0);
    if (!ok && !gaveUp) failed.add(key);
    return ok;
  };

  const slack = bars * capacity - total;
  if (search(bars, slack)) return { status: 'packed', bars: chosen };
  return gaveUp ? { status: 'unknown' } : { status: 'impossible' };
}
