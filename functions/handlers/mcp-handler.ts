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
import type { Admission } from '../shared/admission.ts';
import type { Endpoint } from '../shared/core-port.ts';
import {
  type ApiHandler,
  fail,
  type HttpRequest,
  normaliseOrigin,
  readJsonBody,
  serve,
} from '../shared/http/index.ts';
import { errorFields } from '../shared/log.ts';
import {
  answerMcp,
  createCutplanMcpServer,
  OPTIMISE_TOOL,
  PDF_TOOL,
  type PlanService,
} from '../shared/mcp/index.ts';
import type { RequestNotes } from '../shared/telemetry.ts';
import { admitted } from './admitted.ts';
import { OPTIMISE_HEADROOM_MS } from './optimise-handler.ts';
import { PDF_HEADROOM_MS, type PdfDeps } from './optimise-pdf-handler.ts';
import { solvePlan } from './solve-plan.ts';
import { solveThenRender } from './solved-file.ts';

// Not in the handlers' index: the MCP SDK this imports would then be bundled into every function that
// imports the index (health, fallback), whatever they use.

/** The MCP function's headroom: its PDF tool renders, as the PDF function does. */
export const MCP_HEADROOM_MS = PDF_HEADROOM_MS;

const TOOL_ENDPOINTS: Readonly<Record<string, Endpoint>> = { [OPTIMISE_TOOL]: 'json', [PDF_TOOL]: 'pdf' };

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
    const call = toolCallOf(body.value);
    const parsed = call === null ? null : deps.core.parseOptimiseBody(call.arguments, call.endpoint);
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
    return admitted(deps, req, notes, deps.core.jobSize(parsed.value), async (admission) => {
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
    async plan(args) {
      const parsed = deps.core.parseOptimiseBody(args, 'json');
      if (!parsed.ok) return parsed;
      const solved = await solvePlan(deps, req, parsed.value, admission, OPTIMISE_HEADROOM_MS, notes);
      if (!solved.ok) return solved;
      done = true;
      return ok({ request: parsed.value, response: solved.value });
    },
    async pdf(args) {
      const parsed = deps.core.parseOptimiseBody(args, 'pdf');
      if (!parsed.ok) return parsed;
      // The PDF route's flow without its cap: the tool's answer is JSON, kept alive as optimise's is.
      const made = await solveThenRender(deps, req, notes, parsed.value, admission, {
        headroomMs: PDF_HEADROOM_MS,
        timed: true,
        render: (job, { branding }) => deps.renderPdf({ ...job, branding }),
      });
      if (!made.ok) return made;
      done = true;
      const { request, response } = made.value.job;
      return ok({ request, response, pdf: made.value.file });
    },
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
    const parsed = deps.core.parseOptimiseBody(args, endpoint);
    return parsed.ok ? err(new InternalError('a tool call reached the solver without admission')) : parsed;
  };
  return {
    plan: async (args) => refuse(args, 'json'),
    pdf: async (args) => refuse(args, 'pdf'),
    internalDetail: () => `internal error; request id ${req.requestId}`,
    toolFailed: noteToolError(deps, req, notes),
  };
}

function onError<Lp>(deps: PdfDeps<Lp>, req: HttpRequest) {
  return (error: Error) =>
    deps.log.error('mcp transport error', { requestId: req.requestId, ...errorFields(error) });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
