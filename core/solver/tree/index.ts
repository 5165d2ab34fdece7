export { branchAndPrice, branchAndPriceSteps, type TreeSearch } from './branch-and-price.ts';
export { Diver } from './dive.ts';
