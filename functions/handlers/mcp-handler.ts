/**
 * `POST /mcp`: the Model Context Protocol endpoint, its tools solving and rendering as the API routes do.
 */
import {
  type CutplanError,
  err,
  ForbiddenOriginError,
  InternalError,
  ok,
  type Result,
} from '../../core/errors.ts';
import type { Admission, WorkspaceCall } from '../shared/admission.ts';
import type { Endpoint } from '../shared/core-port.ts';
import {
  type ApiHandler,
  fail,
  type HttpRequest,
  normaliseOrigin,
  rateLimitHeaders,
  readJsonBody,
  serve,
  withHeaders,
} from '../shared/http/index.ts';
import { errorFields } from '../shared/log.ts';
import {
  answerMcp,
  BOOK_TOOL,
  createCutplanMcpServer,
  OPTIMISE_TOOL,
  PDF_TOOL,
  type PlanService,
  RACK_TOOL,
} from '../shared/mcp/index.ts';
import type { RequestNotes } from '../shared/telemetry.ts';
import { admitted } from './admitted.ts';
import { OPTIMISE_HEADROOM_MS } from './optimise-handler.ts';
import { PDF_HEADROOM_MS, type PdfDeps } from './optimise-pdf-handler.ts';
import { parseSolveBody, storeGuarded, storeRackPlan, withRackOffcuts } from './rack-solve.ts';
import { solvePlan } from './solve-plan.ts';
import { solveThenRender } from './solved-file.ts';

// Not in the handlers' index: the MCP SDK this imports would then be bundled into every function that
// imports the index (health, fallback), whatever they use.

/** The MCP function's headroom: its PDF tool renders, as the PDF function does. */
export const MCP_HEADROOM_MS = PDF_HEADROOM_MS;

const TOOL_ENDPOINTS: Readonly<Record<string, Endpoint>> = { [OPTIMISE_TOOL]: 'json', [PDF_TOOL]: 'pdf' };
/** The tools over the workspace's stored state: admitted as rack calls (a key, the rack-call count), not solves. */
const STATE_TOOLS: ReadonlySet<string> = new Set([RACK_TOOL, BOOK_TOOL]);

/**
 * `POST /v1/mcp`: the MCP tools over Streamable HTTP, stateless (a fresh server per request, JSON
 * responses). A `tools/call` of a tool is admitted and counted like an optimise call (its admission
 * refusals stay HTTP statuses with our error body, and a call that ends in a tool error is refunded);
 * every other message (initialize, tools/list, ping, notifications) is answered without counting.
 */
export function makeMcpHandler<Lp>(deps: PdfDeps<Lp>): ApiHandler {
  return serve(deps, ['POST'], async (req, notes) => {
    const origin = checkOrigin(req.caller.origin);
    if (!origin.ok) return fail(origin.error);
    const body = readJsonBody(req);
    if (!body.ok) return fail(body.error);
    notes.mcpMethod = methodLabel(body.value);
    if (isStateToolCall(body.value)) {
      if (deps.admitter.workspace === undefined)
        return fail(new InternalError('workspace calls are not configured'));
      const admittedCall = await deps.admitter.workspace(req.caller);
      if (!admittedCall.ok) return fail(admittedCall.error);
      notes.tier = admittedCall.value.tier.name;
      notes.keyId = admittedCall.value.keyId;
      notes.workspace = admittedCall.value.workspace;
      const service = stateService(deps, req, notes, admittedCall.value);
      const reply = await answerMcp(req, body.value, createCutplanMcpServer(service), onError(deps, req));
      return reply.kind === 'reply'
        ? withHeaders(reply, rateLimitHeaders(admittedCall.value.rateLimit))
        : reply;
    }
    const call = toolCallOf(body.value);
    const parsed =
      call === null ? null : parseSolveBody(deps.core, call.arguments, call.endpoint, req.caller);
    if (parsed === null || !parsed.ok) {
      // Not a tool call, or one whose arguments the tool will refuse (as a tool error): nothing to count,
      // but a key is checked as everywhere (a client learns at initialize that its key or origin is refused).
      if (req.caller.apiKey !== undefined) {
        const checked = (await deps.admitter.check?.(req.caller)) ?? ok(true);
        if (!checked.ok) return fail(checked.error);
      }
      return answerMcp(
        req,
        body.value,
        createCutplanMcpServer(unadmitted(deps, req, notes)),
        onError(deps, req),
      );
    }
    return admitted(deps, req, notes, deps.core.jobSize(parsed.value.request), async (admission) => {
      const service = admittedService(deps, req, notes, admission);
      const reply = await answerMcp(req, body.value, createCutplanMcpServer(service), onError(deps, req));
      return { ...ok(reply), refund: !service.succeeded() };
    });
  });
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

/** The tool and its arguments when `message` is a `tools/call` request (it has an id) of one of our tools. */
function toolCallOf(message: unknown): { endpoint: Endpoint; arguments: unknown } | null {
  if (!isRecord(message) || message.jsonrpc !== '2.0' || message.method !== 'tools/call') return null;
  if (!(typeof message.id === 'string' || typeof message.id === 'number') || !isRecord(message.params))
    return null;
  const { name, arguments: args } = message.params;
  if (typeof name !== 'string' || !Object.hasOwn(TOOL_ENDPOINTS, name)) return null;
  const endpoint = TOOL_ENDPOINTS[name];
  return endpoint === undefined ? null : { endpoint, arguments: args ?? {} };
}

interface AdmittedService extends PlanService {
  /** Whether a tool produced its answer (otherwise the count is refunded). */
  succeeded(): boolean;
}

/** Solves (and renders) as the optimise and PDF handlers do, inside the call's admission. */
function admittedService<Lp>(
  deps: PdfDeps<Lp>,
  req: HttpRequest,
  notes: RequestNotes,
  admission: Admission,
): AdmittedService {
  let done = false;
  return {
    plan: (args) =>
      storeGuarded(async () => {
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
      }),
    pdf: (args) =>
      storeGuarded(async () => {
        const parsed = parseSolveBody(deps.core, args, 'pdf', req.caller);
        if (!parsed.ok) return parsed;
        const resolved = await withRackOffcuts(deps.core, deps.state, parsed.value, admission);
        if (!resolved.ok) return resolved;
        // The PDF route's flow without its cap: the tool's answer is JSON, kept alive as optimise's is.
        const made = await solveThenRender(
          deps,
          req,
          notes,
          resolved.value.request,
          admission,
          {
            headroomMs: PDF_HEADROOM_MS,
            timed: true,
            render: (job, { branding }) => deps.renderPdf({ ...job, branding }),
          },
          resolved.value.rack,
        );
        if (!made.ok) return made;
        done = true;
        const { request, response } = made.value.job;
        return ok({ request, response, pdf: made.value.file });
      }),
    internalDetail: () => `internal error; request id ${req.requestId}`,
    toolFailed: noteToolError(deps, req, notes),
    succeeded: () => done,
  };
}

/** Notes a tool error for the request's log line, and logs what a bug threw. */
function noteToolError<Lp>(deps: PdfDeps<Lp>, req: HttpRequest, notes: RequestNotes) {
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
function unadmitted<Lp>(deps: PdfDeps<Lp>, req: HttpRequest, notes: RequestNotes): PlanService {
  const refuse = (args: unknown, endpoint: Endpoint) => {
    const parsed = parseSolveBody(deps.core, args, endpoint, req.caller);
    return parsed.ok ? err(new InternalError('a tool call reached the solver without admission')) : parsed;
  };
  return {
    plan: async (args) => refuse(args, 'json'),
    pdf: async (args) => refuse(args, 'pdf'),
    internalDetail: () => `internal error; request id ${req.requestId}`,
    toolFailed: noteToolError(deps, req, notes),
  };
}

/** The rack tools, inside a rack call's admission: the solve tools are not reachable here. */
function stateService<Lp>(
  deps: PdfDeps<Lp>,
  req: HttpRequest,
  notes: RequestNotes,
  call: WorkspaceCall,
): PlanService {
  const state = deps.state;
  const missing = () => err(new InternalError('the offcut rack is not configured for this function'));
  return {
    plan: async () => err(new InternalError('a solve reached a rack call')),
    pdf: async () => err(new InternalError('a solve reached a rack call')),
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
    typeof message.params.name === 'string' &&
    STATE_TOOLS.has(message.params.name)
  );
}

function onError<Lp>(deps: PdfDeps<Lp>, req: HttpRequest) {
  return (error: Error) =>
    deps.log.error('mcp transport error', { requestId: req.requestId, ...errorFields(error) });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
