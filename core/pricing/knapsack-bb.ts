/**
 * The bounded knapsack's branch and bound: depth-first in density order with the Dantzig bound, stopping at
 * a node limit.
 */
import type { KnapsackResult } from './knapsack-types.ts';
import { RUNNERS_UP } from './tuning.ts';

/**
 * Working arrays shared by every call (the search is synchronous and never re-entered), grown as needed.
 * Typed arrays of more than 64 bytes get a backing store of their own outside V8's heap, about a
 * microsecond each and counted against the next collection: a call's dozen of them and its saved
 * packings were a third of the quick search's time on the slowest warm jobs (a CPU profile of their
 * 9,496 calls), whose searches are short and many.
 */
const work = {
  size: 0,
  density: new Float64Array(0),
  order: new Int32Array(0),
  v: new Float64Array(0),
  w: new Float64Array(0),
  u: new Int32Array(0),
  dens: new Float64Array(0),
  minW: new Float64Array(0),
  cur: new Int32Array(0),
  levelAt: new Int32Array(0),
  roomAt: new Float64Array(0),
  valAt: new Float64Array(0),
  takeAt: new Int32Array(0),
  /** Buffers for the best packing and its runners-up, returned here at the end of each call. */
  free: [] as Int32Array[],
};

/** The working arrays, at least `size` long (contents undefined but for `free`'s, which are unused). */
function workFor(size: number): typeof work {
  if (work.size >= size) return work;
  const s = Math.max(size, 2 * work.size);
  work.size = s;
  work.density = new Float64Array(s);
  work.order = new Int32Array(s);
  work.v = new Float64Array(s);
  work.w = new Float64Array(s);
  work.u = new Int32Array(s);
  work.dens = new Float64Array(s + 1);
  work.minW = new Float64Array(s + 1);
  work.cur = new Int32Array(s);
  work.levelAt = new Int32Array(s);
  work.roomAt = new Float64Array(s);
  work.valAt = new Float64Array(s);
  work.takeAt = new Int32Array(s);
  work.free = [];
  return work;
}

/**
 * Depth-first branch and bound in density order with the Dantzig (fractional) bound. Stops after
 * `nodeLimit` nodes; the bound is then the max of the best value and the fractional bounds of the nodes
 * left open, which is a valid upper bound. The last few packings the best one improved on come back as
 * `extra` (more columns per pricing round, for nothing).
 */
export function branchAndBound(
  values: Float64Array,
  weights: ArrayLike<number>,
  copies: Int32Array,
  capacity: number,
  nodeLimit: number,
  /** A packing already known (e.g. from the coarse DP): its value prunes from the first node on. */
  start?: Int32Array,
): KnapsackResult {
  const m = values.length;
  const ws = workFor(m);
  // The items in density order, ties by index: an insertion sort over a working array (the order is
  // total, so any sort gives the same one; on a few dozen items this beats a comparator callback).
  const order = ws.order;
  const density = ws.density;
  let n = 0;
  for (let i = 0; i < m; i++) {
    const vi = values[i] ?? 0;
    if (!(vi > 0 && (copies[i] ?? 0) > 0 && (weights[i] ?? 0) <= capacity)) continue;
    const di = vi / (weights[i] ?? 1);
    density[i] = di;
    let j = n++;
    // Items come by rising index, so an equal density stays after the ones already placed.
    while (j > 0 && (density[order[j - 1] ?? 0] ?? 0) < di) {
      order[j] = order[j - 1] ?? 0;
      j--;
    }
    order[j] = i;
  }
  const v = ws.v;
  const w = ws.w;
  const u = ws.u;
  for (let k = 0; k < n; k++) {
    const i = order[k] ?? 0;
    v[k] = values[i] ?? 0;
    w[k] = weights[i] ?? 0;
    u[k] = Math.min(copies[i] ?? 0, Math.floor(capacity / (w[k] ?? 1)));
  }
  // Densities, as the order compares them (the bound below reads them for the items around the break).
  const dens = ws.dens;
  for (let k = 0; k < n; k++) dens[k] = (v[k] ?? 0) / (w[k] ?? 1);
  // The smallest weight among items k.. lets a node stop early when nothing else fits.
  const minW = ws.minW;
  minW[n] = Number.POSITIVE_INFINITY;
  for (let k = n - 1; k >= 0; k--) minW[k] = Math.min(w[k] ?? 0, minW[k + 1] ?? 0);

  // The Dantzig bound, tightened as Martello and Toth's U2: the break item s (the first that does not
  // fit whole) either stays at the copies that fit, the room left filled at the next item's density, or
  // takes one more copy, the weight it lacks freed at the density of the last item before it.
  // It leaves in `firstFull` the copies of item k0 that fit the room: the copies a node expanding k0
  // takes, so the expansion needs no division of its own.
  let firstFull = 0;
  const fractionalBound = (k0: number, room: number): number => {
    let bound = 0;
    let r = room;
    let last = -1;
    for (let k = k0; k < n; k++) {
      const wk = w[k] ?? 1;
      const uk = u[k] ?? 0;
      const fit = Math.floor(r / wk);
      const full = uk < fit ? uk : fit;
      if (k === k0) firstFull = full;
      const vk = v[k] ?? 0;
      bound += full * vk;
      r -= full * wk;
      if (full < uk) {
        const dantzig = bound + (r / wk) * vk;
        const next = k + 1 < n ? r * (dens[k + 1] ?? 0) : 0;
        // No item taken before it: one more copy cannot be made room for.
        const more = last >= 0 ? vk - (wk - r) * (dens[last] ?? 0) : Number.NEGATIVE_INFINITY;
        return Math.min(dantzig, bound + Math.max(next, more));
      }
      if (full > 0) last = k;
    }
    return bound;
  };

  // Pruning tolerance relative to the largest value any packing could have: an absolute one would swallow
  // every packing when duals are tiny (a branch node whose duals all sit on its bar-count row). Whatever
  // the pruning may have skipped is added back to the reported bound, so the bound stays an upper bound.
  let most = 0;
  for (let k = 0; k < n; k++) most += (v[k] ?? 0) * (u[k] ?? 0);
  const tol = 1e-12 * most;
  const cur = ws.cur;
  cur.fill(0, 0, n);
  const free = ws.free;
  /** A saved copy of `cur` (its first n entries), in a buffer of the pool. */
  const saveCur = (): Int32Array => {
    const b = free.pop() ?? new Int32Array(ws.size);
    for (let k = 0; k < n; k++) b[k] = cur[k] ?? 0;
    return b;
  };
  let bestVal = 0;
  let best = free.pop() ?? new Int32Array(ws.size);
  best.fill(0, 0, n);
  let startCounts: Int32Array | null = null;
  let improved = false;
  if (start) {
    let v0 = 0;
    start.forEach((c, i) => {
      v0 += c * (values[i] ?? 0);
    });
    if (v0 > 0) {
      bestVal = v0;
      startCounts = start.slice();
    }
  }
  const runnersUp: Int32Array[] = [];
  let nodes = 0;
  let openBound = 0;
  let stopped = false;

  // Depth first without recursion (the search's hottest loop; a call per node cost about as much as the
  // node). The stack holds the decisions that take at least one copy, deepest last: the item, the room and
  // value it was entered with, and the copies it now tries, from the most that fit down to one; at zero
  // copies the decision leaves the stack and the search goes on to the next item. A level of zero copies
  // needs no record, so backtracking never walks over one (on jobs of 50 item types most levels take
  // nothing: the former walk down every level cost a third of the practical jobs' branch and bound time).
  // Once stopped, every node still reached records its bound, so the open part of the tree is covered.
  const levelAt = ws.levelAt;
  const roomAt = ws.roomAt;
  const valAt = ws.valAt;
  const takeAt = ws.takeAt;
  let depth = 0;
  let k = 0;
  let room = capacity;
  let val = 0;
  for (;;) {
    let expand = false;
    // The pruning line, the same sum as before (bestVal does not change in this loop).
    const limit = bestVal + tol;
    while (k < n && room >= (minW[k] ?? 0)) {
      const wk = w[k] ?? 1;
      // An item too heavy for the room takes no copy: its node's bound (the fractional one below with k
      // as the break item) in closed form, and on to the next item, without a level to backtrack over.
      const heavy = wk > room;
      let ub: number;
      if (heavy) {
        // val + min(a, b) ≤ limit exactly when val + a or val + b is (rounding is monotone): the
        // product b first, and the division for a only where b does not prune.
        const b = k + 1 < n ? room * (dens[k + 1] ?? 0) : 0;
        if (val + b <= limit) break;
        ub = val + Math.min((room / wk) * (v[k] ?? 0), b);
      } else ub = val + fractionalBound(k, room);
      if (ub <= limit) break;
      if (stopped || ++nodes > nodeLimit) {
        stopped = true;
        openBound = Math.max(openBound, ub);
        break;
      }
      if (!heavy) {
        expand = true;
        break;
      }
      k++;
    }
    if (expand) {
      const wk = w[k] ?? 1;
      const take = firstFull;
      levelAt[depth] = k;
      roomAt[depth] = room;
      valAt[depth] = val;
      takeAt[depth] = take;
      depth++;
      cur[k] = take;
      room -= take * wk;
      val += take * (v[k] ?? 0);
      k++;
      // Only a node just entered can improve: a backtrack takes a copy off a packing already checked and
      // worth no less (rounding is monotone), and the root's value is 0.
      if (val > bestVal + tol) {
        bestVal = val;
        if (improved) {
          runnersUp.push(best);
          const dropped = runnersUp.length > RUNNERS_UP ? runnersUp.shift() : undefined;
          if (dropped) free.push(dropped);
        }
        best = saveCur();
        improved = true;
      }
      continue;
    }
    // Back to the deepest level with fewer copies left to try.
    if (depth === 0) break;
    const d = depth - 1;
    const p = levelAt[d] ?? 0;
    const take = (takeAt[d] ?? 0) - 1;
    cur[p] = take;
    if (take > 0) takeAt[d] = take;
    else depth = d;
    room = (roomAt[d] ?? 0) - take * (w[p] ?? 1);
    val = (valAt[d] ?? 0) + take * (v[p] ?? 0);
    k = p + 1;
  }

  // The answer's packings are the caller's to keep: views of one new buffer (one backing store, not seven).
  const out = new Int32Array(m * (1 + runnersUp.length));
  const counts = out.subarray(0, m);
  if (!improved && startCounts) counts.set(startCounts);
  else for (let k = 0; k < n; k++) counts[order[k] ?? 0] = best[k] ?? 0;
  const extra = runnersUp.reverse().map((b, r) => {
    const c = out.subarray(m * (r + 1), m * (r + 2));
    for (let k = 0; k < n; k++) c[order[k] ?? 0] = b[k] ?? 0;
    return c;
  });
  free.push(best, ...runnersUp);
  return {
    counts,
    value: bestVal,
    upperBound: (stopped ? Math.max(bestVal, openBound) : bestVal) + tol,
    exact: !stopped,
    extra,
  };
}
