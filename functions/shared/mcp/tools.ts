/**
 * The MCP tools of cutplan, defined once for both transports: `cutplan mcp` (stdio, `bin/mcp.ts`) and
 * `POST /v1/mcp` (Streamable HTTP, `functions/handlers/mcp-handler.ts`). Each builds a {@link PlanService}
 * (how a request is solved there: locally, or admitted and counted like an optimise call) and gets the same
 * server from {@link createCutplanMcpServer}.
 *
 * Four tools, one per output: the plan as JSON, the plan PDF, piece labels (PDF or ZPL) and the saw list
 * (CSV). A request the service refuses as the caller's mistake or as something it can wait out (400
 * `validation`, 413, 422, 429, 503 and any other status below 500) is a tool error whose text is the API's
 * `detail` and whose `structuredContent` is the API's error body, so the assistant can read it and act.
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import { McpServer } from '@modelcontextprotocol/server';
import {
  type CutplanError,
  err,
  InternalError,
  ok,
  type Result,
  ValidationError,
} from '../../../core/errors.ts';
import type { Endpoint } from '../../../core/request/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../../../core/types.ts';
import {
  LABEL_OUTPUTS,
  type LabelOutput,
  SAW_LIST_STYLES,
  type SawListStyle,
} from '../../../core/vocabulary.ts';
import { BusyError, KeyRequiredError } from '../errors.ts';
import { fileBaseName, GENERIC_5XX, pdfFileName } from '../http/reply.ts';
import { AUTOMATIC_BUDGET_SECONDS } from '../solve-budget.ts';
import { VERSION } from '../version.ts';
import { PORTABLE_INPUTS } from './portable.ts';
import { advertised, toolSchemas } from './schemas.ts';
import { planSummary } from './summary.ts';

/** A solved request. */
export interface Planned {
  readonly request: OptimiseRequest;
  readonly response: OptimiseResponse;
}

/** A solved request and its file (PDF bytes, ZPL or CSV text). */
export interface PlannedFile<F> extends Planned {
  readonly file: F;
}

/** A solved request and its PDF. */
export interface PlannedPdf extends Planned {
  readonly pdf: Uint8Array;
}

/**
 * How the tools solve: the transport's composition. Each method takes the route's body (the tool's
 * arguments without its own option, `format` or `separator`), parses it as that route does, solves,
 * verifies and renders.
 */
export interface PlanService {
  /** As `POST /v1/optimise`. */
  plan(args: Readonly<Record<string, unknown>>): Promise<Result<Planned, CutplanError>>;
  /** As `POST /v1/optimise/pdf`. */
  pdf(args: Readonly<Record<string, unknown>>): Promise<Result<PlannedPdf, CutplanError>>;
  /** As `POST /v1/optimise/labels[?format=zpl]`: PDF bytes or ZPL text. */
  labels(
    args: Readonly<Record<string, unknown>>,
    output: LabelOutput,
  ): Promise<Result<PlannedFile<Uint8Array | string>, CutplanError>>;
  /** As `POST /v1/optimise/csv[?separator=…]`: the saw list's CSV text. */
  sawList(
    args: Readonly<Record<string, unknown>>,
    style: SawListStyle,
  ): Promise<Result<PlannedFile<string>, CutplanError>>;
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
  /** Submits an async job (`POST /v1/jobs`): the job as accepted; absent where the server has no key. */
  startJob?(args: Readonly<Record<string, unknown>>): Promise<Result<unknown, CutplanError>>;
  /** An async job (`GET /v1/jobs/{id}`), counting nothing; absent where the server has no key. */
  getJob?(args: { jobId: string }): Promise<Result<unknown, CutplanError>>;
  /** The caller's usage (`GET /v1/usage`), counting nothing; absent where the server has no key. */
  usage?(): Promise<Result<unknown, CutplanError>>;
}

export const START_JOB_TOOL = 'start_job';
export const GET_JOB_TOOL = 'get_job';
export const USAGE_TOOL = 'get_usage';
/** The tools over the caller's jobs and usage: answered without a solve in the call. */
export const JOB_TOOLS: readonly string[] = [START_JOB_TOOL, GET_JOB_TOOL, USAGE_TOOL];

/** What the job and usage tools answer where the server has no API key. */
export const NO_KEY_JOB_ERROR =
  'jobs and usage belong to an API key, and this MCP server has no key (cutplan mcp runs on your machine and solves here, uncounted): use the HTTP MCP endpoint POST /v1/mcp with an X-API-Key header, or optimise_cut_list';

export const GET_JOB_INPUT = {
  type: 'object',
  description: 'The job to read, e.g. {"jobId": "job_0mxbjwu80HoDPdaH5FHnWE"}.',
  properties: {
    jobId: {
      type: 'string',
      description: 'The id start_job answered, e.g. "job_0mxbjwu80HoDPdaH5FHnWE".',
    },
  },
  required: ['jobId'],
} as const;
export const USAGE_INPUT = {
  type: 'object',
  description: 'Nothing to send, e.g. {}.',
  properties: {},
} as const;

export const RACK_TOOL = 'list_offcuts';
export const BOOK_TOOL = 'book_plan';

/** What the rack tools answer where the server has no API key. */
export const NO_KEY_TOOL_ERROR =
  'the offcut rack belongs to an API workspace, and this MCP server has no key (cutplan mcp runs on your machine): use the HTTP MCP endpoint POST /v1/mcp with an X-API-Key header';

/** The rack tools' inputs, in the portable JSON-schema subset (docs/mcp.md, Tool schemas). */
export const RACK_TOOL_INPUT = {
  type: 'object',
  description: 'Which rack entries to list, e.g. {"material": "steel-40x40"}.',
  properties: {
    material: {
      type: 'string',
      description: 'Only the entries of this material tag, e.g. "steel-40x40". Leave out for every material.',
    },
    untagged: {
      type: 'boolean',
      description: 'Only the untagged entries (material null), e.g. true.',
      default: false,
    },
  },
} as const;
export const BOOK_TOOL_INPUT = {
  type: 'object',
  description: 'The plan to book, e.g. {"planId": "pl_ea-V4-f0J3hfaxTljUNkjg"}.',
  properties: {
    planId: {
      type: 'string',
      description: 'The plan.id of a plan solved with offcuts "rack", e.g. "pl_ea-V4-f0J3hfaxTljUNkjg".',
    },
  },
  required: ['planId'],
} as const;

export const OPTIMISE_TOOL = 'optimise_cut_list';
export const PDF_TOOL = 'cutting_plan_pdf';
export const LABELS_TOOL = 'piece_labels';
export const SAW_LIST_TOOL = 'saw_list';

/** A tool's own argument that is a query parameter of its route, not a field of the body. */
interface ToolOption {
  readonly name: string;
  readonly values: readonly string[];
  readonly fallback: string;
}

/** Each tool's route: the endpoint its body is parsed for, and its own option. */
export const TOOL_ROUTES: Readonly<Record<string, { endpoint: Endpoint; option?: ToolOption }>> = {
  [OPTIMISE_TOOL]: { endpoint: 'json' },
  [PDF_TOOL]: { endpoint: 'pdf' },
  [LABELS_TOOL]: { endpoint: 'labels', option: { name: 'format', values: LABEL_OUTPUTS, fallback: 'pdf' } },
  [SAW_LIST_TOOL]: {
    endpoint: 'csv',
    option: { name: 'separator', values: SAW_LIST_STYLES, fallback: 'comma' },
  },
};

/**
 * A tool's arguments split into the route's body and the tool's option (its default when absent): the body
 * goes to the request parser, which names any bad field; a bad option is a validation error naming it.
 */
export function toolArguments(
  tool: string,
  args: unknown,
): Result<{ body: unknown; option: string | null }, ValidationError> {
  const route = TOOL_ROUTES[tool];
  if (route?.option === undefined || typeof args !== 'object' || args === null || Array.isArray(args))
    return ok({ body: args, option: route?.option?.fallback ?? null });
  const { name, values, fallback } = route.option;
  const { [name]: raw, ...body } = args as Record<string, unknown>;
  if (raw === undefined || raw === null) return ok({ body, option: fallback });
  if (typeof raw === 'string' && values.includes(raw)) return ok({ body, option: raw });
  return err(ValidationError.of(name, `must be one of ${values.join(', ')}, got ${JSON.stringify(raw)}`));
}

const BUDGET_NOTE =
  `The solve budget is timeLimit seconds (default ${AUTOMATIC_BUDGET_SECONDS} s, capped by the tier). MCP clients ` +
  'usually give up on a call after about 60 s, so ask for more only when the client allows it.';

const INPUT_NOTE =
  'Arguments are the body of POST /v1/optimise: parts (shorthand such as "2400x4, 1150x6", or objects with ' +
  'length, quantity, optional label, material and angles) and the supply (stock: one length such as 6000, or ' +
  'stocks with quantities and prices; offcuts already owned, or "rack" for the offcut rack of the key\'s ' +
  'workspace, which needs minRemnant and stores the plan as plan.id for book_plan), plus kerf, method, ' +
  'minRemnant, unit.';

const REFUSAL_NOTE =
  'A refusal the caller can act on (rate limit, busy, job too large) is a tool error whose structuredContent ' +
  'holds the API error body, with retryAfterSeconds when waiting helps.';

/** The server with every tool, over `service`. A fresh one per HTTP request; one per stdio connection. */
export function createCutplanMcpServer(service: PlanService): McpServer {
  const schemas = toolSchemas();
  const server = new McpServer(
    { name: 'cutplan', title: 'cutplan cutting optimiser', version: VERSION },
    {
      instructions:
        'Plans 1D cutting (bars, tubes, profiles, boards) from a cut list: what stock to buy and how to cut ' +
        'each bar, verified and with a proof of optimality or the most the plan can be off by. The same ' +
        'arguments give the plan as JSON, the print-ready PDF, piece labels (PDF or ZPL) and the saw list (CSV).',
    },
  );
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
  server.registerTool(
    RACK_TOOL,
    {
      title: 'List the offcut rack',
      description:
        "List the workspace's offcut rack: each entry's id, length, quantity, material, label, location and " +
        "source (hand, or the booked plan whose remnant it is), in the rack's unit. Solve against the rack with " +
        'offcuts "rack" in the other tools. Needs the HTTP endpoint with an API key.',
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
  server.registerTool(
    START_JOB_TOOL,
    {
      title: 'Start a long solve as a job',
      description:
        'Submit a cut list as an async job and return at once with its id and status (queued): for a solve ' +
        'longer than the MCP client waits (a timeLimit of minutes). Come back with get_job. Counted as one ' +
        `solve, refunded if it ends without a plan. ${INPUT_NOTE} Needs the HTTP endpoint with an API key. ` +
        `${REFUSAL_NOTE} Example: {"parts": "2400x40, 1150x60, 600x100", "stock": 6000, "timeLimit": 120}.`,
      inputSchema: advertised(PORTABLE_INPUTS.job),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    guarded(service, async (args: Record<string, unknown>) => {
      if (service.startJob === undefined) return toolError(service, new KeyRequiredError(NO_KEY_JOB_ERROR));
      const started = await service.startJob(args);
      if (!started.ok) return toolError(service, started.error);
      const job = started.value as { id?: string; status?: string };
      return {
        content: [
          {
            type: 'text',
            text: `Job ${job.id} is ${job.status}. Call get_job with {"jobId": "${job.id}"} in a few seconds.`,
          },
          { type: 'text', text: JSON.stringify(started.value) },
        ],
        structuredContent: started.value as Record<string, unknown>,
      };
    }),
  );

  server.registerTool(
    GET_JOB_TOOL,
    {
      title: 'Read a job',
      description:
        "A job's status (queued, running, succeeded, failed, cancelled), its progress while running (elapsed of " +
        'the budget, best plan and bound so far) and, once succeeded, its result: the optimise answer, with ' +
        'plan.id for the stored plan. Never counted. Needs the HTTP endpoint with an API key. Example: ' +
        '{"jobId": "job_0mxbjwu80HoDPdaH5FHnWE"}.',
      inputSchema: advertised(GET_JOB_INPUT as unknown as Record<string, unknown>),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(service, async (args: { jobId?: unknown }) => {
      if (service.getJob === undefined) return toolError(service, new KeyRequiredError(NO_KEY_JOB_ERROR));
      if (typeof args.jobId !== 'string' || args.jobId === '') {
        return toolError(service, ValidationError.of('jobId', 'is required: the id start_job answered'));
      }
      const got = await service.getJob({ jobId: args.jobId });
      if (!got.ok) return toolError(service, got.error);
      const job = got.value as { status?: string; result?: OptimiseResponse | null };
      const summary =
        job.status === 'succeeded' && job.result != null
          ? planSummary(job.result)
          : `The job is ${job.status}.${job.status === 'queued' || job.status === 'running' ? ' Ask again in a few seconds.' : ''}`;
      return {
        content: [
          { type: 'text', text: summary },
          { type: 'text', text: JSON.stringify(got.value) },
        ],
        structuredContent: got.value as Record<string, unknown>,
      };
    }),
  );

  server.registerTool(
    USAGE_TOOL,
    {
      title: 'Calls left',
      description:
        "The key's tier, every limit window (limit, used, remaining, when it resets) and the month's counted and " +
        'refunded calls. Never counted. Needs the HTTP endpoint with an API key. Example: {}.',
      inputSchema: advertised(USAGE_INPUT as unknown as Record<string, unknown>),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(service, async () => {
      if (service.usage === undefined) return toolError(service, new KeyRequiredError(NO_KEY_JOB_ERROR));
      const usage = await service.usage();
      if (!usage.ok) return toolError(service, usage.error);
      return {
        content: [{ type: 'text', text: JSON.stringify(usage.value) }],
        structuredContent: usage.value as Record<string, unknown>,
      };
    }),
  );
  return server;
}

function pdfResource(folder: string, name: string, pdf: Uint8Array) {
  return {
    type: 'resource' as const,
    resource: {
      uri: `cutplan://${folder}/${encodeURIComponent(name)}`,
      mimeType: 'application/pdf',
      blob: Buffer.from(pdf).toString('base64'),
    },
  };
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

/**
 * The caller's mistake or a refusal it can act on (below 500, and 503 busy) is the API's detail, with the
 * API's error body as `structuredContent` (`retryAfterSeconds` when waiting helps); anything else a
 * generic line.
 */
export function toolError(service: PlanService, error: CutplanError, thrown?: unknown): CallToolResult {
  service.toolFailed?.(error, thrown);
  if (error.status >= 500 && !(error instanceof BusyError)) {
    return { isError: true, content: [{ type: 'text', text: service.internalDetail(error) }] };
  }
  // As over HTTP: a 503's detail is the generic one (what to do, nothing about the cause).
  const detail = error.status >= 500 ? (GENERIC_5XX[error.code] ?? error.message) : error.message;
  const body: Record<string, unknown> = {
    ...error.bodyExtras(),
    error: error.code,
    detail,
    status: error.status,
  };
  const wait = typeof body.retryAfterSeconds === 'number' ? ` Retry after ${body.retryAfterSeconds} s.` : '';
  return {
    isError: true,
    content: [{ type: 'text', text: `${detail}${wait}` }],
    structuredContent: body,
  };
}
