export { type Column, ColumnGeneration } from './column-generation.ts';
export { provesInfeasible } from './infeasibility.ts';
export { type RootSolve, solveRoot } from './root.ts';
