export { answerMcp } from './http.ts';
export { PORTABLE_INPUTS, type PortableSchema } from './portable.ts';
export { advertised, selfContained, type ToolSchemas, toolSchemas } from './schemas.ts';
export { planSummary } from './summary.ts';
export {
  BOOK_TOOL,
  createCutplanMcpServer,
  GET_JOB_TOOL,
  JOB_TOOLS,
  LABELS_TOOL,
  NO_KEY_JOB_ERROR,
  OPTIMISE_TOOL,
  PDF_TOOL,
  type Planned,
  type PlannedFile,
  type PlannedPdf,
  type PlanService,
  RACK_TOOL,
  SAW_LIST_TOOL,
  START_JOB_TOOL,
  TOOL_ROUTES,
  toolArguments,
  toolError,
  USAGE_TOOL,
} from './tools.ts';
