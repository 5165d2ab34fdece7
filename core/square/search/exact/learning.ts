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

/** Literals of the reason of `v` other than `v`'s own (all false). */
function reasonLits(st: PackingState, v: number, out: number[]): void {
  const kind = st.reasonKind[v];
  const ref = st.reasonRef[v] ?? 0;
  const pos = st.trailPos[v] ?? 0;
  out.length = 0;
  if (kind === R_ONE_OF) out.push(2 * ref + 1);
  else if (kind === R_AT_LEAST) {
    const opts = st.opts[ref] ?? new Int32Array(0);
    for (let i = 0; i < opts.length; i++) {
      const o = opts[i] ?? 0;
      if (o !== v) out.push(2 * o);
    }
  } else if (kind === R_SHORT) {
    const rows = st.rowsOf[ref] ?? new Int32Array(0);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] ?? 0;
      if (st.val[r] === TRUE && (st.trailPos[r] ?? 0) < pos) out.push(2 * r + 1);
    }
    st.ops += rows.length;
  } else if (kind === R_EXPENSIVE) {
    for (const e of st.expTrue) if ((st.trailPos[e] ?? 0) < pos) out.push(2 * e + 1);
  } else if (kind === R_WEIGHT) {
    const cl = st.weightReasons[ref];
    if (cl) for (let i = 0; i < cl.length; i++) out.push(cl[i] ?? 0);
  } else if (kind === R_CARRY) {
    const cl = st.carryReasons[ref];
    if (cl) for (let i = 0; i < cl.length; i++) out.push(cl[i] ?? 0);
  } else if (kind === R_CLAUSE) {
    const cl = st.clauses[ref];
    if (cl) {
      bumpClause(st, ref);
      for (let i = 0; i < cl.length; i++) {
        const l = cl[i] ?? 0;
        if (l >> 1 !== v) out.push(l);
      }
    }
  }
  st.ops += out.length + 1;
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
  const touched: number[] = [];
  let pending = 0;
  let idx = st.trail.length - 1;
  let lits = confl;
  let uip = -1;
  const buf: number[] = [];
  for (;;) {
    st.ops += lits.length;
    for (const l of lits) {
      const v = l >> 1;
      if (seen[v] || (st.level[v] ?? 0) === 0) continue;
      seen[v] = 1;
      touched.push(v);
      bump(st, v);
      if ((st.level[v] ?? 0) === top) pending++;
      else learnt.push(l);
    }
    while (!seen[st.trail[idx] ?? 0]) idx--;
    uip = st.trail[idx] ?? 0;
    idx--;
    pending--;
    if (pending <= 0) break;
    reasonLits(st, uip, buf);
    lits = buf;
  }
  for (const v of touched) seen[v] = 0;
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
  st.ops += learnt.length + touched.length;
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
  const buf: number[] = [];
  let j = 1;
  for (let i = 1; i < learnt.length; i++) {
    const l = learnt[i] ?? 0;
    const v = l >> 1;
    const kind = st.reasonKind[v];
    if (kind === R_DECISION || (kind === R_CLAUSE && !st.clauses[st.reasonRef[v] ?? 0])) {
      learnt[j++] = l;
      continue;
    }
    reasonLits(st, v, buf);
    st.ops += buf.length;
    let fresh = -1;
    let nFresh = 0;
    for (const q of buf) {
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
  }
  st.ops += st.learntLits + live.length;
}
