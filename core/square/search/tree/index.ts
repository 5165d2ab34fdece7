export { branchAndPrice, branchAndPriceSteps, type TreeSearch } from './branch-and-price.ts';
export { Diver, type StepRule } from './dive.ts';
export { mixedSearch } from './mixed.ts';
export { oneBarSearch, packerOpsPerRound } from './one-bar.ts';
export { firstDiveRule, laterDiveRule } from './step-rules.ts';
