export { admitted } from './admitted.ts';
export type { SolveDeps } from './deps.ts';
export { type DocsDeps, makeDocsHandler, type PlaygroundPage } from './docs-handler.ts';
export { makeFallbackHandler } from './fallback-handler.ts';
export { type HealthDeps, makeHealthHandler } from './health-handler.ts';
export {
  CSV_BUDGET_CAP_SECONDS,
  CSV_HEADROOM_MS,
  type CsvDeps,
  makeOptimiseCsvHandler,
} from './optimise-csv-handler.ts';
export { makeOptimiseHandler, OPTIMISE_HEADROOM_MS } from './optimise-handler.ts';
export {
  LABELS_BUDGET_CAP_SECONDS,
  LABELS_HEADROOM_MS,
  type LabelsDeps,
  makeOptimiseLabelsHandler,
} from './optimise-labels-handler.ts';
export {
  makeOptimisePdfHandler,
  PDF_BUDGET_CAP_SECONDS,
  PDF_HEADROOM_MS,
  type PdfDeps,
} from './optimise-pdf-handler.ts';
export { parseCall } from './parse-call.ts';
export { solvePlan } from './solve-plan.ts';
export {
  emfLine,
  KNOWN_BARS,
  KNOWN_JOB,
  METRIC_DIMENSIONS,
  METRIC_NAMESPACE,
  makeSyntheticCheck,
  type SyntheticDeps,
  type SyntheticReport,
} from './synthetic-check.ts';
export { makeUsageHandler, type UsageDeps } from './usage-handler.ts';
