/**
 * The search's tuning: the dives' step rules, the exact endgame, and how the one-bar and mixed schedules
 * share work between dives, tree, bar saver and perfect packing. Each constant names what it trades; the
 * measurements behind the values are in docs/solver.md (Tuning). Every share is in work (pricing rounds,
 * operations), never in time, so the same request walks the same search on any machine.
 */

/** Large one-bar jobs whose root LP uses at least this many bars take share steps in their first dive:
 * fewer nodes for jobs of thousands of bars, against perfect packings missed on jobs of under 100. */
export const SHARE_MIN_BARS = 200;
/** The share of the bars still needed that a share step fixes: fewer nodes against a coarser dive. */
export const SHARE_PER_STEP = 0.1;

/** The exact endgame of a dive: residuals of up to this many pieces always get it. */
export const ENDGAME_PIECES = 40;
/** Nodes of the exact endgame search: its cost at every dive node that runs it. */
export const ENDGAME_NODES = 30_000;
/** Total slack (in bars) under which a residual of any size gets the exact endgame. */
export const ENDGAME_SLACK = 0.02;

/** One-bar jobs: bar-saver operations per pricing round of the dives and the tree (its plans against the
 * rounds an ⌈LP⌉ + 1 proof needs), handed over in slices. */
export const SAVER_OPS_PER_ROUND = 20_000;
export const SAVER_SLICE = 20_000;
/**
 * One-bar jobs with no room to spare: perfect-packing operations per pricing round beside the tree, per
 * piece of the job (a round's pricing and master grow with the pieces: about 2,000 operations a piece
 * take as long as a round on the AI and ANI jobs), so the search and the tree get about equal time.
 * Trades packings found beside the tree against the proofs the tree makes when there is none.
 */
export const PACKER_OPS_PER_ROUND_PER_PIECE = 2_000;
/** The share before it (technique `packer-share` switched off): a fixed count per round, 5–13 times a
 * round's time on ANI 201–402. */
export const PACKER_OPS_PER_ROUND = 5_000_000;
/** One-bar jobs: pricing rounds of branch and price per round of the limited-discrepancy dives. */
export const TREE_ROUNDS_PER_DIVE_ROUND = 1;

/** Jobs with several kinds of bar: pricing rounds for the short tree and for the dives, as multiples of
 * the rounds so far, and the fewest either gets. */
export const QUICK_TREE_WORK = 0.25;
export const LDS_WORK_MIXED = 1;
export const MIN_MIXED_ROUNDS = 20;

/** Jobs with several kinds of bar: the most mixes (bar counts per source) searched one by one, and the
 * pricing rounds for the whole pass and for each mix, as multiples of the rounds so far. */
export const MIX_LIMIT = 64;
export const MIX_PASS_WORK = 1;
export const MIX_EACH_WORK = 0.25;

/**
 * Reduced-cost fixing (technique `rc-rounds`): pricing rounds at tight tolerance at the root's demand
 * before the tree's first fixing, so the duals it fixes by are near dual optimal (the root's floor stop
 * ends column generation at duals that are not).
 */
export const FIXING_ROOT_ROUNDS = 40;
/**
 * Node-level fixing (technique `node-fixing`): a node's duals fix arcs for its subtree only when their
 * Lagrangian gap (n·v − Σ dᵢπᵢ − Σ σₐ·boundₐ) is within this many bar costs: on ANI 402_NR_6 and _15
 * (1,000 master solves, 49 node fixings run at any gap) none above a gap of 0.042 fixed an arc, and each
 * costs two DPs (40–130 ms on 402).
 */
export const NODE_FIXING_GAP = 0.05;

/**
 * Strong branching on full-bar jobs (technique `strong-branching`): the most fractional arcs a node tries
 * before it splits, and the master solves (pricing rounds) each trial child gets. A child at the floor
 * stops after one solve, so most trials cost two LP re-solves.
 */
export const STRONG_BRANCHING = { after: 8, solves: 48, rounds: 5 } as const;
/**
 * Technique `strong-rounds`: the master solves a strong-branching trial child gets instead of
 * `STRONG_BRANCHING.rounds`. A child the restricted master lifts off the floor but 5 rounds leave unpruned
 * mostly prunes with a few more, and every prune tightens the node (docs/solver.md, "Longer trial children").
 */
export const STRONG_TRIAL_ROUNDS = 8;

/**
 * Technique `strong-share`: a tree's strong-branching trials take at most this many master solves for each
 * solve of its node masters so far. ANI 402's long trees spend about 8 (NR_15: 311 trial solves to 37) and
 * are left as they were; AI 201_DI_7's dive at the floor, 1–2 solves a node, spent far more and lost its
 * plan at the bound to the trials (docs/solver.md, "A cost cap on strong branching").
 */
export const STRONG_TRIAL_SHARE = 10;

/**
 * Opt-in technique `strong-streak`: a node's strong-branching trials stop after this many solved trial
 * children in a row stayed at the floor. 8 skipped 39 % of ANI 402_NR_15's trial LP iterations in the
 * replay of its trials at 3 of 26 pruning children lost ("Round 3: which trial re-solves a cheap rule could
 * skip"); run for real, it lost NR_15's proof at 6, 8, 12 and 16 ("Stopping a node's trials after a floor
 * streak").
 */
export const STRONG_FLOOR_STREAK = 8;

/**
 * Technique `full-bar-dive-cap`: the master solves a full-bar job's first dive (after the root) may take.
 * Such a job improves only by a perfect packing, which that dive's completions rarely find; on ANI 402
 * it took up to 223 solves (NR_21: two thirds of the proof's rounds).
 */
export const FULL_BAR_DIVE_SOLVES = 60;

/**
 * Completions by the slack fill (opt-in `slack-fill`) run where the rounded-down LP leaves at most this
 * many pieces: 30 took 7,885 LP solves over seeds 1–200, 60 7,510, 150 7,381 (main 9,179; first version,
 * before the preferred patterns; docs/solver.md).
 */
export const SLACK_FILL_PIECES = 60;
