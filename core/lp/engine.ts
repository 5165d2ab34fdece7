/**
 * The `LpEngine` port: the little the column generation needs from an LP solver. A master LP is
 * minimisation over columns ≥ 0 with row bounds; columns are added (and, where the engine can, deleted),
 * bounds may change, and each solve returns primal values, row duals and (where given) reduced costs. Adapters: HiGHS (persistent, warm-started) and glpk.js
 * (rebuilt per solve).
 */

export interface RowBounds {
  readonly lower: number;
  readonly upper: number;
}

export type LpStatus = 'optimal' | 'infeasible' | 'failed';

export interface LpSolution {
  readonly status: LpStatus;
  readonly objective: number;
  /** Column values. */
  readonly x: Float64Array;
  /** Row duals (for a minimisation, ≥ 0 on binding ≥ rows, ≤ 0 on binding ≤ rows). */
  readonly duals: Float64Array;
  /** Column reduced costs, where the engine gives them (the column pool needs them). */
  readonly reducedCosts?: Float64Array;
}

/** A variable's place in a basis: basic, or non-basic at its lower or its upper bound. */
export type BasisStatus = 'lower' | 'basic' | 'upper';

/** A basis: one status per column and one per row (the row's activity), in index order. */
export interface LpBasis {
  readonly columns: readonly BasisStatus[];
  readonly rows: readonly BasisStatus[];
}

/** A live master LP. Not thread-safe; dispose when done. */
export interface MasterLp {
  readonly columnCount: number;
  /** Adds a column `cost·x` with the given sparse row coefficients and returns its index. */
  addColumn(cost: number, rows: readonly number[], coefs: readonly number[], upper?: number): number;
  /** Adds a row `lower ≤ Σ coefs·x ≤ upper` over existing columns and returns its index. */
  addRow(lower: number, upper: number, columns: readonly number[], coefs: readonly number[]): number;
  setColumnBounds(column: number, lower: number, upper: number): void;
  setRowBounds(row: number, lower: number, upper: number): void;
  /**
   * Deletes the given columns (indices strictly increasing); later columns move down to fill the gaps.
   * Engines that cannot leave this out: the master then keeps every column.
   */
  deleteColumns?(columns: readonly number[]): void;
  solve(): LpSolution;
  /**
   * The dual feasibility tolerance of the next solves (HiGHS's default 1e-7): a column the LP leaves out
   * of its basis may price out by up to this much. Engines without the setting ignore it.
   */
  setDualTolerance?(tolerance: number): void;
  /**
   * Starts the next solve from `basis` (sizes as the model's now): a master handed over from another
   * engine goes on from the vertex it had (`./composite.ts`). False when the engine refused it; the next
   * solve then starts cold. Engines without it always start from their own basis.
   */
  setBasis?(basis: LpBasis): boolean;
  /** Simplex iterations of the last solve, where the engine counts them (tests, benchmarks). */
  lastIterations?(): number;
  dispose(): void;
}

/** How a master is solved; engines without the choice ignore it. */
export interface MasterOptions {
  /**
   * Re-solve with primal simplex when only columns were added since the last solve (the basis stays
   * primal feasible), with dual simplex after bounds or rows changed.
   */
  readonly primalAfterColumns?: boolean;
  /**
   * False: this master stays on HiGHS under the composite engine (`./composite.ts`; the `dense-lp`
   * ablation). Other engines ignore it.
   */
  readonly dense?: boolean;
  /**
   * False: a dense master re-solves after bound and row changes with the primal simplex alone, no dual
   * simplex first (the `dense-dual` ablation). Other engines ignore it.
   */
  readonly denseDual?: boolean;
}

export interface LpEngine {
  /** Engine name and version, e.g. "HiGHS 1.15.1". */
  readonly name: string;
  createMaster(rows: readonly RowBounds[], options?: MasterOptions): MasterLp;
}
