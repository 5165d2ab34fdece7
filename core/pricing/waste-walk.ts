/**
 * The walk for more bars of the waste-limited DP (`waste-limited.ts`): distinct bars worth more than a
 * bar's cost read off the DP's table, the better branch first, within a budget of cells looked at.
 */

/** The arc duals a chunk earns, taken from grid load `from` (one dual per copy's start). */
export interface ChunkGain {
  at(chunk: number, from: number): number;
  /** Whether the chunk's item has any arc dual (else it earns none anywhere). */
  has(chunk: number): boolean;
}

/** The DP's table as the walk reads it, and what the sweep that filled it took into account. */
export interface WalkTable {
  /** Value of chunks 0..c at grid load (or room) r, at `t[c * width + r]`. */
  readonly t: Float32Array;
  readonly width: number;
  /** Chunks (rows). */
  readonly n: number;
  /** Grid units of waste allowed below the capacity. */
  readonly slack: number;
  readonly item: readonly number[];
  readonly times: readonly number[];
  readonly weights: ArrayLike<number>;
  readonly values: Float64Array;
  /** The weights' gcd (one grid unit). */
  readonly g: number;
  /** Item types. */
  readonly m: number;
  readonly banned: ((chunk: number, from: number) => boolean) | null;
  readonly gain: ChunkGain | null;
  /** Whether the table's index is the load itself (with a ban or arc duals) rather than the room. */
  readonly exactLoads: boolean;
}

/** What the walk was asked for: up to `count` more bars worth more than `above` (see `MorePatterns`). */
export interface WalkAsk {
  readonly above: number;
  readonly count: number;
  readonly perItem: number;
  readonly steps: number;
}

const STOP = 0;
const FOUND = 1;
const DONE = 2;

/**
 * Walks the DP's table from its last cell, the better branch first, for distinct patterns worth more
 * than `more.above` other than `first`, within `more.steps` cells looked at; an item already in
 * `more.perItem` of the patterns kept is not taken again.
 *
 * A depth-first search over (chunk, load). A cell whose last branch to try is its only one or its
 * second (most cells: the walk is mostly chains of skips) hands its answer up unchanged, so it is a loop
 * step of its parent's call, not a call of its own: the same cells in the same order, each counted as a
 * step (the step cap decides some calls' answers, so neither may move), about half the walk's time on
 * ANI (docs/solver.md, "The walk's chains as loops"). `waste-walk.test.ts` holds it to the recursive walk
 * it replaced.
 */
export function patternsAbove(dp: WalkTable, first: Int32Array, more: WalkAsk): Int32Array[] {
  const { t, width, n, slack, item, times, weights, values, g, m, banned, gain, exactLoads } = dp;
  const used = new Int32Array(m);
  for (let i = 0; i < m; i++) if ((first[i] ?? 0) > 0) used[i] = 1;
  const out: Int32Array[] = [];
  const seen = new Set<string>([first.join(',')]);
  const chosen: number[] = [];
  let steps = 0;
  const cap = more.steps;
  const perItem = more.perItem;
  // Value of chunks 0..c at room r, as the table has it (the empty packing below chunk 0).
  // With a ban the table holds exact loads: the empty packing is at 0 and every end within the slack
  // of the capacity is a start of the walk.
  const empty = exactLoads ? 0 : slack;
  const at = (c: number, r: number): number =>
    c < 0 ? (r <= empty ? 0 : Number.NEGATIVE_INFINITY) : (t[c * width + r] ?? Number.NEGATIVE_INFINITY);
  const tol = 1e-6 * Math.max(1, Math.abs(more.above));
  const bar = more.above + tol;
  const chunkWeight = Int32Array.from(item, (i, c) => ((weights[i] ?? 0) / g) * (times[c] ?? 0));
  const chunkValue = Float64Array.from(item, (i, c) => (values[i] ?? 0) * (times[c] ?? 0));

  /** A bar reached (below chunk 0): kept when new. */
  const leaf = (): number => {
    const counts = new Int32Array(m);
    for (const ch of chosen) counts[item[ch] ?? 0] = (counts[item[ch] ?? 0] ?? 0) + (times[ch] ?? 0);
    const key = counts.join(',');
    if (seen.has(key)) return DONE;
    seen.add(key);
    out.push(counts);
    for (let i = 0; i < m; i++) if ((counts[i] ?? 0) > 0) used[i] = (used[i] ?? 0) + 1;
    return FOUND;
  };

  // FOUND unwinds the whole walk, which starts again from the top: the choices above the new pattern
  // may hold pieces that `perItem` now forbids. Each call takes its chunks off `chosen` as it returns.
  const visit = (top: number, load: number, start: number): number => {
    let c = top;
    let r = load;
    let acc = start;
    let pushed = 0;
    for (;;) {
      if (++steps > cap) {
        chosen.length -= pushed;
        return STOP;
      }
      if (c < 0) {
        const got = leaf();
        chosen.length -= pushed;
        return got;
      }
      const i = item[c] ?? 0;
      const w = chunkWeight[c] ?? 0;
      // Taking the chunk: its value, the arc duals it earns from r − w, and the best below; −∞ where it
      // does not fit, its item is used up (`perItem`) or the move is banned.
      let v = 0;
      let takeValue = Number.NEGATIVE_INFINITY;
      if (w <= r && (used[i] ?? 0) < perItem && !banned?.(c, r - w)) {
        v = (chunkValue[c] ?? 0) + (gain ? gain.at(c, r - w) : 0);
        takeValue = acc + v + at(c - 1, r - w);
      }
      const skipValue = acc + at(c - 1, r);
      if (takeValue > bar && takeValue >= skipValue) {
        // Taking first, by a call; skipping, where it beats the bar too, as this loop's next step.
        chosen.push(c);
        const next = visit(c - 1, r - w, acc + v);
        chosen.pop();
        if (next !== DONE || !(skipValue > bar)) {
          chosen.length -= pushed;
          return next;
        }
        c--;
        continue;
      }
      if (!(skipValue > bar)) {
        chosen.length -= pushed;
        return DONE;
      }
      if (takeValue > bar) {
        // Skipping first, by a call; taking as this loop's next step.
        const next = visit(c - 1, r, acc);
        if (next !== DONE) {
          chosen.length -= pushed;
          return next;
        }
        chosen.push(c);
        pushed++;
        r -= w;
        acc += v;
      }
      c--;
    }
  };
  if (!exactLoads) {
    while (out.length < more.count && visit(n - 1, width - 1, 0) === FOUND) chosen.length = 0;
    return out;
  }
  const ends: number[] = [];
  for (let r = width - 1; r >= width - 1 - slack && r >= 0; r--) ends.push(r);
  ends.sort((a, b) => {
    const d = at(n - 1, b) - at(n - 1, a);
    return d > 0 ? 1 : d < 0 ? -1 : b - a;
  });
  for (let again = true; again && out.length < more.count; ) {
    again = false;
    for (const end of ends) {
      chosen.length = 0;
      const got = visit(n - 1, end, 0);
      if (got === STOP) return out;
      if (got === FOUND) {
        again = true;
        break;
      }
    }
  }
  return out;
}
