/**
 * Exact pricing for knapsacks too large for a dense DP: a dynamic programme over the undominated states
 * only, pruned by the Dantzig bound (the core idea of Pisinger's minknap, without its core expansion).
 *
 * Column generation's duals make every item about as valuable per unit of length as every other, which is
 * the worst case for a depth-first branch and bound (it stops at its node limit with a loose bound, and the
 * Lagrangian bound is then too weak to round up: Gschwind–Irnich csBB500_2, capacity 1.5 million, ended
 * one bar below its optimum). The same near-equal densities make the Dantzig bound tight, so states that
 * cannot beat the best packing die young: about 2.5 million states in all and a few thousand alive at a
 * time on that job's root duals (`docs/solver.md`, "Sparse knapsack DP").
 */
import { splitChunks } from './chunk-dp.ts';
import type { KnapsackResult } from './knapsack-types.ts';
import { RUNNERS_UP } from './tuning.ts';

/**
 * The bounded knapsack `max Σ v_i a_i, Σ w_i a_i ≤ capacity, 0 ≤ a_i ≤ copies_i` solved exactly over
 * binary-split chunks taken in density order: a state is a packing of the chunks so far (weight, value);
 * a state with more weight and no more value than another is dropped (dominated), and so is one whose
 * value plus the Dantzig bound of the chunks left cannot beat the best packing known (`start`, then the
 * best state seen). Every state is a packing that fits, so the best one is optimal once the last chunk
 * is done. Returns null once more than `stateLimit` states have been made (the caller then falls back
 * to its own bound); never an inexact answer.
 */
export function sparseKnapsack(
  values: Float64Array,
  weights: ArrayLike<number>,
  copies: Int32Array,
  capacity: number,
  stateLimit: number,
  start?: Int32Array,
): KnapsackResult | null {
  const m = values.length;
  const all = splitChunks(copies, (i) => (values[i] ?? 0) > 0 && (weights[i] ?? 0) > 0);
  // Chunks that fit, densest first (ties by chunk order, so the result never depends on sort stability).
  const order: number[] = [];
  for (let c = 0; c < all.item.length; c++) {
    if ((weights[all.item[c] ?? 0] ?? 0) * (all.times[c] ?? 0) <= capacity) order.push(c);
  }
  const density = (c: number): number => {
    const i = all.item[c] ?? 0;
    return (values[i] ?? 0) / (weights[i] ?? 1);
  };
  order.sort((a, b) => density(b) - density(a) || a - b);
  const n = order.length;
  const cw = new Float64Array(n);
  const cv = new Float64Array(n);
  const cItem = new Int32Array(n);
  const cTimes = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const c = order[k] ?? 0;
    const i = all.item[c] ?? 0;
    const t = all.times[c] ?? 0;
    cItem[k] = i;
    cTimes[k] = t;
    cw[k] = (weights[i] ?? 0) * t;
    cv[k] = (values[i] ?? 0) * t;
  }
  // Prefix sums of the chunks in density order, for the Dantzig bound below.
  const sumW = new Float64Array(n + 1);
  const sumV = new Float64Array(n + 1);
  for (let k = 0; k < n; k++) {
    sumW[k + 1] = (sumW[k] ?? 0) + (cw[k] ?? 0);
    sumV[k + 1] = (sumV[k] ?? 0) + (cv[k] ?? 0);
  }
  // The Dantzig bound of chunks k.. in room r takes whole chunks up to the break (the last index `lo` with
  // sumW[lo] − sumW[k] ≤ r) and the break chunk's density for the rest. Within one chunk's merge the
  // states come lightest first, so the room only shrinks and the break only moves left: a pointer walked
  // down finds the same break as a bisection would (the sums are monotone in floats too), in amortised
  // constant time; the first state of a chunk places it by bisection.
  let brk = -1;
  const dantzig = (k: number, room: number): number => {
    const base = sumW[k] ?? 0;
    let lo = brk;
    if (lo < 0) {
      lo = k;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((sumW[mid] ?? 0) - base <= room) lo = mid;
        else hi = mid - 1;
      }
    } else {
      while (lo > k && (sumW[lo] ?? 0) - base > room) lo--;
    }
    brk = lo;
    let u = (sumV[lo] ?? 0) - (sumV[k] ?? 0);
    if (lo < n) u += (room - ((sumW[lo] ?? 0) - base)) * ((cv[lo] ?? 0) / (cw[lo] ?? 1));
    return u;
  };
  // Pruning tolerance relative to the largest value any packing could have (as in the branch and bound):
  // what it may skip is added to the reported bound.
  const tol = 1e-12 * (sumV[n] ?? 0);

  let bestVal = 0;
  if (start) for (let i = 0; i < m; i++) bestVal += (start[i] ?? 0) * (values[i] ?? 0);
  // Made states: the chunk each took and the state it extended (-1: the empty packing). A state that
  // skips a chunk keeps its record, so only "take" steps make one.
  let parent = new Int32Array(1024);
  let chunkOf = new Int32Array(1024);
  let made = 0;
  let bestId = -2; // -2: `start` (or nothing) is the best; -1: the empty packing
  const improvedIds: number[] = [];

  // The live states (weight order) and the next chunk's, in two pairs of buffers swapped after each
  // chunk (`len` of them live): no arrays made per chunk.
  let ws = new Float64Array(64);
  let vs = new Float64Array(64);
  let ids = new Int32Array(64);
  let nw = new Float64Array(64);
  let nv = new Float64Array(64);
  let nid = new Int32Array(64);
  ids[0] = -1;
  let len = 1;
  for (let k = 0; k < n; k++) {
    const w = cw[k] ?? 0;
    const v = cv[k] ?? 0;
    if (nw.length < 2 * len) {
      nw = new Float64Array(4 * len);
      nv = new Float64Array(4 * len);
      nid = new Int32Array(4 * len);
    }
    brk = -1;
    let out = 0;
    let lastV = Number.NEGATIVE_INFINITY;
    let i = 0;
    let j = 0;
    // Merge the states that skip chunk k (i) with those that take it (j), both in weight order.
    while (i < len || j < len) {
      const aw = i < len ? (ws[i] ?? 0) : Number.POSITIVE_INFINITY;
      const bw = j < len ? (ws[j] ?? 0) + w : Number.POSITIVE_INFINITY;
      let sw: number;
      let sv: number;
      let sid: number;
      let taken = false;
      if (aw < bw || (aw === bw && (vs[i] ?? 0) >= (vs[j] ?? 0) + v)) {
        sw = aw;
        sv = vs[i] ?? 0;
        sid = ids[i] ?? -1;
        i++;
        if (aw === bw) j++;
      } else {
        if (bw > capacity) break; // only heavier "take" states are left, and i is done (aw > bw)
        sw = bw;
        sv = (vs[j] ?? 0) + v;
        sid = ids[j] ?? -1;
        taken = true;
        j++;
        if (aw === bw) i++;
      }
      if (sv <= lastV) continue; // dominated by a lighter state
      // A state that beats the best is kept whatever its bound (so the bound is not worked out).
      if (!(sv > bestVal + tol) && sv + dantzig(k + 1, capacity - sw) <= bestVal + tol) continue;
      if (taken) {
        if (made >= stateLimit) return null;
        if (made === parent.length) {
          parent = grow(parent);
          chunkOf = grow(chunkOf);
        }
        parent[made] = sid;
        chunkOf[made] = k;
        sid = made++;
      }
      if (sv > bestVal + tol) {
        bestVal = sv;
        bestId = sid;
        improvedIds.push(sid);
      }
      nw[out] = sw;
      nv[out] = sv;
      nid[out] = sid;
      out++;
      lastV = sv;
    }
    if (out === 0) break; // nothing left that could beat the best packing
    [ws, nw] = [nw, ws];
    [vs, nv] = [nv, vs];
    [ids, nid] = [nid, ids];
    len = out;
  }

  const countsOf = (id: number): Int32Array => {
    const counts = new Int32Array(m);
    for (let s = id; s >= 0; s = parent[s] ?? -1) {
      const k = chunkOf[s] ?? 0;
      const i = cItem[k] ?? 0;
      counts[i] = (counts[i] ?? 0) + (cTimes[k] ?? 0);
    }
    return counts;
  };
  const counts = bestId === -2 ? (start?.slice() ?? new Int32Array(m)) : countsOf(bestId);
  const extra = improvedIds
    .slice(0, -1)
    .slice(-RUNNERS_UP)
    .reverse()
    .map((id) => countsOf(id));
  return { counts, value: bestVal, upperBound: bestVal + tol, exact: true, extra };
}

function grow(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
