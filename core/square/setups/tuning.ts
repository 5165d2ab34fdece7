/**
 * The square setups stage's tuning constants, in one place (the skeleton's, shared with the angle
 * stage, are in core/setups/tuning.ts): what each trades is said here, the measurements behind the
 * values are in docs/solver.md ("Tuning", setups stage). Every share and limit is in work, never in time.
 */
import { DEFAULT_LP_BOUND } from '../../setups/index.ts';

/**
 * Shares of the work left each phase of improve-setups.ts takes, in phase order: whole bundles
 * (`bundle`), the sequential heuristic in its two candidate orders, the LP-guided dive, the tail re-solved
 * and the neighbourhoods. Each phase takes its share of what the phases before it left.
 */
export const PHASE_SHARES = { bundles: 0.5, rest: 0.4, bars: 0.5, dive: 0.5, tail: 0.8, near: 0.9 } as const;

// The oracle (heuristics/oracle.ts): solver runs on the residual job.

/**
 * Solver runs the oracle may make in all; the share of the work left one run may take and its cap in work
 * units; the work below which a run is not started (its root alone takes more).
 */
export const DEFAULT_ORACLE = { solves: 60, share: 0.25, maxWork: 1000, minWork: 50 };

// The LP-guided dive (heuristics/dive.ts).

/** The dive's LP per step only guides, so it takes fewer rounds and half the knapsacks of the bound's. */
export const DIVE_STEP_LP = { rounds: 25, knapsacks: DEFAULT_LP_BOUND.knapsacks / 2 };

/** Patterns tried per step, most LP weight first, before the dive stops. */
export const DIVE_TRIES_PER_STEP = 4;
/** Steps at most (each fixes one setup). */
export const DIVE_MAX_STEPS = 80;

// Re-solving parts of the plan (heuristics/tail.ts, heuristics/neighbourhoods.ts).

/** Tail sizes tried, in setups. */
export const TAILS = [3, 5, 8] as const;
/** Setups in one neighbourhood. */
export const NEIGHBOURHOOD_SIZE = 12;

// Pattern combination (heuristics/kombi.ts).

/** Pareto states kept per item in the two-pattern programme (a safety cap; small subproblems stay far below). */
export const KOMBI_MAX_STATES = 4000;
/** Operations (groups tried, programme states made) the moves may take on one plan. */
export const KOMBI_OPS = 3_000_000;

// Prioritised bars (heuristics/priority.ts).

/** Upper limit on accepted moves (each adds at least one prioritised bar, so this is never reached in practice). */
export const PRIORITY_MOVES = 10_000;
