/**
 * A bounded primal simplex in plain TypeScript for small masters (docs/solver.md, "A dense simplex for
 * small masters"): the basis inverse dense (m² an update), the columns sparse, the basis kept across
 * solves. Columns added to an optimal basis leave it primal feasible, so phase 2 goes on from it; bounds
 * or rows that move leave some basic variables out of their bounds, and a composite phase 1 (the sum of
 * infeasibilities, from the same basis) repairs them first, or, where the master is opted in (`dual`,
 * technique `dense-dual`), the dual simplex of `./dual.ts` from the dual feasible basis. Harris's
 * two-pass ratio test, Bland's rule after a run of degenerate steps, refactorisation from scratch every
 * {@link REFACTOR} updates and an iteration cap: a solve that cannot finish says `failed` (the composite
 * engine then hands the master to HiGHS), never a wrong `optimal`.
 */
import type { BasisStatus, LpBasis, LpSolution, MasterLp } from '../engine.ts';
import { type DualOutcome, dualSimplex } from './dual.ts';
import { DenseInverse } from './inverse.ts';
import { LpModel, moveBound } from './model.ts';

/** Primal feasibility tolerance (HiGHS's default). */
const PRIMAL_TOL = 1e-7;
/** Smallest |αᵣ| a pivot may have. */
const PIVOT_TOL = 1e-9;
/** Updates of the inverse between factorisations from scratch. */
export const REFACTOR = 50;
/** Degenerate steps in a row after which Bland's rule takes over until a step moves. */
const STALL = 40;

/** Why a dense solve gave up (for the composite's counts). */
export type DenseFailure = 'singular' | 'iterations' | 'unbounded' | 'numerics';

/** A master LP solved by the dense simplex; {@link DenseMaster.failure} says why a solve failed. */
export class DenseMaster implements MasterLp {
  readonly model = new LpModel();
  /** Basic variable ids by position (read by the dual simplex, `./dual.ts`, as are the next four). */
  readonly basis: number[] = [];
  /** Basic position of each column, −1 when non-basic. */
  readonly posCol: number[] = [];
  /** Basic position of each logical, −1 when non-basic. */
  readonly posRow: number[] = [];
  xB = new Float64Array(0);
  readonly inverse = new DenseInverse();
  private needFactor = true;
  private dualTol = 1e-7;
  /** Why the last solve failed, if it did. */
  failure: DenseFailure | null = null;
  /** Simplex iterations over the master's life. */
  iterations = 0;
  private iterationsBefore = 0;
  /** Iteration cap of one solve: a multiple of the model's size (tests force failures with 0). */
  iterationFactor = 20;
  /** Iterations allowed on top of that multiple. */
  iterationSlack = 200;
  /** Degenerate steps in a row before Bland's rule (tests run Bland's rule throughout with 0). */
  stallLimit = STALL;
  /**
   * Whether a solve starting primal infeasible from a dual feasible basis (bounds moved, rows added)
   * first runs the dual simplex of `./dual.ts` (technique `dense-dual`); the primal then finishes.
   */
  dual = false;
  /** Dual simplex iterations over the master's life (within {@link iterations}). */
  dualIterations = 0;
  /** How the last solve's dual run ended, null when it ran none. */
  lastDual: DualOutcome | null = null;

  constructor(rows: readonly { lower: number; upper: number }[]) {
    for (const r of rows) this.pushRow(r.lower, r.upper);
  }

  get columnCount(): number {
    return this.model.n;
  }

  get rowCount(): number {
    return this.model.m;
  }

  private pushRow(lower: number, upper: number): number {
    const i = this.model.addRowBounds(lower, upper);
    // A new row's logical is basic: the basis grows by one and stays a basis.
    this.posRow.push(this.basis.length);
    this.basis.push(-i - 1);
    this.needFactor = true;
    return i;
  }

  addColumn(cost: number, rows: readonly number[], coefs: readonly number[], upper = Infinity): number {
    const j = this.model.addColumn(cost, rows, coefs, upper);
    this.posCol.push(-1);
    return j;
  }

  addRow(lower: number, upper: number, columns: readonly number[], coefs: readonly number[]): number {
    const i = this.pushRow(lower, upper);
    columns.forEach((j, k) => {
      this.model.appendEntry(j, i, coefs[k] ?? 0);
    });
    return i;
  }

  setColumnBounds(column: number, lower: number, upper: number): void {
    const md = this.model;
    if ((this.posCol[column] ?? -1) < 0) {
      const v = moveBound(md.colVal[column] ?? 0, md.colLo[column] ?? 0, md.colUp[column] ?? 0, lower, upper);
      md.colVal[column] = v;
    }
    md.colLo[column] = lower;
    md.colUp[column] = upper;
  }

  setRowBounds(row: number, lower: number, upper: number): void {
    const md = this.model;
    if ((this.posRow[row] ?? -1) < 0) {
      md.rowVal[row] = moveBound(md.rowVal[row] ?? 0, md.rowLo[row] ?? 0, md.rowUp[row] ?? 0, lower, upper);
    }
    md.rowLo[row] = lower;
    md.rowUp[row] = upper;
  }

  /** Whether column `j` is basic (such a column cannot be deleted here). */
  isBasic(j: number): boolean {
    return (this.posCol[j] ?? -1) >= 0;
  }

  deleteColumns(columns: readonly number[]): void {
    if (columns.length === 0) return;
    if (columns.some((j) => this.isBasic(j))) throw new Error('dense simplex: a basic column deleted');
    this.model.deleteColumns(columns);
    // Renumber the basic columns: each moves down by the deleted columns before it.
    const gone = new Set(columns);
    let shift = 0;
    const moved: number[] = [];
    for (let j = 0; j < this.posCol.length; j++) {
      if (gone.has(j)) {
        shift++;
        continue;
      }
      const p = this.posCol[j] ?? -1;
      moved.push(p);
      if (p >= 0) this.basis[p] = j - shift;
    }
    this.posCol.length = 0;
    this.posCol.push(...moved);
  }

  setDualTolerance(tolerance: number): void {
    this.dualTol = tolerance;
  }

  /** The dual feasibility tolerance of the solves. */
  get dualTolerance(): number {
    return this.dualTol;
  }

  /**
   * The current basis: basic variables, and each non-basic one at the bound it sits on (a fixed or
   * in-between value reads as lower). The composite engine hands it to HiGHS with the model.
   */
  basisStatus(): LpBasis {
    const md = this.model;
    const place = (pos: number, value: number, lo: number, up: number): BasisStatus => {
      if (pos >= 0) return 'basic';
      return Number.isFinite(up) && (value >= up || !Number.isFinite(lo)) && lo !== up ? 'upper' : 'lower';
    };
    const columns: BasisStatus[] = [];
    for (let j = 0; j < md.n; j++)
      columns.push(place(this.posCol[j] ?? -1, md.colVal[j] ?? 0, md.colLo[j] ?? 0, md.colUp[j] ?? 0));
    const rows: BasisStatus[] = [];
    for (let i = 0; i < md.m; i++)
      rows.push(place(this.posRow[i] ?? -1, md.rowVal[i] ?? 0, md.rowLo[i] ?? 0, md.rowUp[i] ?? 0));
    return { columns, rows };
  }

  dispose(): void {}

  /** Writes basis column `p` of `[A, −I]` into `out`. */
  private basisColumn = (p: number, out: Float64Array): void => {
    const id = this.basis[p] ?? 0;
    if (id < 0) {
      out[-id - 1] = -1;
      return;
    }
    const idx = this.model.colIdx[id];
    const val = this.model.colCoef[id];
    if (!idx || !val) return;
    for (let k = 0; k < idx.length; k++) out[idx[k] ?? 0] = (out[idx[k] ?? 0] ?? 0) + (val[k] ?? 0);
  };

  private factor(): boolean {
    if (!this.inverse.factor(this.model.m, this.basisColumn)) return false;
    this.needFactor = false;
    return true;
  }

  /** Factorises the basis afresh and recomputes the basic values; false when it is singular. */
  refactor(): boolean {
    if (!this.factor()) return false;
    this.computeXB();
    return true;
  }

  /** The basic values from the non-basic ones: `B·x_B = −N·x_N`. */
  private computeXB(): void {
    const md = this.model;
    const m = md.m;
    const rhs = new Float64Array(m);
    for (let i = 0; i < m; i++) if ((this.posRow[i] ?? -1) < 0) rhs[i] = md.rowVal[i] ?? 0;
    for (let j = 0; j < md.n; j++) {
      const v = md.colVal[j] ?? 0;
      if (v === 0 || (this.posCol[j] ?? -1) >= 0) continue;
      const idx = md.colIdx[j];
      const val = md.colCoef[j];
      if (!idx || !val) continue;
      for (let k = 0; k < idx.length; k++) rhs[idx[k] ?? 0] = (rhs[idx[k] ?? 0] ?? 0) - (val[k] ?? 0) * v;
    }
    if (this.xB.length !== m) this.xB = new Float64Array(m);
    const inv = this.inverse.inv;
    for (let p = 0; p < m; p++) {
      let s = 0;
      const row = p * m;
      for (let i = 0; i < m; i++) s += (inv[row + i] ?? 0) * (rhs[i] ?? 0);
      this.xB[p] = s;
    }
  }

  lastIterations(): number {
    return this.iterations - this.iterationsBefore;
  }

  solve(): LpSolution {
    this.failure = null;
    this.iterationsBefore = this.iterations;
    if (this.needFactor || this.inverse.m !== this.model.m) {
      if (!this.factor()) return this.fail('singular');
    }
    this.computeXB();
    this.lastDual = null;
    if (this.dual) {
      // Bounds moved or rows added: the dual simplex repairs the basic values from the dual feasible basis;
      // the primal below then confirms optimality (or goes on from wherever the dual stopped).
      const md = this.model;
      const dual = dualSimplex(
        this,
        this.iterationFactor * (md.m + md.n) + this.iterationSlack,
        this.stallLimit,
      );
      this.iterations += dual.iterations;
      this.dualIterations += dual.iterations;
      this.lastDual = dual.outcome;
      if (dual.outcome === 'singular') return this.fail('singular');
      if (dual.outcome === 'infeasible')
        return {
          status: 'infeasible',
          objective: Number.NaN,
          x: new Float64Array(0),
          duals: new Float64Array(0),
        };
    }
    const status = this.run();
    if (status !== 'optimal') {
      if (status === 'infeasible')
        return { status, objective: Number.NaN, x: new Float64Array(0), duals: new Float64Array(0) };
      return this.fail(status);
    }
    return this.solution();
  }

  private fail(why: DenseFailure): LpSolution {
    this.failure = why;
    // The basis may be anything now: start the next solve from a fresh factorisation.
    this.needFactor = true;
    return { status: 'failed', objective: Number.NaN, x: new Float64Array(0), duals: new Float64Array(0) };
  }

  /** Row duals `y = c_B·B⁻¹` for basic costs `cB`. */
  btran(cB: Float64Array, y: Float64Array): void {
    const m = this.model.m;
    const inv = this.inverse.inv;
    y.fill(0);
    for (let p = 0; p < m; p++) {
      const c = cB[p] ?? 0;
      if (c === 0) continue;
      const row = p * m;
      for (let i = 0; i < m; i++) y[i] = (y[i] ?? 0) + c * (inv[row + i] ?? 0);
    }
  }

  /** `alpha = B⁻¹·a_q` for variable `id`'s column of `[A, −I]`. */
  ftran(id: number, alpha: Float64Array): void {
    const m = this.model.m;
    const inv = this.inverse.inv;
    if (id < 0) {
      const i = -id - 1;
      for (let p = 0; p < m; p++) alpha[p] = -(inv[p * m + i] ?? 0);
      return;
    }
    const idx = this.model.colIdx[id] ?? new Int32Array(0);
    const val = this.model.colCoef[id] ?? new Float64Array(0);
    for (let p = 0; p < m; p++) {
      const row = p * m;
      let s = 0;
      for (let k = 0; k < idx.length; k++) s += (inv[row + (idx[k] ?? 0)] ?? 0) * (val[k] ?? 0);
      alpha[p] = s;
    }
  }

  /** Reduced cost of column `j` at duals `y`, with cost `c` (0 in phase 1). */
  reduced(j: number, c: number, y: Float64Array): number {
    const idx = this.model.colIdx[j] ?? new Int32Array(0);
    const val = this.model.colCoef[j] ?? new Float64Array(0);
    let d = c;
    for (let k = 0; k < idx.length; k++) d -= (y[idx[k] ?? 0] ?? 0) * (val[k] ?? 0);
    return d;
  }

  /** The simplex loop from the current basis and values. */
  private run(): 'optimal' | 'infeasible' | DenseFailure {
    const md = this.model;
    const m = md.m;
    const cB = new Float64Array(m);
    const y = new Float64Array(m);
    const alpha = new Float64Array(m);
    const cap = this.iterationFactor * (m + md.n) + this.iterationSlack;
    let stalled = 0;
    let checked = false;
    for (let it = 0; it <= cap; it++) {
      // Phase 1 while a basic variable is out of its bounds (cost −1 below, +1 above), else phase 2.
      let phase1 = false;
      for (let p = 0; p < m; p++) {
        const id = this.basis[p] ?? 0;
        const v = this.xB[p] ?? 0;
        if (v < md.lower(id) - PRIMAL_TOL) {
          cB[p] = -1;
          phase1 = true;
        } else if (v > md.upper(id) + PRIMAL_TOL) {
          cB[p] = 1;
          phase1 = true;
        } else cB[p] = 0;
      }
      if (!phase1) for (let p = 0; p < m; p++) cB[p] = md.costOf(this.basis[p] ?? 0);
      this.btran(cB, y);
      const bland = stalled >= this.stallLimit;
      const entering = this.price(y, phase1, bland);
      if (entering === null) {
        // Nothing prices out: optimal (or infeasible in phase 1), unless the inverse has drifted.
        if (!checked && this.inverse.updates > 0) {
          checked = true;
          if (!this.factor()) return 'singular';
          this.computeXB();
          continue;
        }
        if (phase1) return 'infeasible';
        if (!this.accurate(y)) return 'numerics';
        return 'optimal';
      }
      const { id: q, dir } = entering;
      this.ftran(q, alpha);
      const step = this.ratio(q, dir, alpha, bland);
      if (step === null && this.inverse.updates > 0) {
        // A ray is more often a drifted inverse than an unbounded master: refactorise and look again.
        if (!this.factor()) return 'singular';
        this.computeXB();
        continue;
      }
      if (step === null) return 'unbounded';
      this.iterations++;
      stalled = step.t <= 1e-12 ? stalled + 1 : 0;
      const t = step.t;
      const xq = md.value(q) + dir * t;
      if (t !== 0) for (let p = 0; p < m; p++) this.xB[p] = (this.xB[p] ?? 0) - (alpha[p] ?? 0) * dir * t;
      if (step.leave < 0) {
        // The entering variable reaches its other bound first: a bound flip, the basis unchanged.
        md.setValue(q, dir > 0 ? md.upper(q) : md.lower(q));
        continue;
      }
      const r = step.leave;
      const out = this.basis[r] ?? 0;
      md.setValue(out, step.bound);
      if (out >= 0) this.posCol[out] = -1;
      else this.posRow[-out - 1] = -1;
      this.basis[r] = q;
      if (q >= 0) this.posCol[q] = r;
      else this.posRow[-q - 1] = r;
      this.xB[r] = xq;
      this.inverse.pivot(r, alpha);
      if (this.inverse.updates >= REFACTOR) {
        if (!this.factor()) return 'singular';
        this.computeXB();
      }
    }
    return 'iterations';
  }

  /**
   * The entering variable and its direction: the largest reduced cost that improves (Dantzig), or under
   * Bland's rule the first (logicals, then columns). Null when none does.
   */
  private price(y: Float64Array, phase1: boolean, bland: boolean): { id: number; dir: number } | null {
    const md = this.model;
    const tol = this.dualTol;
    let best = 0;
    let pick: { id: number; dir: number } | null = null;
    for (let i = 0; i < md.m; i++) {
      if ((this.posRow[i] ?? -1) >= 0) continue;
      // The logical's column is −eᵢ and its cost 0: d = yᵢ.
      const d = y[i] ?? 0;
      const dir = improving(d, md.rowVal[i] ?? 0, md.rowLo[i] ?? 0, md.rowUp[i] ?? 0, tol);
      if (dir === 0) continue;
      if (bland) return { id: -i - 1, dir };
      if (Math.abs(d) > best) {
        best = Math.abs(d);
        pick = { id: -i - 1, dir };
      }
    }
    for (let j = 0; j < md.n; j++) {
      if ((this.posCol[j] ?? -1) >= 0) continue;
      const lo = md.colLo[j] ?? 0;
      const up = md.colUp[j] ?? 0;
      if (lo === up) continue;
      const d = this.reduced(j, phase1 ? 0 : (md.cost[j] ?? 0), y);
      const dir = improving(d, md.colVal[j] ?? 0, lo, up, tol);
      if (dir === 0) continue;
      if (bland) return { id: j, dir };
      if (Math.abs(d) > best) {
        best = Math.abs(d);
        pick = { id: j, dir };
      }
    }
    return pick;
  }

  /**
   * The ratio test for entering variable `q` moving in `dir`: Harris's two passes (the bounds relaxed by
   * the primal tolerance, then the largest pivot among the ratios within that step), or under Bland's rule
   * the smallest ratio, ties to the smallest position. Basic variables out of their bounds (phase 1) block
   * where they reach the bound they violate. `leave` −1: a bound flip of `q`. Null: unbounded.
   */
  private ratio(
    q: number,
    dir: number,
    alpha: Float64Array,
    bland: boolean,
  ): { t: number; leave: number; bound: number } | null {
    const md = this.model;
    const m = md.m;
    const flip = dir > 0 ? md.upper(q) - md.value(q) : md.value(q) - md.lower(q);
    let relaxed = Number.POSITIVE_INFINITY;
    for (let p = 0; p < m; p++) {
      const g = -(alpha[p] ?? 0) * dir;
      if (Math.abs(g) < PIVOT_TOL) continue;
      const limit = this.limit(p, g);
      if (limit === null) continue;
      const tol = bland ? 0 : PRIMAL_TOL;
      // A hair past its bound already (within the tolerance): a ratio of zero, never a negative one.
      const r = Math.max(0, gap(this.xB[p] ?? 0, limit, g) + tol) / Math.abs(g);
      if (r < relaxed) relaxed = r;
    }
    if (flip <= relaxed) {
      if (!Number.isFinite(flip)) return null;
      return { t: Math.max(0, flip), leave: -1, bound: 0 };
    }
    let leave = -1;
    let bestG = 0;
    let bound = 0;
    let t = 0;
    for (let p = 0; p < m; p++) {
      const g = -(alpha[p] ?? 0) * dir;
      if (Math.abs(g) < PIVOT_TOL) continue;
      const limit = this.limit(p, g);
      if (limit === null) continue;
      const r = Math.max(0, gap(this.xB[p] ?? 0, limit, g) / Math.abs(g));
      if (r > relaxed) continue;
      // Under Bland's rule `relaxed` is the least ratio: the first position reaching it leaves.
      if (bland ? leave < 0 : Math.abs(g) > bestG) {
        bestG = Math.abs(g);
        leave = p;
        bound = limit;
        t = r;
      }
    }
    if (leave < 0) return null;
    return { t, leave, bound };
  }

  /** The bound basic position `p` stops at when moving at rate `g`, or null when it never blocks. */
  private limit(p: number, g: number): number | null {
    const md = this.model;
    const id = this.basis[p] ?? 0;
    const v = this.xB[p] ?? 0;
    const lo = md.lower(id);
    const up = md.upper(id);
    if (g < 0) {
      if (v < lo - PRIMAL_TOL) return null;
      if (v > up + PRIMAL_TOL) return up;
      return Number.isFinite(lo) ? lo : null;
    }
    if (v > up + PRIMAL_TOL) return null;
    if (v < lo - PRIMAL_TOL) return lo;
    return Number.isFinite(up) ? up : null;
  }

  /**
   * Whether the final basis is consistent: each row's activity equals its logical, and each basic
   * column's reduced cost is (nearly) zero. A drifted inverse fails here rather than answering wrongly.
   */
  private accurate(y: Float64Array): boolean {
    const md = this.model;
    const act = new Float64Array(md.m);
    for (let j = 0; j < md.n; j++) {
      const v = this.valueOf(j);
      if (v === 0) continue;
      const idx = md.colIdx[j] ?? new Int32Array(0);
      const val = md.colCoef[j] ?? new Float64Array(0);
      for (let k = 0; k < idx.length; k++) act[idx[k] ?? 0] = (act[idx[k] ?? 0] ?? 0) + (val[k] ?? 0) * v;
    }
    for (let i = 0; i < md.m; i++) {
      const r = this.valueOf(-i - 1);
      if (Math.abs((act[i] ?? 0) - r) > 1e-7 * (1 + Math.abs(r))) return false;
    }
    for (let p = 0; p < md.m; p++) {
      const id = this.basis[p] ?? 0;
      const d = id >= 0 ? this.reduced(id, md.cost[id] ?? 0, y) : (y[-id - 1] ?? 0);
      if (Math.abs(d) > 1e-9 * (1 + Math.abs(md.costOf(id)))) return false;
    }
    return true;
  }

  /** The current value of a variable, basic or not. */
  private valueOf(id: number): number {
    const p = id >= 0 ? (this.posCol[id] ?? -1) : (this.posRow[-id - 1] ?? -1);
    return p >= 0 ? (this.xB[p] ?? 0) : this.model.value(id);
  }

  private solution(): LpSolution {
    const md = this.model;
    const cB = new Float64Array(md.m);
    for (let p = 0; p < md.m; p++) cB[p] = md.costOf(this.basis[p] ?? 0);
    const y = new Float64Array(md.m);
    this.btran(cB, y);
    const x = new Float64Array(md.n);
    const d = new Float64Array(md.n);
    let objective = 0;
    for (let j = 0; j < md.n; j++) {
      const v = this.valueOf(j);
      x[j] = v;
      objective += (md.cost[j] ?? 0) * v;
      d[j] = (this.posCol[j] ?? -1) >= 0 ? 0 : this.reduced(j, md.cost[j] ?? 0, y);
    }
    return { status: 'optimal', objective, x, duals: y, reducedCosts: d };
  }
}

/**
 * How far a basic variable at `v` moving at rate `g` is from `limit` along its way (negative when it is a
 * hair past it already, which Harris's test allows: it then leaves at no step).
 */
function gap(v: number, limit: number, g: number): number {
  return g < 0 ? v - limit : limit - v;
}

/**
 * The direction (+1, −1) in which a non-basic variable at `v` in `[lo, up]` with reduced cost `d`
 * improves the objective, or 0.
 */
function improving(d: number, v: number, lo: number, up: number, tol: number): number {
  if (d < -tol && v < up - PRIMAL_TOL) return 1;
  if (d > tol && v > lo + PRIMAL_TOL) return -1;
  return 0;
}
