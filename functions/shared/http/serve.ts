/**
 * The one wrapper every HTTP handler runs in (the middy idea without the framework): reads the event,
 * answers methods the function does not serve, runs the handler, renders failures, stamps the common
 * headers, and turns anything thrown into a generic 500 that names the request id. For any event a
 * handler returns one of our statuses with a JSON error body; it never throws.
 *
 * CORS: every answer carries the CORS headers of its caller (`corsFor`: `*` for a call without a key,
 * the request's origin for a keyed one), so a browser page can read even a 400 raised before admission.
 * An admitted call's own headers (the admitter's decision for the key's origins) take precedence.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { CutplanError, InternalError } from '../../../core/errors.ts';
import { MethodNotAllowedError } from '../errors.ts';
import { errorFields, type Logger } from '../log.ts';
import { matchRoute, routeOf } from '../routes.ts';
import { lineTelemetry, type RequestNotes, type Telemetry } from '../telemetry.ts';
import { corsFor } from './cors.ts';
import { preflightReply } from './preflight.ts';
import type { Progress } from './progress.ts';
import { type Answer, fail, failureReply, type Reply } from './reply.ts';
import { type HttpRequest, type LambdaContextLike, readRequest } from './request.ts';

/** A Lambda handler for API Gateway REST (v1 payload) events. */
export type ApiHandler = (
  event: APIGatewayProxyEvent,
  context?: LambdaContextLike,
) => Promise<APIGatewayProxyResult>;

export interface ServeDeps {
  readonly log: Logger;
  /** Where each request's log line and metrics go; by default the plain JSON line on stdout. */
  readonly telemetry?: Telemetry;
  /** Request ids for events that carry none (API Gateway always sends one). */
  readonly newId?: () => string;
  /**
   * The `Server-Timing` header of an answer from its notes and the handler's whole time (the solving routes
   * pass `serverTiming`, server-timing.ts; the light functions stay without it, and smaller).
   */
  readonly timing?: (notes: RequestNotes, totalMs: number) => string;
}

/** Headers on every response (a reply may override Cache-Control). */
export const COMMON_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } as const;

/**
 * Wraps `handle` for a function that serves `methods`; other methods get 405 (OPTIONS a preflight).
 * `'any'` hands every method to `handle` (the fallback function routes by itself).
 */
export function serve(
  deps: ServeDeps,
  methods: readonly string[] | 'any',
  handle: (req: HttpRequest, notes: RequestNotes) => Promise<Answer>,
): ApiHandler {
  const newId = deps.newId ?? randomUUID;
  const telemetry = deps.telemetry ?? lineTelemetry();
  return async (event, context) => {
    const started = performance.now();
    const notes: RequestNotes = {};
    let requestId = '';
    let route = 'OTHER (unread)';
    let bodyBytes = 0;
    let errorCode: string | undefined;
    let cors: Readonly<Record<string, string>> = {};
    let reply: Reply;
    try {
      const read = readRequest(event, context, newId);
      requestId = read.requestId;
      route = routeLabel(read.method, read.path);
      bodyBytes =
        read.body === null ? 0 : Buffer.byteLength(read.body, read.isBase64Encoded ? 'base64' : 'utf8');
      cors = corsFor(read.caller.origin, read.caller.apiKey === undefined ? 'public' : 'echo');
      const req = withEdgeProgress(read, context?.progress, { ...cors, ...COMMON_HEADERS });
      const answered = await answer(req, notes);
      if (answered.kind === 'failure') errorCode = answered.error.code;
      reply = render(answered, requestId);
    } catch (error: unknown) {
      requestId ||= newId();
      const typed = error instanceof CutplanError ? error : new InternalError('unhandled error');
      if (typed.status >= 500) deps.log.error('request failed', { requestId, ...errorFields(error) });
      errorCode = typed.code;
      reply = failureReply(fail(typed), requestId);
    }
    // A failure decided after the edge committed a 200 reaches the caller as that 200 with a late-failure
    // body: the line says so (status 200, lateStatus the failure's own). No timer can commit in between:
    // from here to the edge's reading of the answer runs without yielding to the event loop.
    const late = reply.status !== 200 && context?.progress?.committed?.() === true;
    const durationMs = performance.now() - started;
    try {
      telemetry.request({
        ...notes,
        requestId,
        route,
        status: late ? 200 : reply.status,
        ...(late ? { lateStatus: reply.status } : {}),
        durationMs,
        bodyBytes,
        ...(errorCode === undefined ? {} : { errorCode }),
      });
    } catch (error: unknown) {
      // Telemetry must never cost the caller an answer.
      deps.log.error('telemetry failed', { requestId, ...errorFields(error) });
    }
    return {
      statusCode: reply.status,
      // A reply may set its own Cache-Control (the public documents); no-store is the default.
      headers: {
        ...cors,
        ...COMMON_HEADERS,
        ...reply.headers,
        'X-Request-Id': requestId,
        ...(deps.timing === undefined ? {} : { 'Server-Timing': deps.timing(notes, durationMs) }),
      },
      body: reply.body,
      isBase64Encoded: reply.isBase64Encoded,
    };
  };

  async function answer(req: HttpRequest, notes: RequestNotes): Promise<Answer> {
    if (methods === 'any' || methods.includes(req.method)) return handle(req, notes);
    const allow = [...methods, 'OPTIONS'];
    if (req.method === 'OPTIONS') return preflightReply(req.caller.origin, allow);
    const detail = `${req.method || 'an empty method'} is not allowed on ${req.path || 'this route'}; use ${methods.join(' or ')}`;
    return fail(new MethodNotAllowedError(detail, allow));
  }

  function render(result: Answer, requestId: string): Reply {
    if (result.kind === 'reply') return result;
    if (result.error.status >= 500) {
      deps.log.error('request failed', { requestId, code: result.error.code, ...errorFields(result.error) });
    }
    return failureReply(result, requestId);
  }
}

/**
 * The request with the streaming edge's progress, if any: an admission's headers reach the edge with the
 * ones every answer carries, so a 200 committed early has the headers it would have had at the end.
 */
function withEdgeProgress(
  req: HttpRequest,
  progress: Progress | undefined,
  common: Readonly<Record<string, string>>,
): HttpRequest {
  if (progress === undefined) return req;
  return {
    ...req,
    progress: {
      admitted: (headers) => progress.admitted({ ...common, ...headers, 'X-Request-Id': req.requestId }),
      beat: () => progress.beat(),
      committed: () => progress.committed?.() ?? false,
    },
  };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * `POST /v1/optimise`: the method and the route as the route table names them. Anything else is folded
 * (`OTHER`, `(unknown path)`), so a caller's made-up paths and methods never become log fields or metric
 * dimensions of their own.
 */
export function routeLabel(method: string, path: string): string {
  const shownMethod = METHODS.has(method) ? method : 'OTHER';
  const route = matchRoute(method, path).kind === 'notFound' ? undefined : routeOf(path);
  // A route with a path parameter is named by its template (`/v1/plans/{id}`), never by the id.
  return `${shownMethod} ${route === undefined ? '(unknown path)' : route.path}`;
}
