/**
 * The covering master both geometries share: Gilmore–Gomory column generation on a persistent master LP
 * over any pattern kind behind a pricing port (square multisets, angle sequences), with its Lagrangian
 * bound, smoothing, the row bounds branching sets and the columns reduced-cost fixing holds at zero.
 */

import { type BoundTerm, type CountCut, lagrangianBound } from '../bounds/index.ts';
import type { Budget } from '../budget.ts';
import { isRunFailure, type LpEngine, type LpSolution, type MasterLp } from '../lp/index.ts';
import type { Source } from '../model/index.ts';
import { ceilBound } from '../numbers.ts';
import { ColumnBan } from './column-ban.ts';
import { ColumnPool, DEFAULT_POOL } from './column-pool.ts';
import { activeArcs, smooth } from './duals.ts';
import type { CgOutcome, CgStop, MasterOptions } from './outcome.ts';
import { reachesCutoff } from './outcome.ts';
import { copyResidual, type PatternColumn, type PricingPort, type Residual, usageScaleOf } from './port.ts';
import { SETTLE_TOLERANCE } from './tuning.ts';

export type { CgOutcome, CgStop, MasterOptions, PoolTuning } from './outcome.ts';
export type { Residual } from './port.ts';
export { usageScaleOf } from './port.ts';

/** Relative reduced cost below which a pattern enters, by default (HiGHS works to about 1e-7). */
const REL_TOL = 1e-6;

/**
 * Gilmore–Gomory column generation on a persistent master LP, for any pattern kind behind a
 * {@link PricingPort}. Rows: one ≥ row per item (the residual demand); one range row per source
 * (`lo ≤ bars ≤ hi`: the supply left and the branching decisions); under `offcuts_first`, one row forcing
 * the offcut material used; and arc rows added by branching. Artificial columns keep it feasible. Each
 * round prices at Wentges-smoothed duals, and yields a Lagrangian bound that is valid whatever the float
 * duals are.
 */
export class CoveringMaster<C extends PatternColumn> {
  readonly columns: C[] = [];
  protected readonly port: PricingPort<C>;
  private readonly keys = new Map<string, number>();
  private readonly master: MasterLp;
  private readonly m: number;
  private readonly sourceRow: number;
  private readonly usageRow: number;
  private readonly usageScale: number;
  private readonly big: number;
  /** LP index of the first generated column (artificial and substitution columns come first). */
  private readonly firstColumn: number;
  /** The artificial columns are LP columns 0 … artificialColumns − 1. */
  private readonly artificialColumns: number;
  private readonly smoothing: number;
  private residual: Residual;
  /** The demand and usage of the residual the master was built for (the root): cuts are recorded there. */
  private readonly baseDemand: Int32Array;
  private readonly baseUsage: number;
  /** The cut of the last pricing round at the root's demand (see {@link CountCut}). */
  lastCut: CountCut | null = null;
  private center: Float64Array | null = null;
  /** Arc rows added by branching: key → row; rows whose arc is not bounded at a node are left free. */
  private readonly arcRows = new Map<string, number>();
  private readonly sources: readonly Source[];
  /** Column j's LP index, or −1 while it waits in the pool. */
  private readonly lpOf: number[] = [];
  /** The generated columns in the LP, by LP index − `firstColumn`. */
  private lpColumns: number[] = [];
  /** Per column, its item coefficients (cached: the pool scans them every round). */
  private readonly itemCoefs: (readonly (readonly [number, number])[])[] = [];
  /** Per column, its arc keys once asked for. */
  private readonly arcKeyCache: (readonly string[] | undefined)[] = [];
  /** The column pool, or null when columns never leave the LP. */
  private readonly pool: ColumnPool | null;
  /** Columns held at zero by reduced-cost fixing (technique `rc-fixing`). */
  private readonly ban = new ColumnBan<C>();

  constructor(
    sources: readonly Source[],
    offcutsFirst: boolean,
    port: PricingPort<C>,
    engine: LpEngine,
    residual: Residual,
    options: MasterOptions,
  ) {
    this.sources = sources;
    this.port = port;
    this.m = port.itemCount;
    this.residual = copyResidual(residual);
    this.baseDemand = residual.demand.slice();
    this.baseUsage = residual.usage;
    this.smoothing = options.smoothing;
    const pooling = options.pool === true ? DEFAULT_POOL : options.pool || null;
    this.usageScale = usageScaleOf(sources);
    const rows: { lower: number; upper: number }[] = [];
    for (let i = 0; i < this.m; i++)
      rows.push({ lower: residual.demand[i] ?? 0, upper: Number.POSITIVE_INFINITY });
    this.sourceRow = rows.length;
    sources.forEach((_, k) => {
      rows.push({ lower: residual.lo[k] ?? 0, upper: residual.hi[k] ?? 0 });
    });
    this.usageRow = offcutsFirst && residual.usage > 0 ? rows.length : -1;
    if (this.usageRow >= 0)
      rows.push({ lower: residual.usage / this.usageScale, upper: Number.POSITIVE_INFINITY });
    this.master = engine.createMaster(rows, { primalAfterColumns: options.primalAfterColumns });
    const maxCost = Math.max(1, ...sources.map((s) => s.cost));
    this.big = 1e4 * maxCost;
    for (let i = 0; i < this.m; i++) this.master.addColumn(this.big, [i], [1]);
    // The usage row needs its own artificial: no offcut column may exist yet to satisfy it.
    if (this.usageRow >= 0) this.master.addColumn(this.big, [this.usageRow], [1]);
    this.artificialColumns = this.master.columnCount;
    // Dual-optimal inequalities πᵢ ≥ πᵢ₊₁ (a longer piece can always be cut where a shorter one is needed):
    // free substitution columns that keep the LP value and steady the duals, so column generation needs
    // far fewer rounds; plans read off the patterns alone are repaired by the same substitution.
    if (options.substitution) {
      for (let i = 0; i + 1 < this.m; i++) this.master.addColumn(0, [i, i + 1], [-1, 1]);
    }
    this.firstColumn = this.master.columnCount;
    this.pool =
      this.master.deleteColumns && pooling ? new ColumnPool(pooling, this.m + sources.length) : null;
  }

  /**
   * Switches the substitution columns off. They speed up the root, but the LP solutions they give
   * substitute pieces the dives then have to repair, which steers rounding badly (docs/solver.md,
   * Tuning).
   */
  dropSubstitution(): void {
    for (let c = this.artificialColumns; c < this.firstColumn; c++) this.master.setColumnBounds(c, 0, 0);
  }

  /**
   * Adds a pattern unless it is already there (a pooled one goes back into the LP); returns its index in
   * `columns`.
   */
  add(column: C): number {
    const key = this.port.key(column);
    const known = this.keys.get(key);
    if (known !== undefined) {
      if ((this.lpOf[known] ?? 0) < 0) this.activate(known);
      return known;
    }
    const j = this.columns.length;
    const own = this.port.own(column);
    this.columns.push(own);
    this.keys.set(key, j);
    this.itemCoefs.push(this.port.coefficients(own));
    this.arcKeyCache.push(undefined);
    this.lpOf.push(-1);
    this.activate(j);
    return j;
  }

  /** Puts column j into the LP (new, or back from the pool). */
  private activate(j: number): void {
    const column = this.columns[j];
    if (!column) return;
    const rows: number[] = [];
    const coefs: number[] = [];
    for (const [i, c] of this.itemCoefs[j] ?? []) {
      rows.push(i);
      coefs.push(c);
    }
    rows.push(this.sourceRow + column.source);
    coefs.push(1);
    if (this.arcRows.size > 0) {
      for (const a of this.arcKeysOf(j)) {
        const r = this.arcRows.get(a);
        if (r !== undefined) {
          rows.push(r);
          coefs.push(1);
        }
      }
    }
    const src = this.sources[column.source];
    if (this.usageRow >= 0 && src?.kind === 'offcut') {
      rows.push(this.usageRow);
      coefs.push(src.length / this.usageScale);
    }
    this.lpOf[j] = this.master.addColumn(src?.cost ?? 0, rows, coefs);
    this.lpColumns.push(j);
    this.ban.mark(j, false);
    if (this.ban.active && this.ban.wants(j, column, this.atRoot())) this.hold(j, true);
    this.pool?.entered(j);
  }

  private arcKeysOf(j: number): readonly string[] {
    let keys = this.arcKeyCache[j];
    const column = this.columns[j];
    if (keys === undefined && column) {
      keys = this.port.arcKeys(column);
      this.arcKeyCache[j] = keys;
    }
    return keys ?? [];
  }

  /** Whether a pattern is a column of the master's LP already (a pooled one is not). */
  has(column: C): boolean {
    const j = this.keys.get(this.port.key(column));
    return j !== undefined && (this.lpOf[j] ?? -1) >= 0;
  }

  /** Times a pooled column went back into the LP. */
  get returnedCount(): number {
    return this.pool?.returned ?? 0;
  }

  /** Columns waiting in the pool. */
  get pooledCount(): number {
    return this.pool?.size ?? 0;
  }

  /** Moves the master to another residual (diving fixes bars, branching bounds sources, backtracking restores). */
  setResidual(next: Residual): void {
    const cur = this.residual;
    for (let i = 0; i < this.m; i++) {
      if ((next.demand[i] ?? 0) !== (cur.demand[i] ?? 0)) {
        this.master.setRowBounds(i, next.demand[i] ?? 0, Number.POSITIVE_INFINITY);
      }
    }
    this.sources.forEach((_, k) => {
      if ((next.lo[k] ?? 0) !== (cur.lo[k] ?? 0) || (next.hi[k] ?? 0) !== (cur.hi[k] ?? 0)) {
        this.master.setRowBounds(this.sourceRow + k, next.lo[k] ?? 0, next.hi[k] ?? 0);
      }
    });
    const curArcs = cur.arcs ?? new Map<string, { lo: number; hi: number }>();
    const nextArcs = next.arcs ?? new Map<string, { lo: number; hi: number }>();
    for (const [key, b] of nextArcs) {
      const row = this.arcRow(key);
      const old = curArcs.get(key);
      if (!old || old.lo !== b.lo || old.hi !== b.hi) this.master.setRowBounds(row, b.lo, b.hi);
    }
    for (const key of curArcs.keys()) {
      const r = this.arcRows.get(key);
      if (r !== undefined && !nextArcs.has(key))
        this.master.setRowBounds(r, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
    }
    if (this.usageRow >= 0 && next.usage !== cur.usage) {
      this.master.setRowBounds(
        this.usageRow,
        Math.max(0, next.usage) / this.usageScale,
        Number.POSITIVE_INFINITY,
      );
    }
    this.residual = copyResidual(next);
    this.center = null;
    if (this.ban.active) this.applyBan();
  }

  /**
   * Holds at zero, at residuals of the root's demand, every column `test` refuses (crossing arcs fixed by
   * `rc-fixing`). Pricing there must never offer such a column, or report itself inexact if it might.
   */
  banColumns(test: (column: C) => boolean): void {
    this.ban.set(test);
    this.applyBan();
  }

  /** Whether the residual is at the root's demand and usage (a tree node, not a dive). */
  private atRoot(): boolean {
    const { demand, usage } = this.residual;
    return usage === this.baseUsage && demand.every((d, i) => d === this.baseDemand[i]);
  }

  private applyBan(): void {
    const on = this.atRoot();
    for (const j of this.lpColumns) {
      const want = this.ban.wants(j, this.columns[j], on);
      if (want !== this.ban.isHeld(j)) this.hold(j, want);
    }
  }

  private hold(j: number, zero: boolean): void {
    const lp = this.lpOf[j] ?? -1;
    if (lp < 0) return;
    this.master.setColumnBounds(lp, 0, zero ? 0 : Number.POSITIVE_INFINITY);
    this.ban.mark(j, zero);
  }

  /** The master row of an arc (added, free, on first use, with the coefficients of existing columns). */
  private arcRow(key: string): number {
    const known = this.arcRows.get(key);
    if (known !== undefined) return known;
    const cols: number[] = [];
    const coefs: number[] = [];
    // Only the columns in the LP: a pooled one gets the row's coefficient when it comes back.
    for (const j of this.lpColumns) {
      const lp = this.lpOf[j] ?? -1;
      if (lp >= 0 && this.arcKeysOf(j).includes(key)) {
        cols.push(lp);
        coefs.push(1);
      }
    }
    const row = this.master.addRow(Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, cols, coefs);
    this.arcRows.set(key, row);
    return row;
  }

  /** Flow on every arc in an LP solution `x` (over `columns`), by arc key. */
  arcFlowsByKey(x: Float64Array): Map<string, { column: C; flow: number }> {
    const flows = new Map<string, { column: C; flow: number }>();
    x.forEach((v, j) => {
      const c = this.columns[j];
      if (!c || v <= 1e-9) return;
      for (const key of this.port.arcKeys(c)) {
        const f = flows.get(key);
        if (f) f.flow += v;
        else flows.set(key, { column: c, flow: v });
      }
    });
    return flows;
  }

  /** Bars of each source in an LP solution `x` (over `columns`). */
  sourceTotals(x: Float64Array): Float64Array {
    const totals = new Float64Array(this.sources.length);
    x.forEach((v, j) => {
      const c = this.columns[j];
      if (c && v > 0) totals[c.source] = (totals[c.source] ?? 0) + v;
    });
    return totals;
  }

  /** Runs column generation on the current residual until the LP is solved or a stop applies. */
  solve(budget: Budget, stop: CgStop = {}): CgOutcome {
    let iterations = 0;
    let bestBound = Number.NEGATIVE_INFINITY;
    for (;;) {
      this.prune();
      let sol = this.solveMaster();
      iterations++;
      if (sol.status === 'infeasible' && this.pooledCount > 0) {
        // Infeasible without the pooled columns proves nothing: with them all back it is as without a pool.
        this.restorePool();
        sol = this.solveMaster();
        iterations++;
      }
      if (sol.status !== 'optimal') {
        return this.outcome(
          sol.status === 'infeasible' ? 'infeasible' : 'failed',
          sol,
          bestBound,
          iterations,
        );
      }
      if (stop.floor !== undefined && this.meets(sol, stop.floor)) {
        return this.outcome('optimal', sol, Math.max(bestBound, stop.floor), iterations);
      }
      const tol = stop.tolerance ?? REL_TOL;
      // Pooled columns that price out at these duals come back instead of a pricing call: no bound this
      // round, but the round that ends column generation always prices (the pool has none left then).
      // With `withPricing` the scan follows the pricing instead, in the same round.
      if (this.pool?.withPricing || this.fromPool(sol.duals, tol) === 0) {
        const duals = this.itemDuals(sol.duals);
        let priced = this.price(
          this.center && this.smoothing > 0 ? smooth(this.center, this.smoothing, this.m, duals) : duals,
          sol.duals,
          tol,
        );
        if (this.center && this.smoothing > 0 && priced.columns.length === 0)
          priced = this.price(duals, sol.duals, tol);
        // Defence in depth: a valid bound never exceeds the restricted master's value (≥ the LP optimum);
        // capping there keeps a numerical slip in the pricing from ever becoming an absurd bound.
        priced.bound = Math.min(priced.bound, sol.objective + 1e-9 * Math.max(1, Math.abs(sol.objective)));
        if (priced.bound > bestBound) {
          bestBound = priced.bound;
          this.center = priced.duals;
        }
        // No columns: the LP is solved only if the pricing was exact (not past its size caps); else not optimal.
        if (priced.columns.length === 0) {
          return this.outcome(priced.exact ? 'optimal' : 'stopped', sol, bestBound, iterations);
        }
        for (const c of priced.columns) this.add(c);
        // The pricing found columns, so the round goes on: pooled ones that price out join them.
        if (this.pool?.withPricing) this.fromPool(sol.duals, tol);
      }
      // Settled: the integer the bound rounds up to is the one the LP is about to reach. The last
      // thousandths of a degenerate LP's tail cost hundreds of iterations and cannot change a proof
      // (the bound is the Lagrangian one, not the LP value), so they are not waited for.
      // An LP still paying for artificial columns has not found its footing yet: never settled.
      let leaning = 0;
      for (let a = 0; a < this.artificialColumns; a++) leaning += sol.x[a] ?? 0;
      const settled = leaning <= 1e-9 && ceilBound(bestBound) >= ceilBound(sol.objective - SETTLE_TOLERANCE);
      if ((stop.settle && settled) || reachesCutoff(bestBound, stop, this.lastCut)) {
        return this.outcome('stopped', this.solveMaster(), bestBound, iterations + 1);
      }
      if (budget.expired() || (stop.rounds !== undefined && iterations >= stop.rounds))
        return this.outcome('stopped', this.solveMaster(), bestBound, iterations + 1);
    }
  }

  /** Whether a restricted master's solution, free of artificial columns, has come down to `floor`. */
  private meets(sol: LpSolution, floor: number): boolean {
    if (sol.objective > floor + 1e-9 * Math.max(1, Math.abs(floor))) return false;
    let leaning = 0;
    for (let a = 0; a < this.artificialColumns; a++) leaning += sol.x[a] ?? 0;
    return leaning <= 1e-9;
  }

  /**
   * The master's solve, with an engine that throws (HiGHS's wasm raised "run failed" once in a full
   * benchmark run) read as a failed solve: the search then treats the node as unresolved instead of the
   * whole request failing.
   */
  private solveMaster(): LpSolution {
    try {
      const sol = this.master.solve();
      // Every solve ages the columns, so only columns idle at the LP's last vertex leave it (non-basic).
      if (sol.status === 'optimal') this.age(sol);
      return sol;
    } catch (e) {
      // HiGHS's wasm has thrown its native run failure in a benchmark run: an LP left unsolved, not a bug.
      if (!isRunFailure(e)) throw e;
      return { status: 'failed', objective: Number.NaN, x: new Float64Array(0), duals: new Float64Array(0) };
    }
  }

  private outcome(
    status: CgOutcome['status'],
    sol: { objective: number; x: Float64Array },
    bound: number,
    iterations: number,
  ): CgOutcome {
    const x = new Float64Array(this.columns.length);
    let artificial = 0;
    for (let a = 0; a < this.artificialColumns; a++) artificial += sol.x[a] ?? 0;
    for (let j = 0; j < x.length; j++) {
      const lp = this.lpOf[j] ?? -1;
      x[j] = lp >= 0 ? (sol.x[lp] ?? 0) : 0;
    }
    return { status, lpValue: sol.objective, bound, x, artificial, iterations };
  }

  private itemDuals(all: Float64Array): Float64Array {
    const d = new Float64Array(this.m);
    for (let i = 0; i < this.m; i++) d[i] = Math.max(0, all[i] ?? 0);
    return d;
  }

  /**
   * Prices at `pi` through the port: the columns whose reduced cost under the master's own duals is
   * negative, and the Lagrangian bound that `pi` proves.
   */
  private price(pi: Float64Array, masterDuals: Float64Array, tol: number): Pricing<C> {
    const arcs = activeArcs(this.residual, this.arcRows, masterDuals);
    const nu = this.usageRow >= 0 ? Math.max(0, masterDuals[this.usageRow] ?? 0) : 0;
    const usagePay = (k: number): number => {
      const s = this.sources[k];
      return s?.kind === 'offcut' ? (nu * s.length) / this.usageScale : 0;
    };
    const rawArc = rawArcDuals(arcs.list);
    const reduced = (column: C): number =>
      this.reducedCost(
        column,
        this.port.coefficients(column),
        () => this.port.arcKeys(column),
        masterDuals,
        rawArc,
        nu,
      );
    // A pattern enters when it is not empty, prices out and is new.
    const pricesOut = (column: C): boolean =>
      this.port.coefficients(column).length > 0 &&
      reduced(column) < -tol * Math.max(1, this.sources[column.source]?.cost ?? 0) &&
      !this.has(column);
    const answer = this.port.price({ pi, residual: this.residual, nu, usagePay, arcs: arcs.list, pricesOut });
    if (answer.cutValues) this.recordCut(pi, nu, answer.cutValues);
    return {
      columns: [...answer.columns],
      bound: this.lagrangianBound(pi, answer.values, nu, arcs.rhs),
      duals: pi,
      exact: answer.exact,
    };
  }

  /** A column's reduced cost at the master's duals (`rawArc`: the bounded arc rows' duals, by key). */
  private reducedCost(
    column: C,
    coefficients: readonly (readonly [number, number])[],
    arcKeys: () => readonly string[],
    masterDuals: Float64Array,
    rawArc: ReadonlyMap<string, number>,
    nu: number,
  ): number {
    let v = 0;
    for (const [i, c] of coefficients) v += c * (masterDuals[i] ?? 0);
    if (rawArc.size > 0) for (const key of arcKeys()) v += rawArc.get(key) ?? 0;
    const k = column.source;
    const s = this.sources[k];
    const sourceDual = masterDuals[this.sourceRow + k] ?? 0;
    const usagePay = s?.kind === 'offcut' ? (nu * s.length) / this.usageScale : 0;
    return (s?.cost ?? 0) - sourceDual - usagePay - v;
  }

  /** Counts the master solves each generated column of the LP sits idle (see {@link ColumnPool.age}). */
  private age(sol: LpSolution): void {
    this.pool?.age(
      this.lpColumns,
      this.firstColumn,
      sol,
      (j) => this.sources[this.columns[j]?.source ?? 0]?.cost ?? 0,
    );
  }

  /** Moves the pool's long-idle columns out of the LP (see {@link ColumnPool.leaving}). */
  private prune(): void {
    const leaving = this.pool?.leaving(this.lpColumns);
    if (!leaving) return;
    const out = leaving.out.map((p) => this.firstColumn + p);
    this.master.deleteColumns?.(out);
    for (const p of leaving.out) {
      const j = this.lpColumns[p] ?? -1;
      this.lpOf[j] = -1;
      this.ban.mark(j, false);
    }
    this.lpColumns = leaving.keep;
    leaving.keep.forEach((j, p) => {
      this.lpOf[j] = this.firstColumn + p;
    });
  }

  /**
   * Brings back the pooled columns whose reduced cost at the master's duals is below `tol` (relative to
   * their bar's cost), most negative first (see {@link ColumnPool.returning}); returns how many came back.
   */
  private fromPool(masterDuals: Float64Array, tol: number): number {
    if (!this.pool || this.pool.size === 0 || !this.pool.scans) return 0;
    const arcs = activeArcs(this.residual, this.arcRows, masterDuals);
    const rawArc = rawArcDuals(arcs.list);
    const nu = this.usageRow >= 0 ? Math.max(0, masterDuals[this.usageRow] ?? 0) : 0;
    const back = this.pool.returning((j) => {
      const column = this.columns[j];
      if (!column) return null;
      const k = column.source;
      if ((this.residual.hi[k] ?? 0) <= 0) return null;
      const rc = this.reducedCost(
        column,
        this.itemCoefs[j] ?? [],
        () => this.arcKeysOf(j),
        masterDuals,
        rawArc,
        nu,
      );
      return rc < -tol * Math.max(1, this.sources[k]?.cost ?? 0) ? rc : null;
    });
    for (const j of back) this.activate(j);
    return back.length;
  }

  /** Every pooled column back into the LP, in the order they left. */
  private restorePool(): void {
    for (const j of this.pool?.waiting() ?? []) this.activate(j);
  }

  private recordCut(pi: Float64Array, nu: number, v: Float64Array): void {
    const { demand, usage } = this.residual;
    if (usage !== this.baseUsage) return;
    for (let i = 0; i < this.m; i++) if (demand[i] !== this.baseDemand[i]) return;
    let rhs = this.usageRow >= 0 ? (nu * Math.max(0, usage)) / this.usageScale : 0;
    for (let i = 0; i < this.m; i++) rhs += (demand[i] ?? 0) * (pi[i] ?? 0);
    this.lastCut = { rhs, v };
  }

  /** The bound the duals `pi` (with usage dual `nu` and arc rows' `arcRhs`) prove for the current residual. */
  private lagrangianBound(pi: Float64Array, values: readonly number[], nu: number, arcRhs = 0): number {
    const { demand, lo, hi, usage } = this.residual;
    let rhs = (this.usageRow >= 0 ? (nu * Math.max(0, usage)) / this.usageScale : 0) + arcRhs;
    for (let i = 0; i < this.m; i++) rhs += (demand[i] ?? 0) * (pi[i] ?? 0);
    const terms: BoundTerm[] = this.sources.map((s, k) => ({
      lo: lo[k] ?? 0,
      hi: hi[k] ?? 0,
      c: s.cost,
      v: values[k] ?? 0,
    }));
    // The artificial columns are unlimited one-piece bars of cost `big`.
    for (let i = 0; i < this.m; i++)
      terms.push({ lo: 0, hi: Number.POSITIVE_INFINITY, c: this.big, v: pi[i] ?? 0 });
    if (this.usageRow >= 0) terms.push({ lo: 0, hi: Number.POSITIVE_INFINITY, c: this.big, v: nu });
    return lagrangianBound(rhs, terms);
  }

  dispose(): void {
    this.master.dispose();
  }
}

/** The duals of the arc rows bounded at a node, by key (reduced costs read them). */
function rawArcDuals(list: readonly { key: string; dual: number }[]): Map<string, number> {
  const raw = new Map<string, number>();
  for (const a of list) if (a.dual !== 0) raw.set(a.key, a.dual);
  return raw;
}

/** A pricing round's answer: the entering columns, the bound the duals prove, the duals it priced at. */
interface Pricing<C> {
  readonly columns: C[];
  bound: number;
  readonly duals: Float64Array;
  readonly exact: boolean;
}
