export { formatResponse, type SolvedGroup } from './format.ts';
