/**
 * The perfect-packing search's model, built once per search: the long and short pieces, the candidate bars
 * ("rows") and options of each long piece, the leftover's budgets, the carry budgets and the first activities.
 */
import { setupCarry } from './carry-rules.ts';
import type { PackingState } from './packing-state.ts';
import { MAX_ROWS, YIELD_OPS } from './tuning.ts';

/**
 * Builds the model into a fresh state (see `PerfectPacking` in perfect-packing.ts): false when no packing can exist (a long
 * piece more than bars, or more candidate bars than `MAX_ROWS`). Yields every few hundred operations.
 */
export function* buildModel(st: PackingState): Generator<void, boolean, void> {
  const cap = st.cap;
  const bigs: number[] = [];
  const shorts: number[] = [];
  st.weights.forEach((w, i) => {
    if ((st.demands[i] ?? 0) === 0) return;
    if (2 * w > cap) for (let q = 0; q < (st.demands[i] ?? 0); q++) bigs.push(i);
    else shorts.push(i);
  });
  const k = st.bins - bigs.length;
  // A long piece needs a bar of its own.
  if (k < 0) return false;
  bigs.sort((a, b) => (st.weights[b] ?? 0) - (st.weights[a] ?? 0) || a - b);
  shorts.sort((a, b) => (st.weights[a] ?? 0) - (st.weights[b] ?? 0));
  st.nBig = bigs.length;
  st.bigType = Int32Array.from(bigs);
  st.bigRes = Int32Array.from(bigs, (i) => cap - (st.weights[i] ?? 0));
  st.bigLevel = Int32Array.from(bigs, (i) => {
    let w = st.weights[i] ?? 1;
    let v = 0;
    while (w % 2 === 0 && v < 30) {
      w /= 2;
      v++;
    }
    return v;
  });
  st.sType = Int32Array.from(shorts);
  st.sW = Int32Array.from(shorts, (i) => st.weights[i] ?? 0);
  st.sCount = Int32Array.from(shorts, (i) => st.demands[i] ?? 0);
  const ns = shorts.length;
  const byWeight = new Map<number, number>();
  for (let s = 0; s < ns; s++) byWeight.set(st.sW[s] ?? 0, s);

  // Rows per long piece; pieces of one weight share the enumeration.
  let lastRes = -1;
  let combos: number[] = [];
  for (let b = 0; b < st.nBig; b++) {
    const res = st.bigRes[b] ?? 0;
    if (res !== lastRes) {
      lastRes = res;
      combos = [];
      if (res === 0) combos.push(-1, -1);
      const one = byWeight.get(res);
      if (one !== undefined) combos.push(one, -1);
      for (let s = 0; s < ns && 2 * (st.sW[s] ?? 0) <= res; s++) {
        const t = byWeight.get(res - (st.sW[s] ?? 0));
        if (t !== undefined && (t > s || (t === s && (st.sCount[s] ?? 0) >= 2))) combos.push(s, t);
        if ((++st.ops & (YIELD_OPS - 1)) === 0) yield;
      }
    }
    for (let c = 0; c < combos.length; c += 2) {
      const a = combos[c] ?? -1;
      const t = combos[c + 1] ?? -1;
      st.rowBig.push(b);
      if (a >= 0 && a === t) {
        st.rowA.push(a);
        st.rowAm.push(2);
        st.rowB.push(-1);
        st.rowBm.push(0);
      } else {
        st.rowA.push(a);
        st.rowAm.push(a >= 0 ? 1 : 0);
        st.rowB.push(t);
        st.rowBm.push(t >= 0 ? 1 : 0);
      }
    }
    if (st.rowBig.length > MAX_ROWS) return false;
  }
  const R = st.rowBig.length;
  st.nRows = R;
  const nv = R + st.nBig;
  st.nVars = nv;
  const optLists: number[][] = Array.from({ length: st.nBig }, () => []);
  for (let r = 0; r < R; r++) optLists[st.rowBig[r] ?? 0]?.push(r);
  for (let b = 0; b < st.nBig; b++) optLists[b]?.push(R + b);
  st.opts = optLists.map((l) => Int32Array.from(l));
  const rl: number[][] = Array.from({ length: ns }, () => []);
  const ml: number[][] = Array.from({ length: ns }, () => []);
  for (let r = 0; r < R; r++) {
    const a = st.rowA[r] ?? -1;
    const t = st.rowB[r] ?? -1;
    if (a >= 0) {
      rl[a]?.push(r);
      ml[a]?.push(st.rowAm[r] ?? 0);
    }
    if (t >= 0) {
      rl[t]?.push(r);
      ml[t]?.push(st.rowBm[r] ?? 0);
    }
  }
  st.rowsOf = rl.map((l) => Int32Array.from(l));
  st.multOf = ml.map((l) => Int32Array.from(l));
  st.ops += R + nv;
  yield;

  st.val = new Uint8Array(nv);
  st.level = new Int32Array(nv);
  st.reasonKind = new Uint8Array(nv);
  st.reasonRef = new Int32Array(nv);
  st.trailPos = new Int32Array(nv);
  st.load = new Int32Array(ns);
  st.live = new Int32Array(ns);
  st.forced = new Int32Array(ns);
  for (let s = 0; s < ns; s++) {
    let m = 0;
    for (const x of st.multOf[s] ?? []) m += x;
    st.live[s] = m;
    const f = Math.max(0, (st.sCount[s] ?? 0) - m);
    st.forced[s] = f;
    st.forcedW += f * (st.sW[s] ?? 0);
    st.forcedN += f;
  }
  if (st.maxExpensive < st.nBig) {
    let maxRes = 0;
    for (let b = 0; b < st.nBig; b++) maxRes = Math.max(maxRes, st.bigRes[b] ?? 0);
    st.budget = k * cap + st.maxExpensive * maxRes;
    // Each long piece on a row takes at least its smallest row's short copies.
    const minSize: number[] = [];
    let shortsTotal = 0;
    for (let q = 0; q < ns; q++) shortsTotal += st.sCount[q] ?? 0;
    for (let b = 0; b < st.nBig; b++) {
      let m = 2;
      for (const r of st.opts[b] ?? []) if (r < R) m = Math.min(m, (st.rowAm[r] ?? 0) + (st.rowBm[r] ?? 0));
      minSize.push(m);
    }
    minSize.sort((x, y) => y - x);
    let cb = shortsTotal;
    for (let b = st.maxExpensive; b < st.nBig; b++) cb -= minSize[b] ?? 0;
    st.countBudget = cb;
  }
  st.leftoverBars = k;
  setupCarry(st);
  st.nFalse = new Int32Array(st.nBig);
  st.trueOpt = new Int32Array(st.nBig).fill(-1);
  st.activity = new Float64Array(nv);
  st.seen = new Uint8Array(nv);
  st.touched = new Int32Array(nv);
  st.watches = Array.from({ length: 2 * nv }, () => []);
  // Rare short pieces first: a row whose pieces few other rows use is likelier to be right.
  for (let r = 0; r < R; r++) {
    let score = 0;
    const a = st.rowA[r] ?? -1;
    const t = st.rowB[r] ?? -1;
    if (a >= 0) score += 1 / (st.rowsOf[a]?.length ?? 1);
    if (t >= 0) score += 1 / (st.rowsOf[t]?.length ?? 1);
    st.activity[r] = score * 1e-3 + st.random() * 1e-6;
  }
  return true;
}
