/** The orchestrator: a request's groups through search, the stage after it and formatting, both geometries. */
export { INFEASIBLE_PROOF, noPlanFound } from './failures.ts';
export type { FormatContext } from './format.ts';
export type { Geometry } from './geometry.ts';
export { type PlanOptions, planRequest, SEARCH_SHARE_WITH_SETUPS } from './plan-request.ts';
export { PROGRESS_INTERVAL_MS, type ProgressObserver, type SolveProgress } from './progress.ts';
