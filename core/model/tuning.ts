/**
 * The size classes of a job that several stages tune by.
 * Each constant names what it trades; the measurements behind the values are in docs/solver.md (Tuning).
 */

/**
 * Item types from which a job counts as large: column generation then adds substitution columns at the
 * root and smooths harder, and one-bar jobs dive one bar per step.
 */
export const LARGE_JOB_ITEM_TYPES = 100;
/**
 * Item types up to which a job counts as a practical cut list (the benchmark's practical jobs have at most
 * 60 lines): pricing resumes a stopped knapsack search from its best packing instead of a coarse DP, and
 * jobs with several kinds of bar re-solve their masters by primal simplex after added columns. Both were
 * measured as gains there and as losses on larger jobs (see docs/solver.md).
 */
export const PRACTICAL_ITEM_TYPES = 60;
