export { BarSaver } from './bar-saver.ts';
export { downsize, greedyPack, sourcePreference } from './greedy.ts';
export { offerGreedyPlans } from './start.ts';
