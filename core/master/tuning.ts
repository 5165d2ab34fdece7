/**
 * The column generation's tuning: each constant names what it trades; the measurements behind the values
 * are in docs/solver.md (Tuning).
 */

/**
 * Wentges dual smoothing weight: strong on large jobs (≥ 100 item types: fewer pricing rounds, each
 * costly), mild on small ones (a round is cheap, and stronger smoothing wastes rounds near the optimum).
 */
export const SMOOTHING_LARGE = 0.8;
export const SMOOTHING_SMALL = 0.5;
/**
 * The relative reduced cost of the tight pricing rounds a branch node gets when its LP rounds up to the
 * incumbent but its bound does not (the LP a hair above an integer): about HiGHS's own accuracy, with
 * duplicate columns refused so the rounds cannot cycle. `TIGHT_ROUNDS` caps them: the nodes they prune
 * on ANI 201 took 2–5, and where the LP sits at the integer but for float noise (ANI 402, whose LPs
 * come out about 1e-6 above it) they are spent for nothing.
 */
export const TIGHT_TOLERANCE = 1e-9;
export const TIGHT_ROUNDS = 10;
/** How close (in cost units) the LP value must come to the bound's integer for `settle`: earlier stops
 * against a master that is not quite optimal for the dives' rounding. */
export const SETTLE_TOLERANCE = 0.005;
