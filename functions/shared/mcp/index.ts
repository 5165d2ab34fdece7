export { answerMcp } from './http.ts';
export {
  GET_JOB_TOOL,
  JOB_TOOLS,
  NO_KEY_JOB_ERROR,
  START_JOB_TOOL,
  USAGE_TOOL,
} from './job-tools.ts';
export { PORTABLE_INPUTS, type PortableSchema } from './portable.ts';
export { BOOK_TOOL, NO_KEY_TOOL_ERROR, RACK_TOOL } from './rack-tools.ts';
export { advertised, selfContained, type ToolSchemas, toolSchemas } from './schemas.ts';
export type { Planned, PlannedFile, PlannedPdf, PlanService } from './service.ts';
export { planSummary } from './summary.ts';
export { toolError } from './tool-results.ts';
export {
  KEY_ARGUMENT,
  LABELS_TOOL,
  OPTIMISE_TOOL,
  PDF_TOOL,
  SAW_LIST_TOOL,
  TOOL_ROUTES,
  toolArguments,
} from './tool-routes.ts';
export { createCutplanMcpServer } from './tools.ts';
