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
/** How close (in cost units) the LP value must come to the bound's integer for `settle`: earlier stops
 * against a master that is not quite optimal for the dives' rounding. */
export const SETTLE_TOLERANCE = 0.005;
