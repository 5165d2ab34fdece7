// The production surface of the LP engines. glpk.js, the benchmark's baseline, is imported from
// `./glpk.ts` directly (bench/engines.ts), so that it never enters the optimise bundle.

export {
  type CompositeEngine,
  type CompositeOptions,
  type CompositeStats,
  compositeEngine,
  DENSE_MAX_ROWS,
  withoutDense,
  withoutDenseDual,
} from './composite.ts';
export { countingEngine, withSolve } from './counting.ts';
export type { LpEngine, LpSolution, LpStatus, MasterLp, MasterOptions, RowBounds } from './engine.ts';
export { createHighsEngine, type HighsEngineOptions, type HighsWasmModule, isRunFailure } from './highs.ts';
