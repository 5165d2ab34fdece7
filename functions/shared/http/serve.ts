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
import { CutplanError, InternalError, MethodNotAllowedError } from '../../../core/errors.ts';
import { errorFields, type Logger } from '../log.ts';
import { corsFor } from './cors.ts';
import { preflightReply } from './preflight.ts';
import { type Answer, fail, failureReply, type Reply } from './reply.ts';
import { type HttpRequest, type LambdaContextLike, readRequest } from './request.ts';

/** A Lambda handler for API Gateway REST (v1 payload) events. */
export type ApiHandler = (
  event: APIGatewayProxyEvent,
  context?: LambdaContextLike,
) => Promise<APIGatewayProxyResult>;

export interface ServeDeps {
  readonly log: Logger;
  /** Request ids for events that carry none (API Gateway always sends one). */
  readonly newId?: () => string;
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
  handle: (req: HttpRequest) => Promise<Answer>,
): ApiHandler {
  const newId = deps.newId ?? randomUUID;
  return async (event, context) => {
    let requestId = '';
    let cors: Readonly<Record<string, string>> = {};
    let reply: Reply;
    try {
      const req = readRequest(event, context, newId);
      requestId = req.requestId;
      cors = corsFor(req.caller.origin, req.caller.apiKey === undefined ? 'public' : 'echo');
      reply = render(await answer(req), requestId);
    } catch (error: unknown) {
      requestId ||= newId();
      const typed = error instanceof CutplanError ? error : new InternalError('unhandled error');
      if (typed.status >= 500) deps.log.error('request failed', { requestId, ...errorFields(error) });
      reply = failureReply(fail(typed), requestId);
    }
    return {
      statusCode: reply.status,
      // A reply may set its own Cache-Control (the public documents); no-store is the default.
      headers: { ...cors, ...COMMON_HEADERS, ...reply.headers, 'X-Request-Id': requestId },
      body: reply.body,
      isBase64Encoded: reply.isBase64Encoded,
    };
  };

  async function answer(req: HttpRequest): Promise<Answer> {
    if (methods === 'any' || methods.includes(req.method)) return handle(req);
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
