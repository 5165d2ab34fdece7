export { BarSaver } from './bar-saver.ts';
export { fewerBars } from './fewer-bars.ts';
export { downsize, greedyPack, sourcePreference } from './greedy.ts';
export { type CostPackOutcome, packJobWithinCost } from './pack-at-bound.ts';
export { slackFill } from './slack-fill.ts';
export { offerGreedyPlans } from './start.ts';
export { type PackedBar, type PackKind, packWithinValue, type ValuePackOutcome } from './value-pack.ts';
