/**
 * What a covering master is set up with ({@link MasterOptions}), asked to stop at ({@link CgStop}) and
 * answers with ({@link CgOutcome}).
 */

import type { CountCut } from '../bounds/index.ts';
import { ceilBound } from '../numbers.ts';

export interface CgOutcome {
  /** `optimal`: no column prices out (the LP is solved); `stopped`: ended early (bound settled, cutoff or budget). */
  readonly status: 'optimal' | 'stopped' | 'infeasible' | 'failed';
  /** Objective of the restricted master (≥ the LP optimum). */
  readonly lpValue: number;
  /** A valid lower bound on the cost of any integer plan for the current residual (Lagrangian/Farley). */
  readonly bound: number;
  /** Values of `columns` in the master's solution. */
  readonly x: Float64Array;
  /** Total of the artificial (infeasibility) variables: > 0 means the residual may have no plan. */
  readonly artificial: number;
  readonly iterations: number;
}

export interface CgStop {
  /** Stop as soon as the bound shows every completion costs at least this much. */
  readonly cutoff?: number;
  /** Stop when ⌈bound⌉ can no longer rise (it equals ⌈LP⌉). */
  readonly settle?: boolean;
  /**
   * A valid lower bound on the LP value (such as the pieces' total over the bar capacity): a restricted
   * master that meets it is optimal, whatever the pricing would still find.
   */
  readonly floor?: number;
  /** Stop after this many master solves (a caller that wants a quick LP, not its optimum). */
  readonly rounds?: number;
  /**
   * The relative reduced cost (times the source's cost) below which a pattern enters; default
   * `REL_TOL` (1e-6). Tighter, pricing goes on where the LP sits a hair above an integer and the
   * bound a hair below it (see `TIGHT_TOLERANCE`).
   */
  readonly tolerance?: number;
  /**
   * With `cutoff`: raises the round's rounded-up bound to the least cost a plan can reach at or above it
   * (whole bars of each source within the cut on the bar counts the round's duals give), and the stop
   * compares that. Must return a valid bound for the residual; absent, the rounded-up bound is compared.
   */
  readonly lift?: (bound: number, cut: CountCut | null) => number;
}

/**
 * Whether a round's bound stops column generation at the stop's cutoff: rounded up, and raised by the
 * stop's `lift` (with the round's `cut`) where rounding up alone falls short.
 */
export function reachesCutoff(bound: number, stop: CgStop, cut: CountCut | null): boolean {
  if (stop.cutoff === undefined) return false;
  const up = ceilBound(bound);
  if (up >= stop.cutoff) return true;
  return stop.lift !== undefined && up > Number.NEGATIVE_INFINITY && stop.lift(up, cut) >= stop.cutoff;
}

/** How a covering master is set up beyond its pattern kind. */
export interface MasterOptions {
  /** Re-solve by primal simplex after added columns (else dual simplex). */
  readonly primalAfterColumns: boolean;
  /** Free substitution columns πᵢ ≥ πᵢ₊₁ between neighbouring items (items sorted longest first). */
  readonly substitution: boolean;
  /** Wentges smoothing weight on the stability centre. */
  readonly smoothing: number;
  /**
   * Column pool: idle columns move out of the LP into a pool, scanned before
   * each pricing call. Off by default (and wherever the engine cannot delete columns).
   */
  readonly pool?: boolean | PoolTuning;
}

/** When columns move into the pool (defaults in `master/tuning.ts`; tests set small ones). */
export interface PoolTuning {
  /** Solves in a row a column sits idle before it leaves the LP. */
  readonly age: number;
  /** Solves between looks for idle columns. */
  readonly period: number;
  /** No column leaves while the LP holds at most this many generated columns… */
  readonly minColumns: number;
  /** …or at most this many times its rows. */
  readonly rowsFactor: number;
  /** False: pooled columns come back only when the pricing finds them again (no scan a round). */
  readonly scan?: boolean;
  /**
   * True: the scan runs in the same round as the pricing, after it (pooled columns that price out at the
   * master's duals join the priced ones), so no round is spent on the pool alone; else a round whose scan
   * brings columns back skips its pricing call.
   */
  readonly withPricing?: boolean;
  /** The relative reduced cost above which a column at zero counts as idle (default `POOL_REDUCED_COST`). */
  readonly reducedCost?: number;
}
