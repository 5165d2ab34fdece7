/** The covering master both geometries share: column generation behind a pricing port. */
export {
  type CgOutcome,
  type CgStop,
  CoveringMaster,
  type MasterOptions,
  type PoolTuning,
  type Residual,
  usageScaleOf,
} from './covering-master.ts';
export { DualTolerance } from './dual-tolerance.ts';
export { reachesCutoff } from './outcome.ts';
export type { ActiveArc, PatternColumn, PortPricing, PriceQuery, PricingPort } from './port.ts';
export {
  POOL_LARGE_AGE,
  POOL_LARGE_COLUMNS,
  POOL_LARGE_ITEM_TYPES,
  POOL_LARGE_PERIOD,
  POOL_LARGE_REDUCED_COST,
  POOL_SMALL_AGE,
  POOL_SMALL_COLUMNS,
  POOL_SMALL_PERIOD,
  SMOOTHING_LARGE,
  SMOOTHING_SMALL,
  SMOOTHING_WASTE,
  TIGHT_ROUNDS,
  TIGHT_TOLERANCE,
  WASTE_UNSMOOTHED_CELLS,
  WASTE_UNSMOOTHED_ITEM_TYPES,
} from './tuning.ts';
