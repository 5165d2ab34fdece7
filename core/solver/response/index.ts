export { assignParts, type Bar } from './assign-parts.ts';
export { barFigures } from './bar-figures.ts';
export { costBound, planOf, type TalliedLayout, tallyGroups } from './tally.ts';
