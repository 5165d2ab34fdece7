/**
 * The exact searches' tuning: each constant names what it trades. The measurements behind the values are
 * in docs/solver.md (Tuning).
 */

/**
 * Perfect-packing operations (about 5 ns each) before column generation: 2,000 per piece squared, at most
 * `PACKER_FIRST_OPS`. Trades finding large perfect packings before an LP that may never finish against the
 * time a job without one loses before its LP starts.
 */
export const PACKER_FIRST_OPS = 800_000_000;
export const PACKER_FIRST_OPS_PER_PIECE_SQUARED = 2_000;
/** All the perfect-packing search may take of a job (first phase and beside the tree): caps what a job
 * with no perfect packing loses from its proof. */
export const PACKER_TOTAL_OPS = 1_000_000_000;
/** Operations per call of the perfect-packing search: how finely its work is interleaved. */
export const PACKER_SLICE = 20_000;

/**
 * Full-bar jobs may have at most this many bars without a piece over half the bar: the shape the
 * perfect-packing search (not the dives) finds packings for.
 */
export const FULL_BAR_SHORT_BARS = 2;
