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

/**
 * Repacking in the search (built and tested, off in production): on seeds 1–200 it took 12 % fewer LP
 * solves for about the same CPU, and changed plans at the same cost into ones with more bars (7 groups) or
 * less reusable remnant (the carport golden PDF); docs/solver.md, "Repacking the wasteful bars".
 */
export const REPACK_IN_SEARCH = false;
/** Repacking: the most bars pooled, the most pieces in a pool, the exact packing's
 * operations a pool (`packWithinValue`), and the pools replaced one after another. */
export const REPACK_POOL_BARS = 6;
export const REPACK_POOL_PIECES = 40;
export const REPACK_OPS = 50_000;
export const REPACK_ROUNDS = 10;
/** Repacking at the bound for fewer bars at the same cost: the most bars and pieces pooled (the shortest
 * bars), and the pools replaced one after another (seeds 1–200: 11 plans with more bars than before
 * the technique at 6 bars, 40 pieces and 10 rounds; 7 at these). */
export const FEWER_POOL_BARS = 10;
export const FEWER_POOL_PIECES = 80;
export const FEWER_ROUNDS = 40;
