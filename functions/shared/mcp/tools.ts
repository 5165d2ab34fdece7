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
import {
  type CutplanError,
  InternalError,
  KeyRequiredError,
  type Result,
  ValidationError,
} from '../../../core/errors.ts';
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
  /**
   * The workspace's offcut rack (`GET /v1/offcuts`); absent where the server has no key (stdio): the tool
   * then says so.
   */
  listOffcuts?(args: { material?: string; untagged?: boolean }): Promise<Result<unknown, CutplanError>>;
  /** Books a stored plan (`POST /v1/plans/{id}/cut`); absent where the server has no key. */
  bookPlan?(args: { planId: string }): Promise<Result<unknown, CutplanError>>;
}

export const OPTIMISE_TOOL = 'optimise_cut_list';
export const PDF_TOOL = 'cutting_plan_pdf';
export const RACK_TOOL = 'list_offcuts';
export const BOOK_TOOL = 'book_plan';

/** What the rack tools answer where the server has no API key. */
export const NO_KEY_TOOL_ERROR =
  'the offcut rack belongs to an API workspace, and this MCP server has no key (cutplan mcp runs on your machine): use the HTTP MCP endpoint POST /v1/mcp with an X-API-Key header';

/** The rack tools' inputs, in the portable JSON-schema subset every MCP client reads. */
export const RACK_TOOL_INPUT = {
  type: 'object',
  properties: {
    material: {
      type: 'string',
      description: 'Only the entries of this material tag, e.g. "steel-40x40". Leave out for every material.',
    },
    untagged: {
      type: 'boolean',
      description: 'true: only the untagged entries (material null). Example: true.',
      default: false,
    },
  },
} as const;
export const BOOK_TOOL_INPUT = {
  type: 'object',
  properties: {
    planId: {
      type: 'string',
      description:
        'The id of a plan solved with offcuts "rack" (its plan.id), e.g. "pl_ea-V4-f0J3hfaxTljUNkjg".',
    },
  },
  required: ['planId'],
} as const;

const BUDGET_NOTE =
  `The solve budget is timeLimit seconds (default ${AUTOMATIC_BUDGET_SECONDS} s, capped by the tier). MCP clients ` +
  'usually give up on a call after about 60 s, so ask for more only when the client allows it.';

const INPUT_NOTE =
  'Arguments are the body of POST /v1/optimise: parts (shorthand such as "2400x4, 1150x6", or objects with ' +
  'length, quantity, optional label, material and angles) and the supply (stock: one length such as 6000, or ' +
  'stocks with quantities and prices; offcuts already owned, or "rack" for the offcut rack of the key\'s ' +
  'workspace, which needs minRemnant and stores the plan as plan.id for book_plan), plus kerf, method, ' +
  'minRemnant, unit.';

/** The server with its tools, over `service`. A fresh one per HTTP request; one per stdio connection. */
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
      const stored = planned.ok ? planned.value.response.plan.id : undefined;
      if (!planned.ok) return toolError(service, planned.error);
      const { request, response, pdf } = planned.value;
      const name = pdfFileName(request.jobName);
      return {
        content: [
          {
            type: 'text',
            text: `${planSummary(response)} The PDF is ${name}.${stored === undefined ? '' : ` The plan is stored as ${stored}.`}`,
          },
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
  server.registerTool(
    RACK_TOOL,
    {
      title: 'List the offcut rack',
      description:
        "List the workspace's offcut rack: each entry's id, length, quantity, material, label, location and " +
        "source (hand, or the booked plan whose remnant it is), in the rack's unit. Solve against the rack with " +
        'offcuts "rack" in optimise_cut_list. Needs the HTTP endpoint with an API key.',
      inputSchema: advertised(RACK_TOOL_INPUT as unknown as Record<string, unknown>),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(service, async (args: { material?: string; untagged?: boolean }) => {
      if (service.listOffcuts === undefined)
        return toolError(service, new KeyRequiredError(NO_KEY_TOOL_ERROR));
      const listed = await service.listOffcuts(args);
      if (!listed.ok) return toolError(service, listed.error);
      return {
        content: [{ type: 'text', text: JSON.stringify(listed.value) }],
        structuredContent: listed.value as Record<string, unknown>,
      };
    }),
  );

  server.registerTool(
    BOOK_TOOL,
    {
      title: 'Book a cut plan against the rack',
      description:
        'Once a plan solved with offcuts "rack" is cut: take every offcut it used off the rack and put its ' +
        'remnants of at least minRemnant on, all or nothing. Booking the same plan again answers the same ' +
        'record and changes nothing; if an offcut it used is gone, the error names it (optimise again). ' +
        'Changes the rack. Needs the HTTP endpoint with an API key.',
      inputSchema: advertised(BOOK_TOOL_INPUT as unknown as Record<string, unknown>),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(service, async (args: { planId?: unknown }) => {
      if (service.bookPlan === undefined) return toolError(service, new KeyRequiredError(NO_KEY_TOOL_ERROR));
      if (typeof args.planId !== 'string' || args.planId === '') {
        return toolError(
          service,
          ValidationError.of('planId', 'is required: the plan.id of a plan solved with offcuts "rack"'),
        );
      }
      const booked = await service.bookPlan({ planId: args.planId });
      if (!booked.ok) return toolError(service, booked.error);
      return {
        content: [{ type: 'text', text: JSON.stringify(booked.value) }],
        structuredContent: booked.value as Record<string, unknown>,
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
