/** Saw setups: counting, the setups and bundle stage after the search, its bound, bundles, priority. */

export { heuristicsBudget } from './bounds/lower-bound.ts';
export { type LpBoundLimits, setupsLpBound } from './bounds/lp-bound.ts';
export type { PatternPricing, PricedPattern } from './bounds/pmp-pricing.ts';
export { bundleBarsOf, bundledOf } from './count/bundles.ts';
export { countSetups, setupKey } from './count/count-setups.ts';
export { counted } from './count/counted-budget.ts';
export { bundleEfficiency, bundleStats, setupKeyOf, setupsStats } from './count/stats.ts';
export { type PatternKind, searchFewerSetups } from './exact/exact-search.ts';
export { type BarsTieBreak, barsTieBreak } from './heuristics/bars-tie-break.ts';
export {
  type FloorBar,
  fractionalCostFloor,
  type Oracle,
  type PatternDomain,
  planOfState,
  runSteps,
  type State,
  type Step,
} from './heuristics/steps.ts';
export { type RefineContext, type Refined, refineGroup } from './refine-group.ts';
export { stageWorkFor } from './stage-work.ts';
export { fewestSawStops, type TieBreak, type TiePool, tiePool } from './ties.ts';
export {
  CALLS_PER_STEP,
  DEFAULT_LP_BOUND,
  EXACT_MAX_TYPES,
  EXACT_NODES,
  MULTIPLICITIES,
  STAGE_WORK,
  TIE_POOL,
} from './tuning.ts';
