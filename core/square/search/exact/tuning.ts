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
/**
 * The phased schedule (technique `packer-phase`): rounds' worth of operations (a round's worth is the
 * tree's per-round share, 2,000 a piece) before column generation, and rounds from the root's start
 * during which the search gets a round's worth each; after them its share a round falls as 1/√round.
 * Trades the perfect packings found early (the sampled AI jobs need up to about 300 rounds' worth)
 * against what a job without one (ANI) loses from its proof.
 */
export const PACKER_FIRST_ROUNDS = 32;
export const PACKER_EARLY_ROUNDS = 64;
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
/**
 * Technique `full-bar-share`: or at most this share of its bars, where that is more. The search's model
 * packs a few bars of short pieces only (its leftover's exact fill); the cut lists it does not suit have
 * half their bars or more without a long piece (docs/solver.md, Search item 6).
 */
export const FULL_BAR_SHORT_SHARE = 0.05;

/** Pieces above which the search does not run (its arrays grow with pieces and candidate bars). */
export const PERFECT_PACKING_MAX_PIECES = 20_000;
/** Candidate bars (a long piece and one or two short ones) above which the search does not run. */
export const MAX_ROWS = 400_000;
/** Operations between two points where `work` may pause (keeps one pause under a few microseconds). */
export const YIELD_OPS = 512;
/** Operations a portfolio member runs before the next one's turn (times its share). */
export const QUANTUM = 1 << 20;
/** Conflicts of the first restart; later restarts follow the Luby sequence times this. */
export const RESTART_BASE = 64;
/** Learnt-clause literals kept before the less active half is dropped (bounds memory). */
export const LEARNT_LITERALS = 300_000;
/**
 * Steps of one exact packing of the leftover pieces, at first: a low limit saves the work of leftovers
 * that never pack, against a nogood that may cut off the one that does (a search that gave up after such
 * a cut-off starts again with `LEFTOVER_NODES_GROWTH` times the limit, up to `LEFTOVER_NODES_MAX`).
 */
export const LEFTOVER_NODES = 10_000;
export const LEFTOVER_NODES_MAX = 10_000_000;
/** Factor by which a restarted member raises its leftover limit: fewer restarts against more work spent on
 * leftovers that never pack. */
export const LEFTOVER_NODES_GROWTH = 10;
/** Carry budgets are kept for the moduli 2, 4, …, 2^CARRY_MAX_BITS (and below the capacity). */
export const CARRY_MAX_BITS = 12;
