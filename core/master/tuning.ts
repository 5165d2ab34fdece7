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
 * The weight on one-bar jobs of at least `WASTE_UNSMOOTHED_ITEM_TYPES` lengths under waste-limited pricing
 * from its first call (within `WASTE_DP_CELLS`; technique `waste-unsmoothed`): none. Their substitution
 * columns already steady the duals, and smoothing there tripled the root's rounds (ANI 600_20000_NR_16: 75
 * rounds at 0.8, 54 at 0.6, 25 at 0). Below 300 lengths (Hard28, Scholl 3, Falkenauer t: 140–200) the
 * root's other vertex cost the dives their plans at the bound (Hard28 BPP178: 7 nodes and 340 rounds
 * against 158 rounds at the root); past `WASTE_DP_CELLS` (AI 1002_DI_31) its first rounds are plain
 * knapsacks, and unsmoothed they cost 186 rounds against 176. docs/solver.md, "Where a round's time goes
 * on ANI 600".
 */
export const SMOOTHING_WASTE = 0;
export const WASTE_UNSMOOTHED_ITEM_TYPES = 300;
/**
 * ... and only up to this many DP cells (items × capacity, as `FIXING_CELLS`) with the technique
 * `waste-unsmoothed-large` off: the unsmoothed root pays where reduced-cost fixing runs (ANI 402, 4 M
 * cells: 1.5× fewer rounds and more arcs fixed), but on ANI 600 (12 M), before strong branching, its other
 * vertex sent 8 of 34 formerly proven trees past 60 s (bench/results, full run on d1e5930; 600_NR_3: 89
 * nodes open unsmoothed, 5 nodes proven smoothed) and AI 600 lost one. With strong branching the line is
 * gone (`waste-unsmoothed-large` on: 600_NR_3 proven in 288 rounds and 5 nodes against 388 and 5; ANI
 * 801's root ends in about half the rounds; docs/solver.md, "Fewer and cheaper rounds").
 */
export const WASTE_UNSMOOTHED_CELLS = 8_000_000;
/**
 * The relative reduced cost of the tight pricing rounds a branch node gets when its LP rounds up to the
 * incumbent but its bound does not (the LP a hair above an integer): about HiGHS's own accuracy, with
 * duplicate columns refused so the rounds cannot cycle. `TIGHT_ROUNDS` caps them: the nodes they prune
 * on ANI 201 took 2–5, and where the LP sits at the integer but for float noise (ANI 402, whose LPs
 * come out about 1e-6 above it) they are spent for nothing.
 */
export const TIGHT_TOLERANCE = 1e-9;
export const TIGHT_ROUNDS = 10;
/**
 * The LP's dual feasibility tolerance during those rounds (technique `tight-duals`; HiGHS's default,
 * `LP_DUAL_TOLERANCE`, otherwise). At the default, HiGHS calls a vertex optimal while a column already in
 * the LP prices out by up to 1e-7; pricing refuses it as a duplicate, the best pattern stays worth up to
 * 1 + 1e-7 of its bar, and the Farley bound (its t at 1/v) trails the LP by up to 1e-7 times the bars,
 * 2e-5 at 198 bars, a hundred times the rounds' own tolerance. AI 600_DI_13's nodes a hair above 198
 * kept their bounds 1–2e-5 below it through converged tight rounds (docs/solver.md, "Tight duals").
 */
export const TIGHT_DUAL_TOLERANCE = 1e-10;
export const LP_DUAL_TOLERANCE = 1e-7;
/** How close (in cost units) the LP value must come to the bound's integer for `settle`: earlier stops
 * against a master that is not quite optimal for the dives' rounding. */
export const SETTLE_TOLERANCE = 0.005;
/**
 * The column pool (opt-in, off in production; docs/solver.md "Column pool"): a generated column that has sat
 * non-basic at zero with a reduced cost above `POOL_REDUCED_COST` (relative to its bar's cost) for
 * `POOL_AGE` master solves in a row moves out of the LP into the pool. The master looks for such columns
 * every `POOL_PERIOD` solves, and only while it holds more than `POOL_MIN_COLUMNS` generated columns and
 * more than `POOL_ROWS_FACTOR` times its rows. A round whose duals price a pooled column out brings back up to
 * `POOL_RETURN` of them (most negative first) instead of calling the pricing. The floor of 1,500 columns
 * keeps small LPs whole: at 100, 190 of the 382 same-plans entries changed, Hard28 BPP561 and GI
 * csBB125_4 lost their proofs within their work budgets and practical seed 19 took 326 LP solves instead
 * of 38 (small LPs re-solve cheaply, and their dives were tuned on the full master's vertices).
 */
export const POOL_AGE = 20;
export const POOL_REDUCED_COST = 1e-4;
export const POOL_PERIOD = 10;
export const POOL_MIN_COLUMNS = 1500;
export const POOL_ROWS_FACTOR = 2;
export const POOL_RETURN = 64;
/**
 * The small pool (technique `pool-small`, opt-in; docs/solver.md, "Small masters kept on the dense
 * simplex"): the search masters of jobs with several kinds of bar and practical size look every solve for
 * generated columns idle `POOL_SMALL_AGE` solves in a row once they hold more than `POOL_SMALL_COLUMNS`.
 * Pooled columns come back only when the pricing finds them again (no scan: scanned rounds replaced
 * pricing calls and took 9,179 → 15,055 LP solves over practical seeds 1–200 at age 5). Age 10 and a floor
 * of 100 churned the columns (11,118 solves, p95 179 against 127 ms). Younger columns leaving past 200 or
 * 230 generated columns (a measured variant, removed: the root's burst passes the dense simplex's 300 columns before
 * any column is 20 solves old) kept the slow masters dense but lost on the held-out seeds (p95 189 → 218 ms).
 */
export const POOL_SMALL_AGE = 20;
export const POOL_SMALL_PERIOD = 1;
export const POOL_SMALL_COLUMNS = 150;
/**
 * The large pool (technique `pool-large`, opt-in; docs/solver.md, "The column pool on ANI 801"): full-bar
 * one-bar jobs of at least `POOL_LARGE_ITEM_TYPES` lengths move out of the LP every `POOL_LARGE_PERIOD`
 * solves the generated columns idle `POOL_LARGE_AGE` solves in a row at a reduced cost above
 * `POOL_LARGE_REDUCED_COST` of a bar, once the LP holds more than `POOL_LARGE_COLUMNS`; the pool is scanned
 * beside each round's pricing, never instead of it, so the packer's and the tree's round counts mean what
 * they meant. HiGHS's dual simplex costs about 44 µs + 13 ns a column an iteration on ANI 801's masters
 * (713 rows): half the columns, about 30 % less an iteration.
 */
export const POOL_LARGE_AGE = 5;
export const POOL_LARGE_PERIOD = 5;
export const POOL_LARGE_COLUMNS = 3000;
export const POOL_LARGE_REDUCED_COST = 1e-3;
export const POOL_LARGE_ITEM_TYPES = 300;
