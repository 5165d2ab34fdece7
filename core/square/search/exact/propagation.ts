/**
 * Propagation in the perfect-packing search: one option per long piece, the short pieces' copies, the
 * expensive bound and the learnt clauses (two watched literals), then the leftover's and the carry rules.
 */
import { carryPropagate } from './carry-rules.ts';
import { weightConflict, weightPropagate } from './leftover-rules.ts';
import type { PackingState } from './packing-state.ts';
import { FALSE, R_AT_LEAST, R_CLAUSE, R_EXPENSIVE, R_ONE_OF, R_SHORT, TRUE, UNSET } from './packing-types.ts';

/** Propagates the queue; returns a falsified clause (as literals) on conflict. */
function propagateQueue(st: PackingState): number[] | null {
  while (st.qhead < st.trail.length) {
    const v = st.trail[st.qhead++] ?? 0;
    const b = st.bigOf(v);
    const opts = st.opts[b] ?? new Int32Array(0);
    st.ops++;
    if (st.val[v] === TRUE) {
      // At most one option per long piece.
      for (let i = 0; i < opts.length; i++) {
        const o = opts[i] ?? 0;
        st.ops++;
        if (o === v) continue;
        const x = st.val[o];
        if (x === TRUE) return [2 * v + 1, 2 * o + 1];
        if (x === UNSET) st.assign(o, FALSE, R_ONE_OF, v);
      }
      if (!st.isRow(v)) {
        if (st.nExpensive > st.maxExpensive) {
          const cl: number[] = [];
          for (let e = st.nRows; e < st.nVars; e++) if (st.val[e] === TRUE) cl.push(2 * e + 1);
          st.ops += st.nBig;
          return cl;
        }
        if (st.nExpensive === st.maxExpensive) {
          for (let e = st.nRows; e < st.nVars; e++)
            if (st.val[e] === UNSET) st.assign(e, FALSE, R_EXPENSIVE, 0);
          st.ops += st.nBig;
        }
      }
      if (st.isRow(v)) {
        // Both short pieces of the row, without an array per TRUE row (this loop is the search's hottest).
        for (let side = 0; side < 2; side++) {
          const s = (side === 0 ? st.rowA[v] : st.rowB[v]) ?? -1;
          if (s < 0) continue;
          const c = st.sCount[s] ?? 0;
          const ld = st.load[s] ?? 0;
          const rows = st.rowsOf[s] ?? new Int32Array(0);
          const mult = st.multOf[s] ?? new Int32Array(0);
          if (ld > c) {
            const cl: number[] = [];
            for (let i = 0; i < rows.length; i++) {
              const r = rows[i] ?? 0;
              if (st.val[r] === TRUE) cl.push(2 * r + 1);
            }
            st.ops += rows.length;
            return cl;
          }
          for (let i = 0; i < rows.length; i++) {
            const r = rows[i] ?? 0;
            if (st.val[r] === UNSET && ld + (mult[i] ?? 0) > c) st.assign(r, FALSE, R_SHORT, s);
          }
          st.ops += rows.length;
        }
      }
    } else {
      if (st.trueOpt[b] === -1) {
        const nf = st.nFalse[b] ?? 0;
        if (nf === opts.length) {
          const cl: number[] = [];
          for (let i = 0; i < opts.length; i++) cl.push(2 * (opts[i] ?? 0));
          st.ops += opts.length;
          return cl;
        }
        if (nf === opts.length - 1) {
          for (let i = 0; i < opts.length; i++) {
            const o = opts[i] ?? 0;
            if (st.val[o] === UNSET) {
              st.assign(o, TRUE, R_AT_LEAST, b);
              break;
            }
          }
          st.ops += opts.length;
        }
      }
    }
    // Learnt clauses watching ¬v (the literal that just became false).
    const falseLit = st.val[v] === TRUE ? 2 * v + 1 : 2 * v;
    const ws = st.watches[falseLit] ?? [];
    // A clause's two watched literals are read from `head0`/`head1` (see `PackingState`): most visits end
    // there, without touching the clause's own array.
    const head0 = st.head0;
    const head1 = st.head1;
    let j = 0;
    let conflict: number[] | null = null;
    for (let i = 0; i < ws.length; i++) {
      const ci = ws[i] ?? 0;
      st.ops++;
      let first = head0[ci] ?? -1;
      if (first < 0) continue;
      if (conflict) {
        ws[j++] = ci;
        continue;
      }
      // Keep the false literal in slot 1.
      if (first === falseLit) {
        first = head1[ci] ?? 0;
        head0[ci] = first;
        head1[ci] = falseLit;
      }
      if (st.litTrue(first)) {
        ws[j++] = ci;
        continue;
      }
      const cl = st.clauses[ci] ?? new Int32Array(0);
      let moved = false;
      for (let q = 2; q < cl.length; q++) {
        const l = cl[q] ?? 0;
        if (!st.litFalse(l)) {
          head1[ci] = l;
          cl[q] = falseLit;
          st.watches[l]?.push(ci);
          moved = true;
          break;
        }
      }
      st.ops += cl.length >> 2;
      if (moved) continue;
      ws[j++] = ci;
      if (st.litFalse(first)) conflict = clauseLits(st, ci);
      else st.assign(first >> 1, first & 1 ? FALSE : TRUE, R_CLAUSE, ci);
    }
    ws.length = j;
    if (conflict) return conflict;
  }
  return null;
}

/** The literals of learnt clause `ci`, its watched pair first, as a fresh array. */
export function clauseLits(st: PackingState, ci: number): number[] {
  const cl = st.clauses[ci] ?? new Int32Array(0);
  const out = Array.from(cl);
  out[0] = st.head0[ci] ?? 0;
  out[1] = st.head1[ci] ?? 0;
  return out;
}

/** Propagates the queue and the leftover's count and weight; returns a falsified clause on conflict. */
export function propagate(st: PackingState): number[] | null {
  for (;;) {
    const c = propagateQueue(st);
    if (c) return c;
    const wc = weightConflict(st);
    if (wc) return wc;
    if (weightPropagate(st)) continue;
    const cc = carryPropagate(st);
    if (cc === false) return null;
    if (cc !== true) return cc;
  }
}
