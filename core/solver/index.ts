/** The solver's export surface: solve a request's groups, format the answer, the LP engines. */
export type { LpEngine } from './lp/index.ts';
export { createHighsEngine } from './lp/index.ts';
export type { SearchTrace } from './model/index.ts';
export { formatResponse, type SolvedGroup } from './response/index.ts';
export { type Solved, type SolveOptions, solveRequest } from './solve.ts';
export type { GroupResult } from './solve-group.ts';
