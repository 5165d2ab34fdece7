export { countingEngine } from './counting.ts';
export type { LpEngine, LpSolution, LpStatus, MasterLp, MasterOptions, RowBounds } from './engine.ts';
export { createGlpkEngine } from './glpk.ts';
export { createHighsEngine, isRunFailure } from './highs.ts';
