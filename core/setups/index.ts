/**
 * The setups skeleton both geometries share: counting setups and bundles, the sequential heuristic's
 * steps, the pattern-minimisation LP bound, the exact setups search, the ties and the stage's work.
 */
export { heuristicsBudget, lowerBoundOnSetups } from './bounds/lower-bound.ts';
export { generateColumns, type LpBoundLimits, setupsLpBound } from './bounds/lp-bound.ts';
export { type LengthClass, lengthClasses, PmpMaster } from './bounds/pmp-master.ts';
export type { PatternPricing, PricedPattern } from './bounds/pmp-pricing.ts';
export { bundleBarsOf, bundledOf } from './count/bundles.ts';
export { countSetups, setupKey } from './count/count-setups.ts';
export { counted } from './count/counted-budget.ts';
export { sawStopsOfPlan } from './count/saw-stops.ts';
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
export { stageRuns, stageWork, stageWorkFor } from './stage-work.ts';
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
