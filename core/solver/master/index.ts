export { type Arc, type CgOutcome, ColumnGeneration, type Residual } from './column-generation.ts';
export { provesInfeasible } from './infeasibility.ts';
export { type RootSolve, solveRoot } from './root.ts';
