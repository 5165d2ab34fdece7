/**
 * Techniques of the square search that a caller may switch off, so a benchmark can measure each one off
 * and on in one run (docs/bench.md, "AI and ANI"). The API never switches any off; the set is passed per
 * solve (no global state), so two solves in one process never see each other's switches.
 */

/** The techniques that can be switched off (docs/solver.md names each). */
export const TECHNIQUES = [
  /** The perfect-packing search of full one-bar jobs (and with it the full-bar regime). */
  'perfect-packing',
  /** The full-bar regime: primal re-solves, no dives beside the tree, the floor stop. */
  'full-bars',
  /** The perfect-packing search's share beside the tree in proportion to the pieces (off: 5 M a round). */
  'packer-share',
  /** Tight pricing rounds for a branch node whose LP rounds up to the incumbent but whose bound does not. */
  'tight-bound',
  /** Completions that also round the LP's most fractional columns up (jobs with several kinds of bar). */
  'round-up',
  /** The perfect-packing search's phased schedule: a small first share, then by round from the root on. */
  'packer-phase',
  /** Waste-limited pricing of large one-bar jobs: only bars a plan beating the incumbent could use. */
  'waste-limit',
  /** Exact pricing past the DP's choice bitmap by a sparse DP over undominated states (huge capacities). */
  'sparse-dp',
  /** The waste limit also at tree nodes with arc duals: the arc DP with a least load, no plain DP first. */
  'arc-waste',
  /** Waste-limited pricing past its former 40 M-cell cap, up to 100 M (ANI 1002), extra bars' walk included. */
  'waste-limit-large',
  /** Reduced-cost fixing of arcs from the root's best duals, for the whole tree (large one-bar jobs). */
  'rc-fixing',
  /** Tight pricing rounds at the root before reduced-cost fixing, for near-optimal duals to fix by. */
  'rc-rounds',
  /** Rounds priced by the waste-limited DP past its former cap count as several in the packer's schedule. */
  'large-round-share',
  /** Waste-limited one-bar jobs priced at the master's own duals, without Wentges smoothing (fewer rounds). */
  'waste-unsmoothed',
  /** Arc nodes priced by the waste-limited DP over exact loads with arc duals: several columns a round. */
  'arc-waste-columns',
  /** Reduced-cost fixing of arcs at each tree node from its own duals, for its subtree (with `rc-fixing`). */
  'node-fixing',
  /** Reduced-cost fixing keeps the duals of the best bound in bars, Σ dᵢπᵢ / v, not of Σ dᵢπᵢ − N·v. */
  'fixing-scale',
  /** Full-bar jobs: a node splits the arc, of its most fractional few, whose weaker child leaves the floor most. */
  'strong-branching',
  /** Full-bar jobs: a tree node's LP a hair (2e-8 relative) above the floor stops there, as at it. */
  'floor-margin',
  /** Full-bar jobs: strong branching tries first the arcs whose trial children were pruned at earlier nodes. */
  'strong-history',
  /** The LP's dual feasibility tolerance at 1e-10 during tight pricing rounds, so their bound meets the LP. */
  'tight-duals',
  /** `waste-unsmoothed` past its 8 M cells too, up to the waste DP's first-call cap (ANI 600 and 801). */
  'waste-unsmoothed-large',
  /** Full-bar jobs: the first dive fixes the whole part of every column the LP uses at once, a step. */
  'full-bar-dive-parts',
  /** Full-bar jobs: a strong-branching trial child gets 8 master solves instead of 5, to prune more often. */
  'strong-rounds',
  /** Full-bar jobs: a tree's strong-branching trials take at most 10 master solves per node master solve. */
  'strong-share',
  /** Full-bar jobs: up to 5 % of the bars (not only 2) may lack a piece over half a bar. */
  'full-bar-share',
  /** Full-bar jobs: the first dive after the root stops after `FULL_BAR_DIVE_SOLVES` master solves. */
  'full-bar-dive-cap',
  /** A search's final plan is repacked, pools of its bars, into fewer bars at no worse cost, waste or ties. */
  'fewer-bars',
  /** The root's column generation stops once its bound, lifted to reachable costs each round, meets the incumbent. */
  'root-lift',
  /**
   * Masters of at most `DENSE_MAX_ROWS` rows solved by the dense simplex of `core/lp/dense/` instead of
   * HiGHS, on production's composite engine (`createLpEngine()`; the switch changes nothing on one made
   * with `dense: false`) and where `denseServes` allows (not `fewest_setups`, `bundle` or angle cuts):
   * `optimise` hands a HiGHS-only view of the engine to a solve with it off.
   */
  'dense-lp',
  /**
   * Dense masters re-solve after bound and row changes with a dual simplex first (`core/lp/dense/dual.ts`),
   * then the primal; off: the primal's composite phase 1 alone. Where `dense-lp` serves, and only on an
   * engine made with `createLpEngine({ denseDual: true })`: opt-in, so on the service's engine the switch
   * changes nothing (docs/solver.md, "A dual simplex for the dense engine's re-solves").
   */
  'dense-dual',
  /** One-bar jobs past the knapsack's dense DP: each priced round adds bars from fresh searches over pieces left. */
  'disjoint-columns',
  /**
   * The pricing DPs' row sweep by a WebAssembly SIMD kernel on arrays in one wasm memory (`core/pricing/
   * dp-arena.ts`) where the engine has WebAssembly SIMD: the same answers to the bit, less CPU; off: the JS
   * loops on plain arrays (docs/solver.md, "The pricing DP's sweep in WebAssembly SIMD").
   */
  'wasm-sweep',
] as const;

export type Technique = (typeof TECHNIQUES)[number];

/** Techniques switched off for one solve; empty for every production solve. */
export type Ablation = ReadonlySet<Technique>;

/** No technique switched off. */
export const NO_ABLATION: Ablation = new Set<Technique>();

/** Whether `name` names a technique that can be switched off. */
export function isTechnique(name: string): name is Technique {
  return (TECHNIQUES as readonly string[]).includes(name);
}

/**
 * Techniques of the square search that are off unless a caller switches them on: measured, not (yet)
 * better on both halves of the warm bench, kept so a benchmark can measure them off and on in one run
 * (`npx tsx bench/warm-ablate.ts --on NAME`). The API never switches any on; per solve, as {@link Ablation}.
 */
export const OPT_IN_TECHNIQUES = [
  /**
   * Jobs of several kinds of bar and practical size: the column pool with a low floor keeps their search
   * masters small, so they stay on the dense simplex; where `dense-lp` serves (`optimise` drops it
   * elsewhere). docs/solver.md, "Small masters kept on the dense simplex".
   */
  'pool-small',
  /**
   * Jobs with several kinds of bar: their trees (mixes, short and full tree) take the deepest open node
   * first, up to `PLUNGE_MAX_ARCS` arc bounds, for a plan at a bound usually final by the root's end; the
   * same pruning. docs/solver.md, "The warm tail: finding, not proving".
   */
  'plunge',
  /**
   * Full-bar jobs: a node's strong-branching trials stop after `STRONG_FLOOR_STREAK` solved children in a
   * row stayed at the floor. Off: it lost ANI 402_NR_15's and _6's proofs within 1,500 master solves at
   * every streak tried (6, 8, 12, 16). docs/solver.md, "Stopping a node's trials after a floor streak".
   */
  'strong-streak',
  /**
   * Jobs with several kinds of bar (not those that keep their patterns): each completion of a dive's or
   * tree node's rounded-down LP also packs the rest, up to `SLACK_FILL_PIECES` pieces, by the slack fill
   * (fullest bar of the kind cheapest per unit of load, `heuristics/slack-fill.ts`), for the plan at the
   * bound sooner. docs/solver.md, "The warm tail's plans are packings".
   */
  'slack-fill',
  /**
   * Full-bar one-bar jobs of many lengths (ANI 600, 801, 1002): the column pool keeps their masters' LPs
   * smaller (HiGHS's iterations cost about 13 ns a column), scanned beside each round's pricing, never
   * instead of it. docs/solver.md, "The column pool on ANI 801".
   */
  'pool-large',
] as const;

export type OptInTechnique = (typeof OPT_IN_TECHNIQUES)[number];

/** Opt-in techniques switched on for one solve; empty for every production solve. */
export type OptIn = ReadonlySet<OptInTechnique>;

/** No opt-in technique switched on. */
export const NO_OPT_IN: OptIn = new Set<OptInTechnique>();

/** Whether `name` names an opt-in technique. */
export function isOptInTechnique(name: string): name is OptInTechnique {
  return (OPT_IN_TECHNIQUES as readonly string[]).includes(name);
}
