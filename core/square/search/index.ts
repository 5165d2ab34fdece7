/** The square search: one material group's search (`solveGroup`) and what the square setups stage reuses. */
export {
  type CostPackOutcome,
  downsize,
  greedyPack,
  packJobWithinCost,
  sourcePreference,
} from './heuristics/index.ts';
export { type Column, ColumnGeneration } from './master/index.ts';
export {
  type GroupResult,
  type GroupSearch,
  type PackerWork,
  type SearchGoal,
  solveGroup,
} from './solve-group.ts';
