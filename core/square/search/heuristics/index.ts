export { BarSaver } from './bar-saver.ts';
export { downsize, greedyPack, sourcePreference } from './greedy.ts';
export { type CostPackOutcome, packJobWithinCost } from './pack-at-bound.ts';
export { repackWasteful } from './repack.ts';
export { offerGreedyPlans } from './start.ts';
export { REPACK_IN_SEARCH } from './tuning.ts';
export { type PackedBar, type PackKind, packWithinValue, type ValuePackOutcome } from './value-pack.ts';
