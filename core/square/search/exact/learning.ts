/**
 * Learning from conflicts in the perfect-packing search: first-UIP analysis with clause minimisation,
 * variable and clause activity, and the learnt-clause store (watched literals, reduction).
 */
import type { PackingState } from './packing-state.ts';
import {
  FALSE,
  R_AT_LEAST,
  R_CARRY,
  R_CLAUSE,
  R_DECISION,
  R_EXPENSIVE,
  R_ONE_OF,
  R_SHORT,
  R_WEIGHT,
  TRUE,
} from './packing-types.ts';
import { LEARNT_LITERALS } from './tuning.ts';

/**
 * Writes the literals of the reason of `v` other than `v`'s own (all false) to `st.reasonBuf` and returns
 * how many. A typed scratch buffer, not an array per call: this runs for every literal of every conflict's
 * analysis and minimisation (a third of the search's time on ANI 402), and the garbage of fresh arrays was
 * a tenth of it. Same literals in the same order as before, same operations counted.
 */
function reasonLits(st: PackingState, v: number): number {
  const kind = st.reasonKind[v];
  const ref = st.reasonRef[v] ?? 0;
  const pos = st.trailPos[v] ?? 0;
  let n = 0;
  if (kind === R_ONE_OF) {
    reserve(st, 1)[n++] = 2 * ref + 1;
  } else if (kind === R_AT_LEAST) {
    const opts = st.opts[ref] ?? new Int32Array(0);
    const out = reserve(st, opts.length);
    for (let i = 0; i < opts.length; i++) {
      const o = opts[i] ?? 0;
      if (o !== v) out[n++] = 2 * o;
    }
  } else if (kind === R_SHORT) {
    const rows = st.rowsOf[ref] ?? new Int32Array(0);
    const out = reserve(st, rows.length);
    const val = st.val;
    const trailPos = st.trailPos;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] ?? 0;
      if (val[r] === TRUE && (trailPos[r] ?? 0) < pos) out[n++] = 2 * r + 1;
    }
    st.ops += rows.length;
  } else if (kind === R_EXPENSIVE) {
    const out = reserve(st, st.expTrue.length);
    for (const e of st.expTrue) if ((st.trailPos[e] ?? 0) < pos) out[n++] = 2 * e + 1;
  } else if (kind === R_WEIGHT || kind === R_CARRY) {
    const cl = kind === R_WEIGHT ? st.weightReasons[ref] : st.carryReasons[ref];
    if (cl) {
      const out = reserve(st, cl.length);
      out.set(cl);
      n = cl.length;
    }
  } else if (kind === R_CLAUSE) {
    const cl = st.clauses[ref];
    if (cl) {
      bumpClause(st, ref);
      const out = reserve(st, cl.length);
      // Slots 0 and 1 of the clause live in `head0`/`head1`.
      for (let i = 0; i < cl.length; i++) {
        const l = (i === 0 ? st.head0[ref] : i === 1 ? st.head1[ref] : cl[i]) ?? 0;
        if (l >> 1 !== v) out[n++] = l;
      }
    }
  }
  st.ops += n + 1;
  return n;
}

/** `st.reasonBuf`, grown to hold at least `n` literals (its contents are not kept). */
function reserve(st: PackingState, n: number): Int32Array {
  if (st.reasonBuf.length < n) st.reasonBuf = new Int32Array(Math.max(n, 2 * st.reasonBuf.length, 64));
  return st.reasonBuf;
}

function bump(st: PackingState, v: number): void {
  const a = (st.activity[v] ?? 0) + st.varInc;
  st.activity[v] = a;
  if (a > 1e100) {
    for (let i = 0; i < st.nVars; i++) st.activity[i] = (st.activity[i] ?? 0) * 1e-100;
    st.varInc *= 1e-100;
    st.ops += st.nVars;
  }
}

function bumpClause(st: PackingState, ci: number): void {
  const a = (st.clauseAct[ci] ?? 0) + st.clauseInc;
  st.clauseAct[ci] = a;
  if (a > 1e100) {
    for (let i = 0; i < st.clauseAct.length; i++) st.clauseAct[i] = (st.clauseAct[i] ?? 0) * 1e-100;
    st.clauseInc *= 1e-100;
  }
}

/** First-UIP analysis of a falsified clause, then backjump and assert. */
export function learn(st: PackingState, confl: number[]): void {
  // The clause may have no literal at the current level (a leftover nogood): go down to its top level.
  let top = 0;
  for (const l of confl) top = Math.max(top, st.level[l >> 1] ?? 0);
  if (top === 0) {
    st.backtrack(0);
    st.trailLim.length = 0;
    st.qhead = st.trail.length;
    st.unsat = true;
    return;
  }
  st.backtrack(top);
  const learnt: number[] = [0];
  const seen = st.seen;
  const level = st.level;
  // Each variable is touched at most once (then seen), so `st.touched` (one slot a variable) holds them all.
  const touched = st.touched;
  let nTouched = 0;
  let pending = 0;
  let idx = st.trail.length - 1;
  let uip = -1;
  // The conflict's literals first, then each resolved reason's from `st.reasonBuf`.
  let lits: ArrayLike<number> = confl;
  let n = confl.length;
  for (;;) {
    st.ops += n;
    for (let i = 0; i < n; i++) {
      const l = lits[i] ?? 0;
      const v = l >> 1;
      if (seen[v] || (level[v] ?? 0) === 0) continue;
      seen[v] = 1;
      touched[nTouched++] = v;
      bump(st, v);
      if ((level[v] ?? 0) === top) pending++;
      else learnt.push(l);
    }
    while (!seen[st.trail[idx] ?? 0]) idx--;
    uip = st.trail[idx] ?? 0;
    idx--;
    pending--;
    if (pending <= 0) break;
    n = reasonLits(st, uip);
    lits = st.reasonBuf;
  }
  for (let i = 0; i < nTouched; i++) seen[touched[i] ?? 0] = 0;
  learnt[0] = st.val[uip] === TRUE ? 2 * uip + 1 : 2 * uip;
  minimise(st, learnt);
  st.varInc *= 1.05;
  st.clauseInc *= 1.001;
  let back = 0;
  let second = 1;
  for (let i = 1; i < learnt.length; i++) {
    const lv = st.level[(learnt[i] ?? 0) >> 1] ?? 0;
    if (lv > back) {
      back = lv;
      second = i;
    }
  }
  if (learnt.length > 1) {
    const t = learnt[1] ?? 0;
    learnt[1] = learnt[second] ?? 0;
    learnt[second] = t;
  }
  st.ops += learnt.length + nTouched;
  st.backtrack(back);
  const asserting = learnt[0] ?? 0;
  if (learnt.length === 1) {
    st.assign(asserting >> 1, asserting & 1 ? FALSE : TRUE, R_DECISION, 0);
    st.level[asserting >> 1] = 0;
    return;
  }
  const ci = addClause(st, learnt);
  st.assign(asserting >> 1, asserting & 1 ? FALSE : TRUE, R_CLAUSE, ci);
}

/**
 * Shortens a learnt clause by resolution on its lower-level literals: one whose reason's other
 * literals are all in the clause (or at level 0) goes; one whose reason adds a single new literal
 * gives way to it (each step moves back on the trail, so it ends).
 */
function minimise(st: PackingState, learnt: number[]): void {
  const mark = st.seen;
  for (const l of learnt) mark[l >> 1] = 1;
  let j = 1;
  for (let i = 1; i < learnt.length; i++) {
    const l = learnt[i] ?? 0;
    const v = l >> 1;
    const kind = st.reasonKind[v];
    if (kind === R_DECISION || (kind === R_CLAUSE && !st.clauses[st.reasonRef[v] ?? 0])) {
      learnt[j++] = l;
      continue;
    }
    const n = reasonLits(st, v);
    const buf = st.reasonBuf;
    st.ops += n;
    let fresh = -1;
    let nFresh = 0;
    for (let k = 0; k < n; k++) {
      const q = buf[k] ?? 0;
      const u = q >> 1;
      if (mark[u] || (st.level[u] ?? 0) === 0) continue;
      nFresh++;
      fresh = q;
      if (nFresh > 1) break;
    }
    if (nFresh === 1) {
      mark[fresh >> 1] = 1;
      learnt.push(fresh);
    }
    if (nFresh <= 1) mark[v] = 0;
    else learnt[j++] = l;
  }
  learnt.length = j;
  for (const l of learnt) mark[l >> 1] = 0;
}

function addClause(st: PackingState, lits: number[]): number {
  if (st.learntLits > LEARNT_LITERALS) reduce(st);
  const ci = st.clauses.length;
  const cl = Int32Array.from(lits);
  st.clauses.push(cl);
  if (st.head0.length <= ci) {
    const size = Math.max(1024, 2 * st.head0.length);
    const h0 = new Int32Array(size);
    const h1 = new Int32Array(size);
    h0.set(st.head0);
    h1.set(st.head1);
    st.head0 = h0;
    st.head1 = h1;
  }
  st.head0[ci] = cl[0] ?? 0;
  st.head1[ci] = cl[1] ?? 0;
  st.clauseAct.push(st.clauseInc);
  st.watches[cl[0] ?? 0]?.push(ci);
  st.watches[cl[1] ?? 0]?.push(ci);
  st.learntLits += cl.length;
  return ci;
}

/** Drops the less active half of the learnt clauses that are not the reason of an assignment. */
function reduce(st: PackingState): void {
  const locked = new Set<number>();
  for (const v of st.trail) if (st.reasonKind[v] === R_CLAUSE) locked.add(st.reasonRef[v] ?? 0);
  const live: number[] = [];
  for (let i = 0; i < st.clauses.length; i++) if (st.clauses[i] && !locked.has(i)) live.push(i);
  live.sort((a, b) => (st.clauseAct[a] ?? 0) - (st.clauseAct[b] ?? 0) || a - b);
  for (let q = 0; q < live.length >> 1; q++) {
    const ci = live[q] ?? 0;
    st.learntLits -= st.clauses[ci]?.length ?? 0;
    st.clauses[ci] = null;
    st.head0[ci] = -1;
  }
  st.ops += st.learntLits + live.length;
}
