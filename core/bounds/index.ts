export {
  type CostSource,
  type CountCut,
  cheapMixes,
  costSources,
  liftBound,
  type Mix,
} from './achievable.ts';
export { cheapestBarsCost, onePatternCuts } from './cheapest-bars.ts';
export { continuousBound, l2Bound } from './combinatorial.ts';
export { barsBound, combinatorialBound } from './job-bounds.ts';
export { type BoundTerm, lagrangianBound } from './lagrangian.ts';
export { anchorOffcuts, maxOffcutUsage } from './offcut-usage.ts';
