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
 * The fewer-bars pass over a search's final plan (fewer-bars.ts): pools of at most this many bars and
 * pieces, at most `FEWER_BARS_POOL_OPS` operations of the exact packing a pool and `FEWER_BARS_OPS` in
 * all (a bound on its time on the warm path: docs/solver.md, "The fewer-bars pass").
 */
export const FEWER_BARS_POOL = 10;
export const FEWER_BARS_POOL_PIECES = 80;
export const FEWER_BARS_POOL_OPS = 20_000;
export const FEWER_BARS_OPS = 10_000;
/** Sets of fewer bars (of each source) a pool is packed into, at most. */
export const FEWER_BARS_SETS = 4;
/** Pools drawn at random after the prefixes: how many in a pass, their most bars and operations each. */
export const FEWER_BARS_TRIES = 400;
export const FEWER_BARS_RANDOM_POOL = 6;
export const FEWER_BARS_RANDOM_OPS = 3_000;
/** The random pools' fixed seed: the pass is deterministic. */
export const FEWER_BARS_SEED = 41;

/**
 * The slack fill (opt-in `slack-fill`): a bar of a longer kind is taken when its cost per unit of load is
 * within this share of the least; 0 took more bars at the same cost on 21 of seeds 1–200 (fewer on 8),
 * 0.01 on 10 (fewer on 22), 0.03 and 0.1 about the same as 0.01 (docs/solver.md, "The warm tail's plans").
 */
export const SLACK_FILL_LONGER = 0.01;

/**
 * With the slack fill on (opt-in `slack-fill`), the fewer-bars pass may spend this many operations in
 * all, not `FEWER_BARS_OPS`: the slack fill meets the bound with plans of more short bars at the same
 * cost. Seeds 1–200: more bars than production on 10 jobs at `FEWER_BARS_OPS`, 8 at this, 7 at
 * 100,000 (with 9 % more CPU). docs/solver.md, "More bars with the slack fill".
 */
export const SLACK_FILL_FEWER_BARS_OPS = 30_000;
