/**
 * The MCP tools of cutplan, defined once for both transports: `cutplan mcp` (stdio, `bin/mcp.ts`) and
 * `POST /v1/mcp` (Streamable HTTP, `functions/handlers/mcp-handler.ts`). Each builds a {@link PlanService}
 * (how a request is solved there: locally, or admitted and counted like an optimise call) and gets the same
 * server from {@link createCutplanMcpServer}.
 *
 * A request the service refuses as the caller's mistake (400 `validation`, 422 and any other status below
 * 500) is a tool error whose text is the API's `detail`, so the assistant can read it and correct the call.
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import { McpServer } from '@modelcontextprotocol/server';
import { type CutplanError, InternalError, type Result } from '../../../core/errors.ts';
import type { OptimiseRequest, OptimiseResponse } from '../../../core/types.ts';
import { pdfFileName } from '../http/reply.ts';
import { AUTOMATIC_BUDGET_SECONDS } from '../solve-budget.ts';
import { VERSION } from '../version.ts';
import { advertised, toolSchemas } from './schemas.ts';
import { planSummary } from './summary.ts';

/** A solved request. */
export interface Planned {
  readonly request: OptimiseRequest;
  readonly response: OptimiseResponse;
}

/** A solved request and its PDF. */
export interface PlannedPdf extends Planned {
  readonly pdf: Uint8Array;
}

/** How the tools solve: the transport's composition. */
export interface PlanService {
  /** Parses the arguments as the body of `POST /v1/optimise`, solves and verifies. */
  plan(args: Readonly<Record<string, unknown>>): Promise<Result<Planned, CutplanError>>;
  /** Parses the arguments as the body of `POST /v1/optimise/pdf`, solves, verifies and renders the PDF. */
  pdf(args: Readonly<Record<string, unknown>>): Promise<Result<PlannedPdf, CutplanError>>;
  /** The text of a tool error from 500 up: generic (HTTP names its request id). */
  internalDetail(error: CutplanError): string;
  /** Told of every tool error (for the request's log line; `thrown` when a bug threw, to log it). */
  toolFailed?(error: CutplanError, thrown?: unknown): void;
}

export const OPTIMISE_TOOL = 'optimise_cut_list';
export const PDF_TOOL = 'cutting_plan_pdf';

const BUDGET_NOTE =
  `The solve budget is timeLimit seconds (default ${AUTOMATIC_BUDGET_SECONDS} s, capped by the tier). MCP clients ` +
  'usually give up on a call after about 60 s, so ask for more only when the client allows it.';

const INPUT_NOTE =
  'Arguments are the body of POST /v1/optimise: parts (shorthand such as "2400x4, 1150x6", or objects with ' +
  'length, quantity, optional label, material and angles) and the supply (stock: one length such as 6000, or ' +
  'stocks with quantities and prices; offcuts already owned), plus kerf, method, minRemnant, unit.';

/** The server with both tools, over `service`. A fresh one per HTTP request; one per stdio connection. */
export function createCutplanMcpServer(service: PlanService): McpServer {
  const schemas = toolSchemas();
  const server = new McpServer(
    { name: 'cutplan', title: 'cutplan cutting optimiser', version: VERSION },
    {
      instructions:
        'Plans 1D cutting (bars, tubes, profiles, boards) from a cut list: what stock to buy and how to cut ' +
        'each bar, verified and with a proof of optimality or the most the plan can be off by.',
    },
  );
  const annotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

  server.registerTool(
    OPTIMISE_TOOL,
    {
      title: 'Optimise a cut list',
      description:
        'Solve a 1D cutting-stock job: returns the plan (layouts of each bar, purchases, remnants, waste), its ' +
        'statistics and proof (plan.optimal, lower bounds) as structured content, with a short summary to quote. ' +
        `${INPUT_NOTE} ${BUDGET_NOTE}`,
      inputSchema: advertised(schemas.optimiseInput),
      outputSchema: advertised(schemas.optimiseOutput),
      annotations,
    },
    guarded(service, async (args) => {
      const planned = await service.plan(args);
      if (!planned.ok) return toolError(service, planned.error);
      const { response } = planned.value;
      return {
        content: [
          { type: 'text', text: planSummary(response) },
          { type: 'text', text: JSON.stringify(response) },
        ],
        structuredContent: response as unknown as Record<string, unknown>,
      };
    }),
  );

  server.registerTool(
    PDF_TOOL,
    {
      title: 'Cutting plan as PDF',
      description:
        'Solve a cut list and return the print-ready PDF (a summary page with the purchase order and the proof, ' +
        'then saw-operator sheets with running cut positions and piece labels) as an embedded resource. ' +
        `${INPUT_NOTE} Also takes jobName (the title) and paper (A4 or Letter). ${BUDGET_NOTE}`,
      inputSchema: advertised(schemas.pdfInput),
      annotations,
    },
    guarded(service, async (args) => {
      const planned = await service.pdf(args);
      if (!planned.ok) return toolError(service, planned.error);
      const { request, response, pdf } = planned.value;
      const name = pdfFileName(request.jobName);
      return {
        content: [
          { type: 'text', text: `${planSummary(response)} The PDF is ${name}.` },
          {
            type: 'resource',
            resource: {
              uri: `cutplan://plans/${encodeURIComponent(name)}`,
              mimeType: 'application/pdf',
              blob: Buffer.from(pdf).toString('base64'),
            },
          },
        ],
      };
    }),
  );
  return server;
}

/**
 * A tool callback whose throw (a bug in the core or the renderer) is a generic tool error: the SDK would
 * otherwise put the exception's message in the result, and what a bug says stays out of answers.
 */
function guarded<A>(
  service: PlanService,
  run: (args: A) => Promise<CallToolResult>,
): (args: A) => Promise<CallToolResult> {
  return async (args) => {
    try {
      return await run(args);
    } catch (thrown: unknown) {
      return toolError(service, new InternalError('a tool threw'), thrown);
    }
  };
}

/** The caller's mistake (below 500) is the API's detail; anything else a generic line. */
function toolError(service: PlanService, error: CutplanError, thrown?: unknown): CallToolResult {
  service.toolFailed?.(error, thrown);
  const text = error.status < 500 ? error.message : service.internalDetail(error);
  return { isError: true, content: [{ type: 'text', text }] };
}
