/**
 * The setups skeleton's tuning constants (the square stage's own are in core/square/setups/tuning.ts):
 * what each trades is said here, the measurements
 * behind the values are in docs/solver.md ("Tuning", setups stage). Every share and limit is in work
 * (deadline checks, LP solves, knapsacks, nodes, operations), never in time, except the request
 * deadline's safety net ({@link BOUND_RESERVE_MS}).
 */

// The stage's work budget (stage-work.ts).

/** Work units the stage may spend on one group (a deadline check or an LP solve is one). */
export const STAGE_WORK = 8000;
/** Work units the stage gets per ms of the request's budget (8,000 units for the default 5 s). */
export const WORK_PER_MS = 1.6;
/**
 * Distinct plans tying with the best on the stage's primary key that `fewest_setups` keeps for its saw
 * stops tie-break (ties.ts): the first ones shown; counted once, when the stage has its plan.
 */
export const TIE_POOL = 256;

// The sequential heuristic (heuristics/steps.ts).

/** Oracle calls a step may make before it gives up (each candidate that passes the cost floor is one). */
export const CALLS_PER_STEP = 16;
/** Multiplicities (bars per step) a state offers candidates for, largest first. */
export const MULTIPLICITIES = 24;

// The setups bound (bounds/).

/** The pattern-minimisation LP bound's work: master LP solves (rounds) and knapsacks, counted. */
export const DEFAULT_LP_BOUND = { rounds: 60, knapsacks: 1500 };
/** Relative margin when the LP bound is rounded up: wider than the solver's, the value sums many duals. */
export const LP_BOUND_TOLERANCE = 1e-6;
/** Most knapsacks one pricing round of the bound's LP solves (each serves every bar length). */
export const MAX_RANGES = 48;
/** Columns a pricing round hands back at most (the most negative reduced costs). */
export const PMP_COLUMNS_PER_ROUND = 40;
/** Reduced cost below which a column prices out. */
export const PMP_RC_TOLERANCE = 1e-9;
/**
 * The request deadline's time held back for the bound: a quarter of the stage's, at most this many ms. The
 * bound's work is counted; this is only the safety net, which the heuristics, stopping at the deadline,
 * would otherwise leave empty. In ms because the deadline is.
 */
export const BOUND_RESERVE_MS = 300;

// The exact search (exact/).

/** Nodes (setups tried) the search may visit per group, over all its rounds. */
export const EXACT_NODES = 150_000;
/** Groups with more item types than this are skipped: their patterns are too many to close the search. */
export const EXACT_MAX_TYPES = 14;
/** Failed states remembered at most. */
export const EXACT_MEMO_LIMIT = 200_000;
