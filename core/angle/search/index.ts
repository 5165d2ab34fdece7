/** The angle search: mitred parts nested by the material's symmetry (docs/angle-cuts.md). */
export { arrange, type ClassPiece, cheapestInsertion } from './arrange.ts';
export { type DpCache, fullestSequence } from './fullest.ts';
export { greedySequences } from './greedy.ts';
export { provesAngleInfeasible } from './infeasibility.ts';
export { type AngleJob, buildAngleJobs, laid, type SeqBar, type Shape, sequenceKey } from './job.ts';
export { finishBars, planCostOf, preferPriority, spanOf } from './plan.ts';
export { type AngleGroupResult, solveAngleGroup } from './search.ts';
export { squareJobs, squarePlan } from './square-fallback.ts';
