export { type Column, ColumnGeneration, largePool, smallPool } from './column-generation.ts';
export { provesInfeasible } from './infeasibility.ts';
export { type RootSolve, solveRoot } from './root.ts';
