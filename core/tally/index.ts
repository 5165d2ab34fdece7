export { assignParts, type Bar } from './assign-parts.ts';
export { barFigures } from './bar-figures.ts';
export {
  costBound,
  type LayoutFigures,
  planOf,
  type TalliedLayout,
  talliedLayout,
  tallyGroups,
} from './tally.ts';
