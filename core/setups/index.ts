/** Saw setups: counting, the setups and bundle stage after the search, its bound, bundles, priority. */

export { type BarsTieBreak, barsTieBreak } from './bars-tie-break.ts';
export { bundleBarsOf, bundledOf } from './bundles.ts';
export { countSetups, setupKey } from './count.ts';
export { counted } from './counted.ts';
export { type RefineContext, type Refined, refineGroup } from './refine.ts';
export { bundleEfficiency, bundleStats, setupKeyOf, setupsStats } from './response.ts';
export {
  CALLS_PER_STEP,
  type FloorBar,
  fractionalCostFloor,
  MULTIPLICITIES,
  type Oracle,
  type PatternDomain,
  planOfState,
  runSteps,
  type State,
  type Step,
} from './steps.ts';
export { STAGE_WORK, stageWorkFor } from './work.ts';
