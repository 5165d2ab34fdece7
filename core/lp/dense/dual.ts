/**
 * A bounded dual simplex for the dense engine's re-solves after bounds move or rows are added
 * (docs/solver.md, "A dual simplex for the dense engine's re-solves"). Such changes leave the last optimal
 * basis dual feasible (the reduced costs do not move) but some basic variables out of their bounds: the
 * dual simplex repairs them in a few pivots where the primal's composite phase 1 takes many, and ends at a
 * vertex like HiGHS's, which runs dual simplex there too. It only ever hands the basis back: the primal
 * simplex of `./simplex.ts` then checks optimality (and runs phase 2 on whatever the dual left, the
 * accuracy check included), so a dual run that stalls, hits its cap or meets drift costs time, never a
 * wrong answer. the leaving row by dual steepest edge (exact weights from the explicit inverse), Harris's two-pass ratio
 * test with the dual tolerance, and after a run of degenerate steps the smallest-index rule.
 */
import type { DenseInverse } from './inverse.ts';
import type { LpModel } from './model.ts';

/** Primal feasibility tolerance (as the primal's). */
const PRIMAL_TOL = 1e-7;
/** Smallest |αᵣⱼ| that may enter. */
const PIVOT_TOL = 1e-9;
/** Updates of the inverse between factorisations from scratch (as the primal's). */
const REFACTOR = 50;

/** What the dense master lends the dual simplex: its model, basis, inverse and linear algebra. */
export interface DualHost {
  readonly model: LpModel;
  /** Basic variable ids by position (columns ≥ 0, logical of row i as −i − 1). */
  readonly basis: number[];
  readonly posCol: number[];
  readonly posRow: number[];
  /** Basic values by position (read afresh: a refactorisation may replace the array). */
  readonly xB: Float64Array;
  readonly inverse: DenseInverse;
  /** Dual feasibility tolerance of the solve. */
  readonly dualTolerance: number;
  btran(cB: Float64Array, y: Float64Array): void;
  ftran(id: number, alpha: Float64Array): void;
  reduced(j: number, c: number, y: Float64Array): number;
  /** Factorises the basis afresh and recomputes `xB`; false when it is singular. */
  refactor(): boolean;
}

/**
 * How a dual run ended: `feasible` (every basic value within its bounds: the primal checks optimality),
 * `infeasible` (a row no non-basic variable can repair: the dual is unbounded), `skipped` (the basis was
 * not dual feasible, or already primal feasible: the primal's business), `iterations` (the
 * primal goes on from the basis reached), `singular`.
 */
export type DualOutcome = 'feasible' | 'infeasible' | 'skipped' | 'iterations' | 'singular';

/** Counts of one dual run, for tests and benchmarks. */
export interface DualRun {
  outcome: DualOutcome;
  iterations: number;
}

/**
 * Runs the dual simplex from the host's current basis and values, at most `cap` pivots; after `stall`
 * degenerate pivots in a row the leaving row is the first infeasible position and the entering variable
 * the least ratio (ties to the smallest id), until a pivot moves the duals.
 */
export function dualSimplex(h: DualHost, cap: number, stall: number): DualRun {
  const md = h.model;
  const m = md.m;
  const run: DualRun = { outcome: 'skipped', iterations: 0 };
  if (leavingRow(h, false) < 0) return run;
  const cB = new Float64Array(m);
  const y = new Float64Array(m);
  const alpha = new Float64Array(m);
  const tol = h.dualTolerance;
  if (!dualFeasible(h, cB, y, tol)) return run;
  // Candidates of one ratio test: ids, their αᵣ signed so that entering helps, and reduced costs.
  const ids: number[] = [];
  const abars: number[] = [];
  const ds: number[] = [];
  let stalled = 0;
  let rechecked = false;
  while (run.iterations <= cap) {
    const bland = stalled >= stall;
    const r = leavingRow(h, bland);
    if (r < 0) {
      run.outcome = 'feasible';
      return run;
    }
    for (let p = 0; p < m; p++) cB[p] = md.costOf(h.basis[p] ?? 0);
    h.btran(cB, y);
    const v = h.xB[r] ?? 0;
    const leaving = h.basis[r] ?? 0;
    const below = v < md.lower(leaving);
    const target = below ? md.lower(leaving) : md.upper(leaving);
    // x_B[r] = const − Σ αᵣₖ·xₖ: it must rise (below its lower bound) or fall.
    const sigma = below ? 1 : -1;
    const inv = h.inverse.inv;
    const base = r * m;
    ids.length = 0;
    abars.length = 0;
    ds.length = 0;
    let relaxed = Number.POSITIVE_INFINITY;
    const consider = (id: number, arq: number, d: number, value: number, lo: number, up: number) => {
      if (lo === up) return;
      const abar = sigma * arq;
      if (Math.abs(abar) < PIVOT_TOL) return;
      const atLower = value <= lo && Number.isFinite(lo);
      const atUpper = value >= up && Number.isFinite(up);
      // At its lower bound a variable may only rise (αᵣ < 0 raises x_B[r]); at its upper only fall.
      let slack: number;
      if (atLower && !atUpper) {
        if (abar >= 0) return;
        slack = Math.max(0, d);
      } else if (atUpper && !atLower) {
        if (abar <= 0) return;
        slack = Math.max(0, -d);
      } else slack = Math.abs(d) > tol ? tol : Math.abs(d);
      ids.push(id);
      abars.push(abar);
      ds.push(slack);
      const bound = (slack + (bland ? 0 : tol)) / Math.abs(abar);
      if (bound < relaxed) relaxed = bound;
    };
    for (let i = 0; i < m; i++) {
      if ((h.posRow[i] ?? -1) >= 0) continue;
      // The logical's column is −eᵢ: αᵣ = −(B⁻¹)ᵣᵢ, reduced cost yᵢ.
      consider(
        -i - 1,
        -(inv[base + i] ?? 0),
        y[i] ?? 0,
        md.rowVal[i] ?? 0,
        md.rowLo[i] ?? 0,
        md.rowUp[i] ?? 0,
      );
    }
    for (let j = 0; j < md.n; j++) {
      if ((h.posCol[j] ?? -1) >= 0) continue;
      const lo = md.colLo[j] ?? 0;
      const up = md.colUp[j] ?? 0;
      if (lo === up) continue;
      const idx = md.colIdx[j] ?? new Int32Array(0);
      const val = md.colCoef[j] ?? new Float64Array(0);
      let arq = 0;
      for (let k = 0; k < idx.length; k++) arq += (inv[base + (idx[k] ?? 0)] ?? 0) * (val[k] ?? 0);
      if (Math.abs(arq) < PIVOT_TOL) continue;
      consider(j, arq, h.reduced(j, md.cost[j] ?? 0, y), md.colVal[j] ?? 0, lo, up);
    }
    if (ids.length === 0) {
      // A drifted inverse more often than an infeasible model: refactorise and look once more.
      if (!rechecked && h.inverse.updates > 0) {
        rechecked = true;
        if (!h.refactor()) return { ...run, outcome: 'singular' };
        continue;
      }
      run.outcome = 'infeasible';
      return run;
    }
    // Harris's second pass: within the relaxed step, the largest |αᵣ| (Bland: the least ratio, then id).
    let pick = -1;
    let bestRatio = Number.POSITIVE_INFINITY;
    let bestAbs = 0;
    for (let k = 0; k < ids.length; k++) {
      const ratio = (ds[k] ?? 0) / Math.abs(abars[k] ?? 1);
      if (ratio > relaxed) continue;
      const a = Math.abs(abars[k] ?? 0);
      if (bland ? ratio < bestRatio : a > bestAbs) {
        pick = k;
        bestRatio = ratio;
        bestAbs = a;
      }
    }
    if (pick < 0) pick = 0;
    const q = ids[pick] ?? 0;
    h.ftran(q, alpha);
    const arq = sigma * (abars[pick] ?? 0);
    if (Math.abs((alpha[r] ?? 0) - arq) > 1e-7 * (1 + Math.abs(arq)) || Math.abs(alpha[r] ?? 0) < PIVOT_TOL) {
      // The row and the column disagree on the pivot: drift. Start again from a fresh factorisation.
      if (h.inverse.updates === 0) return { ...run, outcome: 'iterations' };
      if (!h.refactor()) return { ...run, outcome: 'singular' };
      continue;
    }
    // The entering variable moves until x_B[r] reaches its bound.
    const step = (v - target) / (alpha[r] ?? 1);
    const xB = h.xB;
    for (let p = 0; p < m; p++) xB[p] = (xB[p] ?? 0) - (alpha[p] ?? 0) * step;
    const xq = md.value(q) + step;
    md.setValue(leaving, target);
    if (leaving >= 0) h.posCol[leaving] = -1;
    else h.posRow[-leaving - 1] = -1;
    h.basis[r] = q;
    if (q >= 0) h.posCol[q] = r;
    else h.posRow[-q - 1] = r;
    xB[r] = xq;
    h.inverse.pivot(r, alpha);
    run.iterations++;
    stalled = (ds[pick] ?? 0) <= 1e-12 ? stalled + 1 : 0;
    if (h.inverse.updates >= REFACTOR && !h.refactor()) return { ...run, outcome: 'singular' };
  }
  run.outcome = 'iterations';
  return run;
}

/**
 * The basic position to leave: the largest infeasibility against its dual steepest-edge weight (the
 * squared norm of its row of B⁻¹, exact and m² to read off the explicit inverse), or under Bland's rule the
 * first; −1 if none.
 */
function leavingRow(h: DualHost, bland: boolean): number {
  const md = h.model;
  const m = md.m;
  const inv = h.inverse.inv;
  let best = 0;
  let r = -1;
  for (let p = 0; p < m; p++) {
    const id = h.basis[p] ?? 0;
    const v = h.xB[p] ?? 0;
    const out = Math.max(md.lower(id) - v, v - md.upper(id));
    if (out <= PRIMAL_TOL) continue;
    if (bland) return p;
    let w = 0;
    const base = p * m;
    for (let i = 0; i < m; i++) w += (inv[base + i] ?? 0) ** 2;
    const score = (out * out) / Math.max(w, 1e-12);
    if (score > best) {
      best = score;
      r = p;
    }
  }
  return r;
}

/** Whether every non-basic variable's reduced cost has the sign its place allows, within `tol`. */
function dualFeasible(h: DualHost, cB: Float64Array, y: Float64Array, tol: number): boolean {
  const md = h.model;
  for (let p = 0; p < md.m; p++) cB[p] = md.costOf(h.basis[p] ?? 0);
  h.btran(cB, y);
  const ok = (d: number, v: number, lo: number, up: number): boolean => {
    if (lo === up) return true;
    const atLower = v <= lo && Number.isFinite(lo);
    const atUpper = v >= up && Number.isFinite(up);
    if (atLower && !atUpper) return d >= -tol;
    if (atUpper && !atLower) return d <= tol;
    return Math.abs(d) <= tol;
  };
  for (let i = 0; i < md.m; i++) {
    if ((h.posRow[i] ?? -1) >= 0) continue;
    if (!ok(y[i] ?? 0, md.rowVal[i] ?? 0, md.rowLo[i] ?? 0, md.rowUp[i] ?? 0)) return false;
  }
  for (let j = 0; j < md.n; j++) {
    if ((h.posCol[j] ?? -1) >= 0) continue;
    const d = h.reduced(j, md.cost[j] ?? 0, y);
    if (!ok(d, md.colVal[j] ?? 0, md.colLo[j] ?? 0, md.colUp[j] ?? 0)) return false;
  }
  return true;
}
