export { Incumbent } from './incumbent.ts';
export { gcd } from './integers.ts';
export { buildJobs, compareSources, type Job, type SearchObserver, type Source } from './job.ts';
export {
  type GroupPlan,
  type Layout,
  mergeLayouts,
  offcutUsage,
  patternKey,
  patternWeight,
  planCost,
  priorityBars,
  sourceUse,
  trimExcess,
} from './plan.ts';
export { Proof } from './proof.ts';
export { rng } from './random.ts';
export {
  type Ablation,
  isOptInTechnique,
  isTechnique,
  NO_ABLATION,
  NO_OPT_IN,
  OPT_IN_TECHNIQUES,
  type OptIn,
  type OptInTechnique,
  TECHNIQUES,
  type Technique,
} from './techniques.ts';
export { newTrace, type SearchTrace } from './trace.ts';
export { LARGE_JOB_ITEM_TYPES, PRACTICAL_ITEM_TYPES } from './tuning.ts';
export { runToEnd } from './walk.ts';
