export { arcDpCells, priceWithArcs, searchWithArcs } from './arc-pricing.ts';
export { type Arc, type ArcBan, type ArcMap, arcCell, arcKey, arcsOf, crossesBan, isBanned } from './arcs.ts';
export { solveKnapsacks } from './knapsack.ts';
export { branchAndBound } from './knapsack-bb.ts';
export type { KnapsackResult } from './knapsack-types.ts';
export {
  ARC_DP_CELLS,
  ARC_SEARCH_NODES,
  BITMAP_CELLS,
  DISJOINT_EXTRA_COLUMNS,
  DISJOINT_NODES,
  WASTE_DP_CELLS,
  WASTE_DP_LARGE_CELLS,
  WASTE_EXTRA_COLUMNS,
  WASTE_LARGE_AFTER_CALLS,
  WASTE_LARGE_ROUND_WEIGHT,
  WASTE_WALK_STEPS_PER_ITEM,
} from './tuning.ts';
export {
  type MorePatterns,
  setWasteLimitedProbe,
  type WasteLimited,
  type WasteLimitedArgs,
  wasteLimitedCells,
  wasteLimitedKnapsack,
} from './waste-limited.ts';
