/**
 * `POST /mcp`: the Model Context Protocol endpoint, its tools solving and rendering as the API routes do.
 */
import { type CutplanError, err, InternalError, ok, type Result } from '../../core/errors.ts';
import type { Admission, WorkspaceCall } from '../shared/admission.ts';
import type { Endpoint } from '../shared/core-port.ts';
import { ForbiddenOriginError } from '../shared/errors.ts';
import { fileTooLarge } from '../shared/file-limits.ts';
import {
  type Answer,
  type ApiHandler,
  errorHeaders,
  fail,
  type HttpRequest,
  jsonReply,
  normaliseOrigin,
  type Reply,
  rateLimitHeaders,
  readJsonBody,
  serve,
  withHeaders,
} from '../shared/http/index.ts';
import { serverTiming } from '../shared/http/server-timing.ts';
import type { JobQueue, JobsDeps } from '../shared/jobs/jobs.ts';
import { errorFields } from '../shared/log.ts';
import {
  answerMcp,
  BOOK_TOOL,
  createCutplanMcpServer,
  type PlanService,
  RACK_TOOL,
  TOOL_ROUTES,
  toolArguments,
} from '../shared/mcp/index.ts';
import type { RequestNotes } from '../shared/telemetry.ts';
import { admitted } from './admitted.ts';
import type { Keep } from './idempotent.ts';
import { idempotentToolCall, keepLanded, keptToolResult, keyedToolCall } from './mcp-idempotent.ts';
import { isJobToolCall, jobService } from './mcp-jobs.ts';
import type { CsvDeps } from './optimise-csv-handler.ts';
import { OPTIMISE_HEADROOM_MS } from './optimise-handler.ts';
import type { LabelsDeps } from './optimise-labels-handler.ts';
import { PDF_HEADROOM_MS, type PdfDeps } from './optimise-pdf-handler.ts';
import { parseSolveBody, storeGuarded, storeRackPlan, withRackOffcuts } from './rack-solve.ts';
import { solvePlan } from './solve-plan.ts';
import { solveThenRender } from './solved-file.ts';

// Not in the handlers' index: the MCP SDK this imports would then be bundled into every function that
// imports the index (health, fallback), whatever they use.

/** The MCP function's headroom: its file tools render, as the PDF function does. */
export const MCP_HEADROOM_MS = PDF_HEADROOM_MS;

/**
 * What the MCP function renders with: every file route's renderer; and, for `start_job` and `get_job`,
 * the jobs (absent: those tools say the server keeps no jobs).
 */
export type McpDeps<Lp> = PdfDeps<Lp> &
  LabelsDeps<Lp> &
  CsvDeps<Lp> & { readonly jobs?: JobsDeps & { readonly queue: JobQueue } };

/** Admission refusals a caller can act on (wait, shrink the job): tool errors, not HTTP failures. */
const ACTIONABLE = new Set([413, 429, 503]);

/**
 * A JSON-RPC batch (an array) is an invalid request: the protocol versions we speak (2025-06-18 on, and
 * 2026-07-28) have no batches. HTTP 400 with JSON-RPC error -32600 and a null id, as the Streamable HTTP
 * transport answers a POST it cannot accept; nothing is parsed, admitted or logged as an error.
 */
export function batchRefusal(): Reply {
  return jsonReply(400, {
    jsonrpc: '2.0',
    id: null,
    error: {
      code: -32600,
      message:
        'Invalid Request: JSON-RPC batches are not part of MCP since protocol version 2025-06-18; send one message per POST',
    },
  });
}

/**
 * `POST /v1/mcp`: the MCP tools over Streamable HTTP, stateless (a fresh server per request, JSON
 * responses). A `tools/call` of a tool is admitted and counted like an optimise call (its admission
 * refusals stay HTTP statuses with our error body, and a call that ends in a tool error is refunded);
 * every other message (initialize, tools/list, ping, notifications) is answered without counting.
 */
export function makeMcpHandler<Lp>(deps: McpDeps<Lp>): ApiHandler {
  return serve({ ...deps, timing: serverTiming }, ['POST'], async (req, notes) => {
    const origin = checkOrigin(req.caller.origin);
    if (!origin.ok) return fail(origin.error);
    const body = readJsonBody(req);
    if (!body.ok) return fail(body.error);
    if (Array.isArray(body.value)) {
      notes.mcpMethod = 'batch';
      return batchRefusal();
    }
    notes.mcpMethod = methodLabel(body.value);
    const keyed = keyedToolCall(body.value, req);
    if (!keyed.ok) return toolRefusal(deps, req, notes, body.value, keyed.error, {});
    if (keyed.value === null) return answerMessage(deps, req, notes, body.value, undefined);
    // An agent's retry of a tool call under its idempotencyKey gets the first call's result, uncounted.
    const call = keyed.value;
    const idem = {
      admitter: deps.admitter,
      clock: deps.clock,
      log: deps.log,
      ...(deps.bodies === undefined ? {} : { bodies: deps.bodies }),
    };
    const answer = await idempotentToolCall(idem, call, (keep) =>
      answerMessage(deps, req, notes, call.message, keep),
    );
    if (answer.kind !== 'failure' || !KEY_REFUSALS.has(answer.error.code)) return answer;
    return toolRefusal(deps, req, notes, call.message, answer.error, answer.headers);
  });
}

/** Refusals of a keyed tool call the agent can act on (wait, or send a new key): tool errors. */
const KEY_REFUSALS: ReadonlySet<string> = new Set(['idempotencyInProgress', 'idempotencyKeyReused', 'busy']);

/** `message` answered with `refusal` as every tool's error (the answer's headers kept). */
async function toolRefusal<Lp>(
  deps: McpDeps<Lp>,
  req: HttpRequest,
  notes: RequestNotes,
  message: unknown,
  refusal: CutplanError,
  headers: Readonly<Record<string, string>>,
): Promise<Answer> {
  const reply = await answerMcp(
    req,
    message,
    createCutplanMcpServer(refusingService(deps, req, notes, refusal)),
    onError(deps, req),
  );
  return withHeaders(reply, { ...headers, ...errorHeaders(refusal) });
}

/**
 * One MCP message: a job or usage tool, a rack tool, or a solving tool (admitted and counted), or any
 * other message (answered uncounted). With `keep` (a keyed tool call), a tool's success is kept: a
 * solve's inside its admission (a failure to keep it is a 503, refunded), a booking's or job's after it
 * has landed (a failure to keep it is logged; the answer stands).
 */
async function answerMessage<Lp>(
  deps: McpDeps<Lp>,
  req: HttpRequest,
  notes: RequestNotes,
  message: unknown,
  keep: Keep | undefined,
): Promise<Answer> {
  const logKeepFailure = (error: CutplanError) =>
    deps.log.error('tool result not kept for replays', { requestId: req.requestId, ...errorFields(error) });
  if (isJobToolCall(message)) {
    // Jobs and usage: a job is counted as it is accepted (acceptJob), reads count nothing. A bad key or
    // origin stays an HTTP status, as everywhere; a missing key is the tool's error (it names why).
    if (req.caller.apiKey !== undefined) {
      const checked = (await deps.admitter.check?.(req.caller)) ?? ok(true);
      if (!checked.ok) return fail(checked.error);
    }
    const reply = await answerMcp(
      req,
      message,
      createCutplanMcpServer(jobService(deps, req, notes, noteToolError(deps, req, notes))),
      onError(deps, req),
    );
    await keepLanded(keep, reply, logKeepFailure);
    return reply;
  }
  if (isStateToolCall(message)) {
    // The rack tools are rack calls: a key, the tier's rack calls per minute, never a solve.
    if (deps.admitter.workspace === undefined)
      return fail(new InternalError('workspace calls are not configured'));
    const admittedCall = await deps.admitter.workspace(req.caller);
    if (!admittedCall.ok) return fail(admittedCall.error);
    notes.tier = admittedCall.value.tier.name;
    notes.keyId = admittedCall.value.keyId;
    notes.workspace = admittedCall.value.workspace;
    const service = stateService(deps, req, notes, admittedCall.value);
    const reply = await answerMcp(req, message, createCutplanMcpServer(service), onError(deps, req));
    await keepLanded(keep, reply, logKeepFailure);
    return withHeaders(reply, rateLimitHeaders(admittedCall.value.rateLimit));
  }
  const call = toolCallOf(message);
  const parsed = call === null ? null : parseSolveBody(deps.core, call.body, call.endpoint, req.caller);
  if (parsed === null || !parsed.ok) {
    // Not a tool call, or one whose arguments the tool will refuse (as a tool error): nothing to count,
    // but a key is checked as everywhere (a client learns at initialize that its key or origin is refused).
    if (req.caller.apiKey !== undefined) {
      const checked = (await deps.admitter.check?.(req.caller)) ?? ok(true);
      if (!checked.ok) return fail(checked.error);
    }
    return answerMcp(req, message, createCutplanMcpServer(unadmitted(deps, req, notes)), onError(deps, req));
  }
  const answer = await admitted(
    deps,
    req,
    notes,
    deps.core.jobSize(parsed.value.request),
    async (admission) => {
      const service = admittedService(deps, req, notes, admission);
      const reply = await answerMcp(req, message, createCutplanMcpServer(service), onError(deps, req));
      const kept = keep === undefined ? null : keptToolResult(reply);
      // A success is counted; with a key, only one whose result can be kept (a replay answers that).
      const refund = !service.succeeded() || (keep !== undefined && kept === null);
      return { ...ok(reply), refund, ...(kept === null ? {} : { kept }) };
    },
    keep,
  );
  if (answer.kind !== 'failure' || !ACTIONABLE.has(answer.error.status)) return answer;
  // A refusal the agent can act on reaches it as the tool's error (with retryAfterSeconds); only a bad
  // key or origin stays an HTTP status, which the client must fix before anything works.
  return toolRefusal(deps, req, notes, message, answer.error, answer.headers);
}

/**
 * The MCP transport's DNS-rebinding guard: an Origin header, when sent, must be an http(s) origin. Which
 * origins a key may be used from is the key's own list, checked on admission as on every keyed route.
 */
function checkOrigin(origin: string | undefined): Result<true, CutplanError> {
  if (origin === undefined || normaliseOrigin(origin) !== null) return ok(true);
  return err(
    new ForbiddenOriginError(
      `the Origin header ${JSON.stringify(origin.slice(0, 100))} is not a web origin; call from a web page's origin or send no Origin`,
    ),
  );
}

/**
 * The route and body of `message` when it is a `tools/call` request (it has an id) of one of our tools
 * whose own option (`format`, `separator`) is valid; the tool answers any other call itself.
 */
function toolCallOf(message: unknown): { endpoint: Endpoint; body: unknown } | null {
  if (!isRecord(message) || message.jsonrpc !== '2.0' || message.method !== 'tools/call') return null;
  if (!(typeof message.id === 'string' || typeof message.id === 'number') || !isRecord(message.params))
    return null;
  const { name, arguments: args } = message.params;
  if (typeof name !== 'string' || !Object.hasOwn(TOOL_ROUTES, name)) return null;
  const route = TOOL_ROUTES[name];
  const split = toolArguments(name, args ?? {});
  return route === undefined || !split.ok ? null : { endpoint: route.endpoint, body: split.value.body };
}

interface AdmittedService extends PlanService {
  /** Whether a tool produced its answer (otherwise the count is refunded). */
  succeeded(): boolean;
}

/** Solves (and renders) as the optimise and file handlers do, inside the call's admission. */
function admittedService<Lp>(
  deps: McpDeps<Lp>,
  req: HttpRequest,
  notes: RequestNotes,
  admission: Admission,
): AdmittedService {
  let done = false;
  /** A file route's flow without its cap: the tool's answer is JSON, kept alive as optimise's is. */
  const file = async <F>(
    args: unknown,
    endpoint: Endpoint,
    render: Parameters<typeof solveThenRender<Lp, F>>[5]['render'],
  ) => {
    const parsed = parseSolveBody(deps.core, args, endpoint, req.caller);
    if (!parsed.ok) return parsed;
    const resolved = await withRackOffcuts(deps.core, deps.state, parsed.value, admission);
    if (!resolved.ok) return resolved;
    const made = await solveThenRender(
      deps,
      req,
      notes,
      resolved.value.request,
      admission,
      { headroomMs: PDF_HEADROOM_MS, timed: true, render },
      resolved.value.rack,
    );
    if (!made.ok) return made;
    // The file travels inside the JSON answer (a PDF as base64): held to the file routes' limit.
    const { file } = made.value;
    const encoded = typeof file === 'string' ? file : Buffer.from(file as Uint8Array).toString('base64');
    const tooLarge = fileTooLarge({
      kind: 'reply',
      status: 200,
      headers: {
        'Content-Type':
          endpoint === 'csv' ? 'text/csv' : typeof file === 'string' ? 'application/zpl' : 'application/pdf',
      },
      body: encoded,
      isBase64Encoded: false,
    });
    if (tooLarge !== null) return err(tooLarge);
    done = true;
    const { request, response } = made.value.job;
    return ok({ request, response, file });
  };
  return {
    async plan(args) {
      return storeGuarded(async () => {
        const parsed = parseSolveBody(deps.core, args, 'json', req.caller);
        if (!parsed.ok) return parsed;
        const resolved = await withRackOffcuts(deps.core, deps.state, parsed.value, admission);
        if (!resolved.ok) return resolved;
        const { request, rack } = resolved.value;
        const solved = await solvePlan(deps, req, request, admission, OPTIMISE_HEADROOM_MS, notes);
        if (!solved.ok) return solved;
        let response = solved.value;
        if (rack !== null) {
          const stored = await storeRackPlan(deps.state, rack, {
            request,
            response,
            jobName: request.jobName,
            branding: admission.branding,
            createdAtMs: deps.clock.now(),
          });
          if (!stored.ok) return stored;
          response = stored.value;
        }
        done = true;
        return ok({ request, response });
      });
    },
    async pdf(args) {
      const made = await file(args, 'pdf', (job, { branding }) => deps.renderPdf({ ...job, branding }));
      return made.ok ? ok({ ...made.value, pdf: made.value.file }) : made;
    },
    labels: (args, output) => file(args, 'labels', (job) => deps.renderLabels(job, output)),
    sawList: (args, style) => file(args, 'csv', (job) => deps.renderSawList(job, style)),
    internalDetail: () => `internal error; request id ${req.requestId}`,
    toolFailed: noteToolError(deps, req, notes),
    succeeded: () => done,
  };
}

/** For a tool call refused on admission (413, 429, 503): every tool answers with that refusal. */
function refusingService<Lp>(
  deps: McpDeps<Lp>,
  req: HttpRequest,
  notes: RequestNotes,
  refusal: CutplanError,
): PlanService {
  const refuse = async () => err(refusal);
  return {
    plan: refuse,
    pdf: refuse,
    labels: refuse,
    sawList: refuse,
    bookPlan: refuse,
    startJob: refuse,
    internalDetail: () => `internal error; request id ${req.requestId}`,
    toolFailed: noteToolError(deps, req, notes),
  };
}

/** Notes a tool error for the request's log line, and logs what a bug threw. */
function noteToolError<Lp>(deps: McpDeps<Lp>, req: HttpRequest, notes: RequestNotes) {
  return (error: CutplanError, thrown?: unknown) => {
    notes.toolError = error.code;
    if (error.status >= 500) {
      deps.log.error('tool failed', { requestId: req.requestId, ...errorFields(thrown ?? error) });
    }
  };
}

const METHODS = new Set(['initialize', 'ping', 'tools/list', 'tools/call', 'server/discover']);

/** The message's method for the log line: the protocol's own names, notifications as one, else `other`. */
function methodLabel(message: unknown): string {
  if (!isRecord(message) || typeof message.method !== 'string') return 'other';
  if (METHODS.has(message.method)) return message.method;
  return message.method.startsWith('notifications/') ? 'notification' : 'other';
}

/** For messages that were not admitted: parses (so a bad argument is the tool's error), never solves. */
function unadmitted<Lp>(deps: McpDeps<Lp>, req: HttpRequest, notes: RequestNotes): PlanService {
  const refuse = (args: unknown, endpoint: Endpoint) => {
    const parsed = parseSolveBody(deps.core, args, endpoint, req.caller);
    return parsed.ok ? err(new InternalError('a tool call reached the solver without admission')) : parsed;
  };
  return {
    plan: async (args) => refuse(args, 'json'),
    pdf: async (args) => refuse(args, 'pdf'),
    labels: async (args) => refuse(args, 'labels'),
    sawList: async (args) => refuse(args, 'csv'),
    internalDetail: () => `internal error; request id ${req.requestId}`,
    toolFailed: noteToolError(deps, req, notes),
  };
}

/** The rack tools, inside a rack call's admission: the solving tools are not reachable here. */
function stateService<Lp>(
  deps: McpDeps<Lp>,
  req: HttpRequest,
  notes: RequestNotes,
  call: WorkspaceCall,
): PlanService {
  const state = deps.state;
  const missing = () => err(new InternalError('the offcut rack is not configured for this function'));
  const notASolve = async () => err(new InternalError('a solve reached a rack call'));
  return {
    plan: notASolve,
    pdf: notASolve,
    labels: notASolve,
    sawList: notASolve,
    listOffcuts: (args) =>
      storeGuarded(async () => {
        if (state === undefined) return missing();
        return state.list(call.workspace, {
          material: args.untagged === true ? null : args.material,
          pageSize: Number.MAX_SAFE_INTEGER,
        });
      }),
    bookPlan: (args) =>
      storeGuarded(async () =>
        state === undefined ? missing() : state.book(call.workspace, args.planId, call.tier.rackEntries),
      ),
    internalDetail: () => `internal error; request id ${req.requestId}`,
    toolFailed: noteToolError(deps, req, notes),
  };
}

/** Whether `message` is a `tools/call` of a rack tool. */
function isStateToolCall(message: unknown): boolean {
  return (
    isRecord(message) &&
    message.jsonrpc === '2.0' &&
    message.method === 'tools/call' &&
    isRecord(message.params) &&
    (message.params.name === RACK_TOOL || message.params.name === BOOK_TOOL)
  );
}

function onError<Lp>(deps: McpDeps<Lp>, req: HttpRequest) {
  return (error: Error) =>
    deps.log.error('mcp transport error', { requestId: req.requestId, ...errorFields(error) });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
