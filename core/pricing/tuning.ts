/**
 * The pricing's tuning (knapsack and arc-flow pricing).
 * Each constant names what it trades; the measurements behind the values are in docs/solver.md (Tuning).
 */

/** Below this many DP cells the exact DP is cheap enough to use before anything else. */
export const SMALL_DP_CELLS = 200_000;
/** Cells of the coarse grid in `fast` mode. */
export const COARSE_DP_CELLS = 1_500_000;
/** Largest choice bitmap (bytes) the exact DP allocates for reconstruction. */
export const BITMAP_CELLS = 40_000_000;
/** Largest value-only DP (cells) the exact mode runs to certify a value. */
export const VALUE_DP_CELLS = 400_000_000;
export const EXACT_NODES = 2_000_000;
/**
 * States the sparse DP (`knapsack-sparse.ts`) may make before it gives way to the branch and bound: 8 bytes
 * each (64 MB at most); Gschwind–Irnich csBB500_2's root pricing makes about 2.5 million.
 */
export const SPARSE_STATES = 8_000_000;
/** Nodes of the quick branch and bound: up to 80k for the few item types of practical jobs (where it
 * usually finishes and spares the DP), fewer for many types, where it rarely finishes and costs more per node. */
export const QUICK_WORK = 3_600_000;
/** Bounds on the quick branch and bound's nodes: the floor keeps many-type jobs from a search too short to
 * ever finish; the cap stops few-type jobs from paying more nodes than the DP after it would cost. */
export const QUICK_NODES_MIN = 20_000;
export const QUICK_NODES_MAX = 80_000;
export const SEEDED_NODES = 200_000;
/**
 * Up to this many cells exact mode goes from the branch and bound straight to the full DP (a few
 * milliseconds), skipping the coarse DP and the seeded branch and bound, which cost about as much.
 */
export const DIRECT_DP_CELLS = 10_000_000;

/** How many of the packings the best one improved on are handed back as extra columns. */
export const RUNNERS_UP = 6;

/** Cells (positions × items) above which the caller should not run this DP. */
export const ARC_DP_CELLS = 40_000_000;
/**
 * Nodes of the branch and bound before the DP decides: at least this many, else as many as the DP has
 * positions (a node costs about what a DP column of all items costs, so the search never costs much more).
 */
export const ARC_SEARCH_LEAST_NODES = 2_000;
/** Nodes of the branch and bound where the DP is too large to run (the bound is looser without either). */
export const ARC_SEARCH_NODES = 100_000;

/**
 * Cells (capacity over the weights' gcd × 0/1 chunks) above which waste-limited pricing gives way to the
 * plain knapsack: its DP runs every round.
 */
export const WASTE_DP_CELLS = 40_000_000;
/**
 * The same cap with technique `waste-limit-large` on: ANI 1002 (about 65 M cells) in the waste-limited
 * regime too (docs/solver.md, "Waste-limited pricing on the largest jobs").
 */
export const WASTE_DP_LARGE_CELLS = 100_000_000;
/**
 * Pricing calls of a master before its waste-limited DP may run past `WASTE_DP_CELLS`: a round there costs
 * 6–8 times the plain knapsack's, and the perfect-packing search's share is counted in rounds, so a job
 * whose perfect packing the first rounds find (AI 1002_DI_16: 88 rounds, 5.2 s) would pay those rounds at
 * that price (31.7 s with the large DP from the first round).
 */
export const WASTE_LARGE_AFTER_CALLS = 128;
/**
 * Rounds a pricing call by the waste-limited DP past `WASTE_DP_CELLS` counts for in the perfect-packing
 * search's schedule (technique `large-round-share`): the schedule gives the search about a round's time a
 * round, and such a round takes 6–8 plain ones' time. Counted as one, the search got a sixth of its share on
 * the jobs it ran on (AI 1002_DI_31: its 332-bar packing, found after 588 M operations, no longer in 60 s).
 */
export const WASTE_LARGE_ROUND_WEIGHT = 6;
/**
 * Cells up to which the DP keeps its table (4 bytes a cell, reused between calls: 400 MB at most, beside
 * the 100 MB choice bitmap) for the several-columns walk: every DP the callers run, 1002 included (one bar
 * a round there left its root unsettled after 1,500 rounds; docs/solver.md has the figures).
 */
export const WASTE_WALK_CELLS = WASTE_DP_LARGE_CELLS;
/** Further disjoint patterns read off the waste-limited DP's table per round (several columns a round). */
export const WASTE_EXTRA_COLUMNS = 64;
/** Cells the walk for those patterns may look at, per item and pattern wanted. */
export const WASTE_WALK_STEPS_PER_ITEM = 50;

/**
 * Further bars a priced round adds on one-bar jobs past every dense DP (technique `disjoint-columns`):
 * each the quick search's best over the pieces no earlier bar of the round took, kept when it prices out.
 * An exact round there is a sparse DP (Gschwind–Irnich: 50–60 ms), so a round saved is dear.
 */
export const DISJOINT_EXTRA_COLUMNS = 8;
/**
 * Nodes of each of those searches' branch and bound: the quick rounds' own on such jobs. At 2,000 GI
 * csAB500_2 took 555 rounds against 452 (909 without the bars); on csAA500_19 the searches at 20,000
 * cost about 1 s of a 15 s run (CPU profile).
 */
export const DISJOINT_NODES = 20_000;
