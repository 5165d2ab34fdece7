export { formatResponse, type SolvedGroup } from './format.ts';
export { costBound, type TalliedLayout, tallyGroups } from './tally.ts';
