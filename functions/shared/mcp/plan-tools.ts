/**
 * The four solving tools, one per output: the plan as JSON, the plan PDF, piece labels (PDF or ZPL) and the
 * saw list (CSV). Each takes the body of its route and its own option (see `tool-routes.ts`).
 */
import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import { fileBaseName, pdfFileName } from '../http/reply.ts';
import { AUTOMATIC_BUDGET_SECONDS } from '../solve-budget.ts';
import { PORTABLE_INPUTS } from './portable.ts';
import { advertised, type ToolSchemas } from './schemas.ts';
import type { PlanService } from './service.ts';
import { planSummary } from './summary.ts';
import { guarded, jsonResult, pdfResource, toolError } from './tool-results.ts';
import { LABELS_TOOL, OPTIMISE_TOOL, PDF_TOOL, SAW_LIST_TOOL, toolArguments } from './tool-routes.ts';

const BUDGET_NOTE =
  `The solve budget is timeLimit seconds (default ${AUTOMATIC_BUDGET_SECONDS} s, capped by the tier). MCP clients ` +
  'usually give up on a call after about 60 s, so ask for more only when the client allows it.';

export const INPUT_NOTE =
  'Arguments are the body of POST /v1/optimise: parts (shorthand such as "2400x4, 1150x6", or objects with ' +
  'length, quantity, optional label, material and angles) and the supply (stock: one length such as 6000, or ' +
  'stocks with quantities and prices; offcuts already owned, or "rack" for the offcut rack of the key\'s ' +
  'workspace, which needs minRemnant and stores the plan as plan.id for book_plan), plus kerf, method, ' +
  'minRemnant, unit.';

export const REFUSAL_NOTE =
  'A refusal the caller can act on (rate limit, busy, job too large) is a tool error whose structuredContent ' +
  'holds the API error body, with retryAfterSeconds when waiting helps.';

/** Registers the four solving tools on `server`, over `service`. */
export function registerPlanTools(server: McpServer, service: PlanService, schemas: ToolSchemas): void {
  const annotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;
  const run = (
    tool: string,
    solve: (body: Record<string, unknown>, option: string | null) => Promise<CallToolResult>,
  ) =>
    guarded(service, async (args: Record<string, unknown>) => {
      const split = toolArguments(tool, args);
      if (!split.ok) return toolError(service, split.error);
      return solve(split.value.body as Record<string, unknown>, split.value.option);
    });

  server.registerTool(
    OPTIMISE_TOOL,
    {
      title: 'Optimise a cut list',
      description:
        'Solve a 1D cutting-stock job: returns the plan (layouts of each bar, purchases, remnants, waste), its ' +
        'statistics and proof (plan.optimal, lower bounds) as structured content, with a short summary to quote. ' +
        `${INPUT_NOTE} ${BUDGET_NOTE} ${REFUSAL_NOTE}`,
      inputSchema: advertised(PORTABLE_INPUTS.optimise),
      outputSchema: advertised(schemas.optimiseOutput),
      annotations,
    },
    run(OPTIMISE_TOOL, async (body) => {
      const planned = await service.plan(body);
      if (!planned.ok) return toolError(service, planned.error);
      const { response } = planned.value;
      return jsonResult(response, planSummary(response));
    }),
  );

  server.registerTool(
    PDF_TOOL,
    {
      title: 'Cutting plan as PDF',
      description:
        'Solve a cut list and return the print-ready PDF (a summary page with the purchase order and the proof, ' +
        'then saw-operator sheets with running cut positions and piece labels) as an embedded resource. ' +
        `${INPUT_NOTE} Also takes jobName (the title) and paper (A4 or Letter). ${BUDGET_NOTE} ${REFUSAL_NOTE}`,
      inputSchema: advertised(PORTABLE_INPUTS.pdf),
      annotations,
    },
    run(PDF_TOOL, async (body) => {
      const planned = await service.pdf(body);
      if (!planned.ok) return toolError(service, planned.error);
      const { request, response, pdf } = planned.value;
      const name = pdfFileName(request.jobName);
      return {
        content: [
          { type: 'text', text: `${planSummary(response)} The PDF is ${name}.` },
          pdfResource('plans', name, pdf),
        ],
      };
    }),
  );

  server.registerTool(
    LABELS_TOOL,
    {
      title: 'Piece labels (PDF or ZPL)',
      description:
        'Solve a cut list and return one label per cut piece, in saw order (job, label, length, angles, bar and ' +
        'position, a Code 128 barcode): format pdf gives a PDF as an embedded resource (labelFormat a4-3x8 or ' +
        'thermal-100x50), format zpl the ZPL text for Zebra printers (100 × 50 mm). ' +
        `${INPUT_NOTE} Also takes jobName, labelFormat and format. Counted as one solve. ${BUDGET_NOTE} ${REFUSAL_NOTE}`,
      inputSchema: advertised(PORTABLE_INPUTS.labels),
      annotations,
    },
    run(LABELS_TOOL, async (body, option) => {
      const output = option === 'zpl' ? 'zpl' : 'pdf';
      const planned = await service.labels(body, output);
      if (!planned.ok) return toolError(service, planned.error);
      const { request, response, file } = planned.value;
      const name = `${fileBaseName('labels', request.jobName)}.${output}`;
      const pieces = response.stats.totalParts;
      const summary = `${pieces} labels, in saw order: ${name}.`;
      return typeof file === 'string'
        ? {
            content: [
              { type: 'text', text: summary },
              { type: 'text', text: file },
            ],
          }
        : { content: [{ type: 'text', text: summary }, pdfResource('labels', name, file)] };
    }),
  );

  server.registerTool(
    SAW_LIST_TOOL,
    {
      title: 'Saw list (CSV)',
      description:
        "Solve a cut list and return the saw list as CSV text: the saw sheets' cut tables, one row per cut " +
        '(layout, copies, cut, position or top/bottom for mitres, piece, label, material, length, angles, ' +
        `remnant, source, bar length, note). ${INPUT_NOTE} Also takes jobName and separator (comma or ` +
        `semicolon). Counted as one solve. ${BUDGET_NOTE} ${REFUSAL_NOTE}`,
      inputSchema: advertised(PORTABLE_INPUTS.sawList),
      annotations,
    },
    run(SAW_LIST_TOOL, async (body, option) => {
      const style = option === 'semicolon' ? 'semicolon' : 'comma';
      const planned = await service.sawList(body, style);
      if (!planned.ok) return toolError(service, planned.error);
      const { request, response, file } = planned.value;
      const name = `${fileBaseName('saw-list', request.jobName)}.csv`;
      return {
        content: [
          { type: 'text', text: `${planSummary(response)} The saw list is ${name}.` },
          { type: 'text', text: file },
        ],
      };
    }),
  );
}
