export { answerMcp } from './http.ts';
export { PORTABLE_INPUTS, type PortableSchema } from './portable.ts';
export { advertised, selfContained, type ToolSchemas, toolSchemas } from './schemas.ts';
export { planSummary } from './summary.ts';
export {
  BOOK_TOOL,
  createCutplanMcpServer,
  LABELS_TOOL,
  OPTIMISE_TOOL,
  PDF_TOOL,
  type Planned,
  type PlannedFile,
  type PlannedPdf,
  type PlanService,
  RACK_TOOL,
  SAW_LIST_TOOL,
  TOOL_ROUTES,
  toolArguments,
  toolError,
} from './tools.ts';
