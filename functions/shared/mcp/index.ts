export { answerMcp } from './http.ts';
export { advertised, selfContained, type ToolSchemas, toolSchemas } from './schemas.ts';
export { planSummary } from './summary.ts';
export {
  BOOK_TOOL,
  createCutplanMcpServer,
  OPTIMISE_TOOL,
  PDF_TOOL,
  type Planned,
  type PlannedPdf,
  type PlanService,
  RACK_TOOL,
} from './tools.ts';
