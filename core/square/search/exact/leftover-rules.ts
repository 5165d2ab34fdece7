/**
 * The leftover's rules in the perfect-packing search: its count and weight bounds (conflicts, forced rows
 * and their reasons), its exact packing once every long piece is placed, and the nogood when it does not pack.
 */
import { exactFill } from './leftover-fill.ts';
import type { PackingState } from './packing-state.ts';
import { FALSE, R_WEIGHT, TRUE, UNSET } from './packing-types.ts';

/** Fewest short copies and most weight the leftover can have; a conflict when the forced copies pass either. */
export function weightConflict(st: PackingState): number[] | null {
  const byCount = st.forcedN > st.countBudget;
  if (!byCount && st.forcedW <= st.budget) return null;
  const cl: number[] = [];
  overflowReason(st, -1, 0, byCount, cl);
  return cl;
}

/**
 * Appends the false rows of forced short kinds (kind `s` with `extra` more copies first, then the
 * largest) whose forced copies overflow the count (byCount) or the weight budget.
 */
function overflowReason(st: PackingState, s: number, extra: number, byCount: boolean, out: number[]): void {
  const part = (q: number): number => {
    const f = (st.forced[q] ?? 0) + (q === s ? extra : 0);
    return byCount ? f : f * (st.sW[q] ?? 0);
  };
  const limit = byCount ? st.countBudget : st.budget;
  let sum = 0;
  if (s >= 0) {
    sum += part(s);
    falseRows(st, s, out);
    if (sum > limit) return;
  }
  const kinds: number[] = [];
  for (let q = 0; q < st.forced.length; q++) if (q !== s && (st.forced[q] ?? 0) > 0) kinds.push(q);
  kinds.sort((x, y) => part(y) - part(x) || x - y);
  st.ops += st.forced.length + kinds.length * 4;
  for (const q of kinds) {
    sum += part(q);
    falseRows(st, q, out);
    if (sum > limit) return;
  }
}

/** Forces a row whose short pieces would otherwise strand more copies or weight than the leftover takes. */
export function weightPropagate(st: PackingState): boolean {
  const slackW = st.budget - st.forcedW;
  const slackN = st.countBudget - st.forcedN;
  for (let s = st.sW.length - 1; s >= 0; s--) {
    const w = st.sW[s] ?? 0;
    if (slackN >= 2 && 2 * w <= slackW) break;
    st.ops++;
    const live = st.live[s] ?? 0;
    if (live === 0) continue;
    const need = (st.sCount[s] ?? 0) - (st.load[s] ?? 0);
    if (need + 2 <= live) continue;
    const f = st.forced[s] ?? 0;
    const rows = st.rowsOf[s] ?? new Int32Array(0);
    const mult = st.multOf[s] ?? new Int32Array(0);
    st.ops += rows.length;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] ?? 0;
      if (st.val[r] !== UNSET) continue;
      const d = Math.max(0, need - live + (mult[i] ?? 0)) - f;
      if (d * w <= slackW && d <= slackN) continue;
      const lits: number[] = [];
      overflowReason(st, s, d, d > slackN, lits);
      st.assign(r, TRUE, R_WEIGHT, st.weightReasons.length);
      st.weightReasons.push(Int32Array.from(lits));
      return true;
    }
  }
  return false;
}

/** Appends the literals "row r is true" of the false rows (above level 0) holding short kind s. */
export function falseRows(st: PackingState, s: number, out: number[]): void {
  const rows = st.rowsOf[s] ?? new Int32Array(0);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] ?? 0;
    if (st.val[r] === FALSE && (st.level[r] ?? 0) > 0) out.push(2 * r);
  }
  st.ops += rows.length;
}

function leftoverCount(st: PackingState): Int32Array {
  const ns = st.sW.length;
  const left = new Int32Array(ns);
  for (let s = 0; s < ns; s++) left[s] = (st.sCount[s] ?? 0) - (st.load[s] ?? 0);
  return left;
}

/** Packs the leftover short pieces into the expensive bars' residuals and k bars of their own. */
export function packLeftover(st: PackingState, k: number): number[][] | null {
  const left = leftoverCount(st);
  const ns = left.length;
  st.ops += ns;
  const targets: number[] = [];
  const owner: number[] = [];
  for (let b = 0; b < st.nBig; b++)
    if ((st.trueOpt[b] ?? -1) >= st.nRows) {
      targets.push(st.bigRes[b] ?? 0);
      owner.push(b);
    }
  for (let q = 0; q < k; q++) {
    targets.push(st.cap);
    owner.push(-1);
  }
  const fill = exactFill(st.sW, left, targets, st.leftoverLimit);
  st.ops += fill.nodes;
  if (fill.nodes > st.leftoverLimit) st.cutOff = true;
  if (!fill.bins) return null;
  const out: number[][] = [];
  for (let b = 0; b < st.nBig; b++) {
    const o = st.trueOpt[b] ?? -1;
    if (o >= st.nRows) continue;
    const bin = [st.bigType[b] ?? 0];
    const a = st.rowA[o] ?? -1;
    const t = st.rowB[o] ?? -1;
    for (let q = 0; q < (st.rowAm[o] ?? 0); q++) bin.push(st.sType[a] ?? 0);
    for (let q = 0; q < (st.rowBm[o] ?? 0); q++) bin.push(st.sType[t] ?? 0);
    out.push(bin);
  }
  fill.bins.forEach((pieces, i) => {
    const b = owner[i] ?? -1;
    const bin = b >= 0 ? [st.bigType[b] ?? 0] : [];
    for (const s of pieces) bin.push(st.sType[s] ?? 0);
    out.push(bin);
  });
  return out;
}

/**
 * The leftover could not be packed: forbid the same expensive pieces with the same leftover. With every
 * other long piece on a row the leftover's total is fixed, so "at least this leftover" means "this
 * leftover"; it changes only if a false row using a leftover kind becomes true or the set of expensive
 * pieces changes.
 */
export function leftoverNogood(st: PackingState): number[] {
  const lits: number[] = [];
  const left = leftoverCount(st);
  for (let b = 0; b < st.nBig; b++) {
    const e = st.nRows + b;
    lits.push(st.val[e] === TRUE ? 2 * e + 1 : 2 * e);
  }
  for (let s = 0; s < left.length; s++) {
    if ((left[s] ?? 0) === 0) continue;
    const rows = st.rowsOf[s] ?? new Int32Array(0);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] ?? 0;
      if (st.val[r] === FALSE) lits.push(2 * r);
    }
  }
  st.ops += lits.length;
  // Literals at level 0 are false for good: leave them out.
  return lits.filter((l) => (st.level[l >> 1] ?? 0) > 0 || !st.litFalse(l));
}
