export {
  type Arc,
  type CgOutcome,
  type CgStop,
  ColumnGeneration,
  CoveringMaster,
  type MasterOptions,
  type Residual,
} from './column-generation.ts';
export { provesInfeasible } from './infeasibility.ts';
export type { ActiveArc, PatternColumn, PortPricing, PriceQuery, PricingPort } from './port.ts';
export { type RootSolve, solveRoot } from './root.ts';
export type { Column } from './square-pricing.ts';
export { SMOOTHING_SMALL } from './tuning.ts';
