/** The angle stage: mitred parts nested by the material's symmetry (docs/angle-cuts.md). */
export { provesAngleInfeasible } from './infeasibility.ts';
export { type AngleJob, buildAngleJobs } from './job.ts';
export { angleLayouts } from './layouts.ts';
export { planCostOf, preferPriority } from './plan.ts';
export { type AngleGroupResult, solveAngleGroup } from './search.ts';
export { fewestAngleSetups } from './setups.ts';
export { squareJobs, squarePlan } from './square-fallback.ts';
