/**
 * The covering master's column pool (opt-in, off in production; docs/solver.md "Column pool"): which
 * generated columns have sat idle long enough to leave the LP, which of those are waiting, and which come
 * back at a round's duals. The master owns the LP and its indices; the pool only decides, by solve counts.
 */
import type { LpSolution } from '../lp/index.ts';
import type { PoolTuning } from './outcome.ts';
import {
  POOL_AGE,
  POOL_MIN_COLUMNS,
  POOL_PERIOD,
  POOL_REDUCED_COST,
  POOL_RETURN,
  POOL_ROWS_FACTOR,
} from './tuning.ts';

/** The pool's tuning where a master asks for it with `pool: true` (the ANI 600 measurements). */
export const DEFAULT_POOL: PoolTuning = {
  age: POOL_AGE,
  period: POOL_PERIOD,
  minColumns: POOL_MIN_COLUMNS,
  rowsFactor: POOL_ROWS_FACTOR,
};

/** The pool of one master: idle counts per column and the columns out of the LP (indices into `columns`). */
export class ColumnPool {
  private readonly tuning: PoolTuning;
  /** The generated columns the LP may hold before any leaves it. */
  private readonly floor: number;
  /** Per column, master solves in a row it sat idle (non-basic, reduced cost above the threshold). */
  private readonly idle: number[] = [];
  /** The pooled columns, in the order they left the LP. */
  private readonly pooled = new Set<number>();
  private solvesSincePrune = 0;
  /** Times a pooled column went back into the LP. */
  returned = 0;

  constructor(tuning: PoolTuning, rows: number) {
    this.tuning = tuning;
    this.floor = Math.max(tuning.minColumns, tuning.rowsFactor * rows);
  }

  /** Whether each round scans the pool before pricing (else pooled columns wait for the pricing). */
  get scans(): boolean {
    return this.tuning.scan !== false;
  }

  /** Whether the scan runs beside the pricing in the same round (see {@link PoolTuning.withPricing}). */
  get withPricing(): boolean {
    return this.tuning.withPricing === true;
  }

  /** Columns waiting in the pool. */
  get size(): number {
    return this.pooled.size;
  }

  /** The pooled columns, in the order they left the LP. */
  waiting(): number[] {
    return [...this.pooled];
  }

  /** Column j went into the LP (new, or back from the pool): its idle count starts again. */
  entered(j: number): void {
    if (this.pooled.delete(j)) this.returned++;
    this.idle[j] = 0;
  }

  /**
   * Counts the master solves each generated column of the LP (`lpColumns`, the first at LP index
   * `firstColumn`) sits idle: at zero with a reduced cost above the threshold relative to its bar's cost
   * (so non-basic). Any other state starts the count again.
   */
  age(
    lpColumns: readonly number[],
    firstColumn: number,
    sol: LpSolution,
    costOf: (j: number) => number,
  ): void {
    const rc = sol.reducedCosts;
    if (!rc) return;
    this.solvesSincePrune++;
    // Far below the floor no column can leave soon: small LPs (every practical job) skip the count.
    if (2 * lpColumns.length <= this.floor) return;
    const threshold = this.tuning.reducedCost ?? POOL_REDUCED_COST;
    lpColumns.forEach((j, p) => {
      const lp = firstColumn + p;
      const idle = (sol.x[lp] ?? 0) <= 1e-9 && (rc[lp] ?? 0) > threshold * Math.max(1, costOf(j));
      this.idle[j] = idle ? (this.idle[j] ?? 0) + 1 : 0;
    });
  }

  /**
   * The long-idle columns to move out of the LP now (every `period` solves while the LP holds more
   * generated columns than the floor): their positions in `lpColumns`, and the columns that stay; null
   * when none leaves. The columns
   * leaving count as pooled from here on; only columns idle at the last solve go, so they are non-basic
   * and the basis stays warm. Counts, never the clock, decide: the same request prunes alike.
   */
  leaving(lpColumns: readonly number[]): { readonly out: number[]; readonly keep: number[] } | null {
    if (this.solvesSincePrune < this.tuning.period) return null;
    if (lpColumns.length <= this.floor) return null;
    this.solvesSincePrune = 0;
    const out: number[] = [];
    const keep: number[] = [];
    lpColumns.forEach((j, p) => {
      if ((this.idle[j] ?? 0) >= this.tuning.age) out.push(p);
      else keep.push(j);
    });
    if (out.length === 0) return null;
    for (const p of out) {
      const j = lpColumns[p] ?? -1;
      this.idle[j] = 0;
      this.pooled.add(j);
    }
    return { out, keep };
  }

  /**
   * The pooled columns to bring back, most negative reduced cost first, at most `POOL_RETURN`: `reduced`
   * gives a column's reduced cost where it may come back and prices out, else null.
   */
  returning(reduced: (j: number) => number | null): number[] {
    const found: { j: number; rc: number }[] = [];
    for (const j of this.pooled) {
      const rc = reduced(j);
      if (rc !== null) found.push({ j, rc });
    }
    found.sort((a, b) => a.rc - b.rc || a.j - b.j);
    return found.slice(0, POOL_RETURN).map((f) => f.j);
  }
}
