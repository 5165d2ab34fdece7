/**
 * One conflict-driven search of the perfect-packing portfolio: the decision rule and the resumable loop of
 * propagation, learning, Luby restarts and the leftover's packing.
 */
import { learn } from './learning.ts';
import { leftoverNogood, packLeftover } from './leftover-rules.ts';
import { buildModel } from './packing-model.ts';
import type { PackingState } from './packing-state.ts';
import { FALSE, type PerfectPackingStep, R_DECISION, R_EXPENSIVE, TRUE, UNSET } from './packing-types.ts';
import { propagate } from './propagation.ts';
import { RESTART_BASE, YIELD_OPS } from './tuning.ts';

/**
 * Which undecided long piece to choose from: the fewest free options, or with `byLevel` the lowest
 * 2-adic valuation first (an odd long piece's bar must hold an odd short piece; settling the lowest
 * residue classes first meets their conflicts while little else is placed).
 */
function decideKey(st: PackingState, b: number): number {
  const free = (st.opts[b]?.length ?? 0) - (st.nFalse[b] ?? 0);
  const v = st.bigLevel[b] ?? 0;
  return st.byLevel ? v * 1_000_000 + free : free;
}

/**
 * Fewest remaining options first (ties: activity), then the most active option. No saved choices
 * (phase saving): after a restart it led straight back to the same wrong rows on the AI jobs.
 */
export function decide(st: PackingState): number {
  // Two passes: the fewest free options first, then activity among the long pieces that have them.
  let bestFree = Number.POSITIVE_INFINITY;
  for (let b = 0; b < st.nBig; b++) {
    if (st.trueOpt[b] !== -1) continue;
    const free = decideKey(st, b);
    if (free < bestFree) bestFree = free;
  }
  st.ops += st.nBig;
  let best = -1;
  let bestAct = -1;
  for (let b = 0; b < st.nBig; b++) {
    if (st.trueOpt[b] !== -1) continue;
    const opts = st.opts[b] ?? new Int32Array(0);
    if (decideKey(st, b) !== bestFree) continue;
    let act = 0;
    for (let i = 0; i < opts.length; i++) {
      const o = opts[i] ?? 0;
      if (st.val[o] === UNSET) act = Math.max(act, st.activity[o] ?? 0);
    }
    st.ops += opts.length;
    if (act > bestAct) {
      best = b;
      bestAct = act;
    }
  }
  if (best < 0) return -1;
  const opts = st.opts[best] ?? new Int32Array(0);
  let pick = -1;
  let pickAct = -1;
  for (let i = 0; i < opts.length; i++) {
    const o = opts[i] ?? 0;
    // The expensive option goes last: it spends short pieces the kernel bars need.
    const a = st.isRow(o) ? (st.activity[o] ?? 0) + 1 : 0;
    if (st.val[o] === UNSET && a > pickAct) {
      pick = o;
      pickAct = a;
    }
  }
  return pick;
}

/**
 * One conflict-driven search of the portfolio (as in SAT solvers) over a fresh state: builds the model,
 * then propagates the rows, options, clauses and the problem's rules, learns from each conflict, restarts
 * on the Luby sequence and packs the leftover once every long piece is placed. A resumable walk that
 * pauses every few hundred operations.
 */
export function* searchPacking(st: PackingState): Generator<void, PerfectPackingStep, void> {
  if (!(yield* buildModel(st))) return { status: 'exhausted' };
  const k = st.leftoverBars;
  if (st.maxExpensive === 0) for (let e = st.nRows; e < st.nVars; e++) st.assign(e, FALSE, R_EXPENSIVE, 0);
  let conflicts = 0;
  let restart = 0;
  let restartAt = RESTART_BASE * luby(0);
  for (;;) {
    const confl = propagate(st);
    if ((st.ops & ~(YIELD_OPS - 1)) !== st.lastYield) {
      st.lastYield = st.ops & ~(YIELD_OPS - 1);
      yield;
    }
    if (confl !== null) {
      conflicts++;
      if (st.trailLim.length === 0) return { status: 'exhausted' };
      learn(st, confl);
      continue;
    }
    if (conflicts >= restartAt) {
      restart++;
      restartAt = conflicts + RESTART_BASE * luby(restart);
      st.backtrack(0);
      continue;
    }
    const d = decide(st);
    if (d >= 0) {
      st.trailLim.push(st.trail.length);
      st.assign(d, TRUE, R_DECISION, 0);
      continue;
    }
    // Every long piece is placed: pack what is left over.
    const packed = packLeftover(st, k);
    if ((st.ops & ~(YIELD_OPS - 1)) !== st.lastYield) {
      st.lastYield = st.ops & ~(YIELD_OPS - 1);
      yield;
    }
    if (packed) return { status: 'found', bins: packed };
    conflicts++;
    const nogood = leftoverNogood(st);
    if (nogood.length === 0) return { status: 'exhausted' };
    learn(st, nogood);
    if (st.unsat) return { status: 'exhausted' };
  }
}

/** The Luby sequence (1, 1, 2, 1, 1, 2, 4, …): restart lengths in conflicts, times `RESTART_BASE`. */
function luby(i: number): number {
  let size = 1;
  let seq = 0;
  while (size < i + 1) {
    seq++;
    size = 2 * size + 1;
  }
  let x = i;
  let s = size;
  let q = seq;
  while (s - 1 !== x) {
    s = (s - 1) >> 1;
    q--;
    x %= s;
  }
  return 2 ** q;
}
