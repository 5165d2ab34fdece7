/** The angle stage: mitred parts nested by the material's symmetry (docs/angle-cuts.md). */
export { formatAngleResponse } from './format.ts';
export { type AngleGroupResult, type AngleSolved, solveAngleRequest } from './solve.ts';
