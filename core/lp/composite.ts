/**
 * The composite LP engine: small masters (at most {@link DENSE_MAX_ROWS} rows) on the dense simplex of
 * `./dense/`, larger ones on HiGHS. A dense master that cannot finish a solve (iteration cap, singular
 * basis, drift, an unbounded ray), reports infeasibility, outgrows the row limit or is asked to delete a
 * basic column hands its current model to a HiGHS master, which answers that solve and every later one:
 * never a wrong answer, never a hang. Deterministic: no randomness anywhere.
 */
import { DenseMaster } from './dense/simplex.ts';
import type { LpEngine, LpSolution, MasterLp, MasterOptions, RowBounds } from './engine.ts';

/** Masters of at most this many rows start on the dense simplex (docs/solver.md, "A dense simplex"). */
export const DENSE_MAX_ROWS = 80;
/**
 * A dense master that grows past this many columns goes over to HiGHS: its pricing scans every column an
 * iteration, and past ~300 columns HiGHS's solves were the cheaper (bench/warm-lp.ts --sides).
 */
export const DENSE_MAX_COLUMNS = 300;

/** Why masters went over to HiGHS, counted per engine (the benchmark reads them). */
export interface CompositeStats {
  /** Masters created on the dense simplex, and on HiGHS from the start. */
  dense: number;
  highs: number;
  /** Dense solves, and those that went to HiGHS, by reason. */
  solves: number;
  readonly handedOver: Record<string, number>;
  /** Hand-overs whose basis HiGHS took (it starts from the dense vertex), and those it refused. */
  warm: number;
  refused: number;
  /** Dense solves that ran the dual simplex (technique `dense-dual`), and its iterations. */
  dualRuns: number;
  dualIterations: number;
}

/** An engine whose masters pick dense or HiGHS by size, with the counts of hand-overs. */
export interface CompositeEngine extends LpEngine {
  readonly stats: CompositeStats;
}

/** How a composite engine splits and runs its masters; every field has production's default. */
export interface CompositeOptions {
  /** Masters of more rows start on HiGHS, dense ones that grow past it go over (`DENSE_MAX_ROWS`). */
  readonly maxRows?: number;
  /** A dense solve's simplex iteration cap (default: the dense simplex's own, by the master's size). */
  readonly iterationCap?: number;
  /** Dense masters go over to HiGHS past this many columns (`DENSE_MAX_COLUMNS`). */
  readonly maxColumns?: number;
  /**
   * A hand-over passes the dense basis to HiGHS (default); false: HiGHS starts from its logical basis, a
   * cold hand-over (tests compare).
   */
  readonly warm?: boolean;
  /**
   * `on`: dense masters re-solve after bound and row changes with the dual simplex first (technique
   * `dense-dual`, opt-in: measured no better for the warm path's tail, docs/solver.md), and go over to
   * HiGHS past `columns` columns (default `maxColumns`), except those created with `options.denseDual ===
   * false`, which keep the primal simplex and `maxColumns`.
   */
  readonly dual?: { readonly on: boolean; readonly columns?: number };
}

/**
 * The composite engine over `highs` (which serves the large masters and every hand-over), as `settings`
 * say ({@link CompositeOptions}). A master created with `options.dense === false` stays on HiGHS (the
 * `dense-lp` ablation).
 */
export function compositeEngine(highs: LpEngine, settings: CompositeOptions = {}): CompositeEngine {
  const {
    maxRows = DENSE_MAX_ROWS,
    iterationCap,
    maxColumns = DENSE_MAX_COLUMNS,
    warm = true,
    dual = { on: false },
  } = settings;
  const stats: CompositeStats = {
    dense: 0,
    highs: 0,
    solves: 0,
    handedOver: {},
    warm: 0,
    refused: 0,
    dualRuns: 0,
    dualIterations: 0,
  };
  return {
    name: `${highs.name} + dense simplex`,
    stats,
    createMaster(rows, options) {
      if (options?.dense === false || rows.length > maxRows) {
        stats.highs++;
        return highs.createMaster(rows, options);
      }
      stats.dense++;
      const useDual = dual.on && options?.denseDual !== false;
      const master = new CompositeMaster(
        highs,
        rows,
        options,
        { rows: maxRows, columns: useDual ? (dual.columns ?? maxColumns) : maxColumns },
        stats,
        warm,
      );
      master.useDual(useDual);
      if (iterationCap !== undefined) master.capIterations(iterationCap);
      return master;
    },
  };
}

/** `engine` with every master created with `dense: false`: HiGHS only under a composite engine. */
export function withoutDense(engine: LpEngine): LpEngine {
  return withMasterOptions(engine, { dense: false });
}

/**
 * `engine` with every master created with `denseDual: false`: dense masters re-solve with the primal
 * simplex alone (the `dense-dual` ablation).
 */
export function withoutDenseDual(engine: LpEngine): LpEngine {
  return withMasterOptions(engine, { denseDual: false });
}

/** `engine` with `extra` on every master's options. */
function withMasterOptions(engine: LpEngine, extra: MasterOptions): LpEngine {
  return {
    name: engine.name,
    createMaster: (rows, options) => engine.createMaster(rows, { ...options, ...extra }),
  };
}

class CompositeMaster implements MasterLp {
  private dense: DenseMaster | null;
  private highs: MasterLp | null = null;
  private dualTol: number | null = null;
  private readonly engine: LpEngine;
  private readonly options: MasterOptions | undefined;
  private readonly max: { readonly rows: number; readonly columns: number };
  private readonly stats: CompositeStats;
  private readonly warm: boolean;

  constructor(
    engine: LpEngine,
    rows: readonly RowBounds[],
    options: MasterOptions | undefined,
    max: { readonly rows: number; readonly columns: number },
    stats: CompositeStats,
    warm: boolean,
  ) {
    this.warm = warm;
    this.engine = engine;
    this.options = options;
    this.max = max;
    this.stats = stats;
    this.dense = new DenseMaster(rows);
  }

  /** Whether dense solves run the dual simplex first after bound and row changes. */
  useDual(on: boolean): void {
    if (this.dense) this.dense.dual = on;
  }

  /** Caps every dense solve at `cap` iterations (tests force the hand-over with it). */
  capIterations(cap: number): void {
    if (!this.dense) return;
    this.dense.iterationFactor = 0;
    this.dense.iterationSlack = cap;
  }

  get columnCount(): number {
    return this.dense ? this.dense.columnCount : (this.highs?.columnCount ?? 0);
  }

  /** The HiGHS master from now on, built from the dense master's current model. */
  private handOver(why: string): MasterLp {
    if (this.highs) return this.highs;
    const dense = this.dense;
    // One of the two is always live: the dense master is dropped only here, once HiGHS holds the model.
    if (!dense) throw new Error('composite master: no engine holds the model');
    this.stats.handedOver[why] = (this.stats.handedOver[why] ?? 0) + 1;
    const md = dense.model;
    const rows: RowBounds[] = [];
    for (let i = 0; i < md.m; i++) rows.push({ lower: md.rowLo[i] ?? 0, upper: md.rowUp[i] ?? 0 });
    const highs = this.engine.createMaster(rows, this.options);
    for (let j = 0; j < md.n; j++) {
      highs.addColumn(md.cost[j] ?? 0, Array.from(md.colIdx[j] ?? []), Array.from(md.colCoef[j] ?? []));
      const lo = md.colLo[j] ?? 0;
      const up = md.colUp[j] ?? 0;
      if (lo !== 0 || up !== Number.POSITIVE_INFINITY) highs.setColumnBounds(j, lo, up);
    }
    if (this.dualTol !== null) highs.setDualTolerance?.(this.dualTol);
    // Warm: HiGHS goes on from the dense vertex. Started cold it picked other optimal vertices, and the
    // dives and tree after it went elsewhere (seed 187: 1 → 207 branch nodes, proof lost).
    if (this.warm && highs.setBasis) {
      if (highs.setBasis(dense.basisStatus())) this.stats.warm++;
      else this.stats.refused++;
    }
    this.highs = highs;
    this.dense = null;
    return highs;
  }

  addColumn(cost: number, rows: readonly number[], coefs: readonly number[], upper?: number): number {
    if (this.dense && this.dense.columnCount < this.max.columns)
      return this.dense.addColumn(cost, rows, coefs, upper);
    return this.handOver('columns').addColumn(cost, rows, coefs, upper);
  }

  addRow(lower: number, upper: number, columns: readonly number[], coefs: readonly number[]): number {
    if (this.dense && this.dense.rowCount < this.max.rows)
      return this.dense.addRow(lower, upper, columns, coefs);
    return this.handOver('rows').addRow(lower, upper, columns, coefs);
  }

  setColumnBounds(column: number, lower: number, upper: number): void {
    if (this.dense) this.dense.setColumnBounds(column, lower, upper);
    else this.highs?.setColumnBounds(column, lower, upper);
  }

  setRowBounds(row: number, lower: number, upper: number): void {
    if (this.dense) this.dense.setRowBounds(row, lower, upper);
    else this.highs?.setRowBounds(row, lower, upper);
  }

  deleteColumns(columns: readonly number[]): void {
    const dense = this.dense;
    if (dense && !columns.some((j) => dense.isBasic(j))) dense.deleteColumns(columns);
    else this.handOver('delete-basic').deleteColumns?.(columns);
  }

  setDualTolerance(tolerance: number): void {
    this.dualTol = tolerance;
    if (this.dense) this.dense.setDualTolerance(tolerance);
    else this.highs?.setDualTolerance?.(tolerance);
  }

  solve(): LpSolution {
    const dense = this.dense;
    if (dense) {
      this.stats.solves++;
      const before = dense.dualIterations;
      const out = dense.solve();
      if (dense.lastDual !== null && dense.lastDual !== 'skipped') this.stats.dualRuns++;
      this.stats.dualIterations += dense.dualIterations - before;
      if (out.status === 'optimal') return out;
      // Infeasible is a proof the search acts on (a node pruned): HiGHS confirms it.
      return this.handOver(out.status === 'infeasible' ? 'infeasible' : (dense.failure ?? 'failed')).solve();
    }
    return this.handOver('none').solve();
  }

  lastIterations(): number {
    return this.dense ? this.dense.lastIterations() : (this.highs?.lastIterations?.() ?? 0);
  }

  dispose(): void {
    this.highs?.dispose();
  }
}
