/** The solver's export surface: one material group's search (`solveGroup`), the LP engines. */
export type { LpEngine } from './lp/index.ts';
export { createHighsEngine, type HighsEngineOptions, type HighsWasmModule } from './lp/index.ts';
export type { SearchTrace } from './model/index.ts';
export { type GroupResult, solveGroup } from './solve-group.ts';
