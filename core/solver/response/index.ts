export { type FormatContext, formatResponse, type SolvedGroup } from './format.ts';
export { costBound, planOf, type TalliedLayout, tallyGroups } from './tally.ts';
