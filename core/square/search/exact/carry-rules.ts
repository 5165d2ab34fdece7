/**
 * The carry rules of the perfect-packing search: budgets modulo powers of two that the bars' carries share,
 * their set-up, propagation and reasons.
 */
import { falseRows } from './leftover-rules.ts';
import type { PackingState } from './packing-state.ts';
import { FALSE, R_CARRY, TRUE, UNSET } from './packing-types.ts';
import { CARRY_MAX_BITS } from './tuning.ts';

/**
 * Carry budgets (see the fields). A bar's carry at modulus m is (Σ (w mod m) − (C mod m)) / m, an
 * integer ≥ 0 because the bar sums to C; summed over all bars it is fixed by the pieces. So the
 * carries above each long piece's least option, and those of the leftover, share a fixed slack. The
 * instances built by splitting pieces 2-adically use almost all of it at small powers of two.
 */
export function setupCarry(st: PackingState): void {
  const cap = st.cap;
  const nm = st.carry ? Math.max(0, Math.min(CARRY_MAX_BITS, Math.floor(Math.log2(cap)))) : 0;
  st.nMod = nm;
  const R = st.nRows;
  const ns = st.sW.length;
  st.mods = Int32Array.from({ length: nm }, (_, j) => 2 ** (j + 1));
  st.excess = new Int32Array(st.nVars * nm);
  st.sRes = new Int32Array(ns * nm);
  st.expRoom = new Int32Array(st.nBig * nm);
  st.maxExpRoom = new Int32Array(nm);
  st.carrySlack = new Int32Array(nm);
  st.carryUsed = new Int32Array(nm);
  st.carryExpRoom = new Int32Array(nm);
  st.forcedRes = new Float64Array(nm);
  st.carryChecked = new Float64Array(nm).fill(Number.POSITIVE_INFINITY);
  st.carryOrder = [];
  for (let j = 0; j < nm; j++) {
    const m = st.mods[j] ?? 1;
    const c = cap % m;
    let total = 0;
    for (let i = 0; i < st.weights.length; i++) total += ((st.weights[i] ?? 0) % m) * (st.demands[i] ?? 0);
    let slack = (total - st.bins * c) / m;
    for (let s = 0; s < ns; s++) {
      const t = (st.sW[s] ?? 0) % m;
      st.sRes[s * nm + j] = t;
      st.forcedRes[j] = (st.forcedRes[j] ?? 0) + (st.forced[s] ?? 0) * t;
    }
    for (let b = 0; b < st.nBig; b++) {
      const opts = st.opts[b] ?? new Int32Array(0);
      const tl = (st.weights[st.bigType[b] ?? 0] ?? 0) % m;
      let least = Number.POSITIVE_INFINITY;
      for (let i = 0; i < opts.length; i++) {
        const o = opts[i] ?? 0;
        let q: number;
        if (o < R) {
          let sum = tl;
          const a = st.rowA[o] ?? -1;
          const t = st.rowB[o] ?? -1;
          if (a >= 0) sum += (st.rowAm[o] ?? 0) * (st.sRes[a * nm + j] ?? 0);
          if (t >= 0) sum += (st.rowBm[o] ?? 0) * (st.sRes[t * nm + j] ?? 0);
          q = (sum - c) / m;
        } else {
          // The short pieces of an expensive bar bring the carry up from the long piece's.
          q = tl > c ? 1 : 0;
          const room = c - tl + m * q;
          st.expRoom[b * nm + j] = room;
          st.maxExpRoom[j] = Math.max(st.maxExpRoom[j] ?? 0, room);
        }
        st.excess[o * nm + j] = q;
        least = Math.min(least, q);
      }
      for (let i = 0; i < opts.length; i++) {
        const o = opts[i] ?? 0;
        st.excess[o * nm + j] = (st.excess[o * nm + j] ?? 0) - least;
      }
      slack -= least;
    }
    st.carrySlack[j] = slack;
    const order: number[] = [];
    for (let o = 0; o < st.nVars; o++) if ((st.excess[o * nm + j] ?? 0) > 0) order.push(o);
    order.sort((x, y) => (st.excess[y * nm + j] ?? 0) - (st.excess[x * nm + j] ?? 0) || x - y);
    st.carryOrder.push(Int32Array.from(order));
  }
  st.ops += (st.nVars + ns) * nm;
}

/** The least carry excess of the leftover at modulus j, from the copies already forced into it. */
function leftoverExcess(st: PackingState, j: number): number {
  const m = st.mods[j] ?? 1;
  const c = st.cap % m;
  const open = Math.max(0, st.maxExpensive - st.nExpensive);
  const room = (st.carryExpRoom[j] ?? 0) + Math.min(open, st.nBig) * (st.maxExpRoom[j] ?? 0);
  return Math.max(0, Math.ceil(((st.forcedRes[j] ?? 0) - st.leftoverBars * c - room) / m));
}

/**
 * Carry budgets: a conflict when the true options' excess and the leftover's least excess pass a
 * modulus's slack; else the options whose excess no longer fits are set false. Returns a falsified
 * clause, true when it set something, false at a fixpoint.
 */
export function carryPropagate(st: PackingState): number[] | boolean {
  const nm = st.nMod;
  for (let j = 0; j < nm; j++) {
    st.ops++;
    const used = st.carryUsed[j] ?? 0;
    const slack = st.carrySlack[j] ?? 0;
    // Excesses are 0, 1 or 2 (an option has at most three pieces): only room 0 or 1 sets anything.
    if (slack - used >= 2 && (st.forcedRes[j] ?? 0) === 0) continue;
    const lx = leftoverExcess(st, j);
    const room = slack - used - lx;
    if (room < 0) {
      const cl: number[] = [];
      carryReason(st, j, slack + 1, cl);
      return cl;
    }
    if (room >= 2 || room >= (st.carryChecked[j] ?? 0)) continue;
    const order = st.carryOrder[j] ?? new Int32Array(0);
    let reason: Int32Array | null = null;
    let any = false;
    for (let i = 0; i < order.length; i++) {
      const o = order[i] ?? 0;
      if ((st.excess[o * nm + j] ?? 0) <= room) break;
      st.ops++;
      if (st.val[o] !== UNSET) continue;
      if (!reason) {
        const lits: number[] = [];
        carryReason(st, j, slack - room, lits);
        reason = Int32Array.from(lits);
        st.carryReasons.push(reason);
        st.carryReasonAt.push(st.trail.length);
      }
      st.assign(o, FALSE, R_CARRY, st.carryReasons.length - 1);
      any = true;
    }
    st.carryChecked[j] = room;
    if (any) return true;
  }
  return false;
}

/**
 * Appends false literals whose truth shows a carry of at least `need` at modulus j: true options with
 * excess, largest first; when they fall short, all of them and the leftover's part (the false rows of
 * the forced kinds with a residue, and the true expensive options whose room was counted).
 */
export function carryReason(st: PackingState, j: number, need: number, out: number[]): void {
  const nm = st.nMod;
  const withExcess: number[] = [];
  for (const v of st.trail) {
    if (st.val[v] === TRUE && (st.excess[v * nm + j] ?? 0) > 0 && (st.level[v] ?? 0) > 0) withExcess.push(v);
  }
  st.ops += st.trail.length;
  let sum = 0;
  for (const v of st.trail) if (st.val[v] === TRUE) sum += st.excess[v * nm + j] ?? 0;
  if (sum >= need) {
    // Level-0 options hold for good: count them without naming them.
    let fixed = sum;
    for (const v of withExcess) fixed -= st.excess[v * nm + j] ?? 0;
    withExcess.sort((x, y) => (st.excess[y * nm + j] ?? 0) - (st.excess[x * nm + j] ?? 0) || x - y);
    let got = fixed;
    for (const v of withExcess) {
      if (got >= need) break;
      got += st.excess[v * nm + j] ?? 0;
      out.push(2 * v + 1);
    }
    return;
  }
  for (const v of withExcess) out.push(2 * v + 1);
  for (let s = 0; s < st.forced.length; s++)
    if ((st.forced[s] ?? 0) > 0 && (st.sRes[s * nm + j] ?? 0) > 0) falseRows(st, s, out);
  for (const e of st.expTrue) if ((st.level[e] ?? 0) > 0) out.push(2 * e + 1);
}
