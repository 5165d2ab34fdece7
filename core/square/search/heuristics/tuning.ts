/**
 * The heuristics' tuning (the bar saver's local search).
 * Each constant names what it trades; the measurements behind the values are in docs/solver.md (Tuning).
 */

/** Pieces from which a job is too large for the local search (its arrays grow with the pieces). */
export const BAR_SAVER_MAX_PIECES = 20_000;
/** Bars' worth of pieces in the pool: the search ends when the pool fits in this many bars. */
export const POOL_BARS = 2;
/** Steps a moved piece stays put: at least `TABU_LEAST`, plus up to `TABU_SPREAD` more at random. */
export const TABU_LEAST = 3;
export const TABU_SPREAD = 8;
/** Tabu iterations between two descents. */
export const TABU_STEPS = 50;
/** Operations without a saved bar after which the search starts again from the incumbent. */
export const RESTART_OPS = 50_000_000;
/** Nodes of one bar's subset-sum search in the descent. */
export const FILL_NODES = 2_000;
