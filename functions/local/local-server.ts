/**
 * The local HTTP server: each request becomes the API Gateway event the deployed API would send, is
 * routed with the shared route table to the same handlers Lambda runs, and the handler's result is
 * written back. The handlers write each request's log line, as they do in Lambda.
 */
import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { ValidationError } from '../../core/errors.ts';
import { HeadersTooLargeError } from '../shared/errors.ts';
import type { ApiHandler } from '../shared/http/index.ts';
import { COMMON_HEADERS, corsFor, fail, failureReply, MAX_BODY_BYTES } from '../shared/http/index.ts';
import { type StreamOptions, type StreamSink, streamAnswer } from '../shared/http/stream.ts';
import { errorFields } from '../shared/log.ts';
import { matchRoute, type RouteTarget } from '../shared/routes.ts';
import { streamOptionsOf } from '../shared/streaming.ts';
import { toApiGatewayEvent } from './to-event.ts';

/** The rack, plan and job routes are optional: without them they answer as the fallback does. */
export type LocalHandlers = Readonly<
  Record<Exclude<RouteTarget, 'rack' | 'plans' | 'jobs'> | 'fallback', ApiHandler>
> &
  Readonly<Partial<Record<'rack' | 'plans' | 'jobs', ApiHandler>>>;

export interface LocalServerOptions {
  readonly handlers: LocalHandlers;
  /**
   * Proxies you run in front of the server (0: none): the caller's IP is the `X-Forwarded-For` hop the
   * outermost of them appended (`forwardedClient`).
   */
  readonly trustProxy: number;
  /** Problems of the local glue (the handlers log the requests). */
  readonly log: (line: string) => void;
  readonly newId?: () => string;
  /** Which targets stream, and how; by default the functions' own (`functions/shared/streaming.ts`). */
  readonly streamOptionsOf?: (target: RouteTarget) => StreamOptions | undefined;
}

export function createLocalServer(options: LocalServerOptions): Server {
  const newId = options.newId ?? randomUUID;
  const streamingOf = options.streamOptionsOf ?? streamOptionsOf;
  const server = createServer((req, res) => {
    readBody(req)
      .then(async (body) => {
        const event = toApiGatewayEvent({
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          rawHeaders: req.rawHeaders,
          body,
          remoteAddress: req.socket.remoteAddress,
          trustProxy: options.trustProxy,
          requestId: newId(),
          nowMs: Date.now(),
        });
        const match = matchRoute(event.httpMethod, event.path);
        const handler =
          (match.kind === 'function' ? options.handlers[match.target] : undefined) ??
          options.handlers.fallback;
        // The handler writes the request's log line itself (the same JSON line as in Lambda). The solving
        // routes go through the streaming edge, as in Lambda; the others answer whole.
        const streamed = match.kind === 'function' ? streamingOf(match.target) : undefined;
        if (streamed === undefined) send(res, await handler(event));
        else await streamAnswer(handler, event, undefined, responseSink(res), streamed);
      })
      .catch((error: unknown) => {
        // Handlers never throw; this is the local glue failing (e.g. the client hung up mid-body).
        options.log(`${req.method} ${req.url} failed: ${JSON.stringify(errorFields(error))}`);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end();
      });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const refusal = clientErrorOf(error.code);
    if (refusal === null || !socket.writable) {
      socket.destroy();
      return;
    }
    const requestId = newId();
    const reply = failureReply(fail(refusal), requestId);
    socket.end(
      rawResponse(reply.status, { ...corsFor(undefined, 'public'), ...reply.headers }, reply.body, requestId),
    );
    options.log(`(unreadable request: ${error.code}) ${reply.status} ${requestId}`);
  });
  return server;
}

/**
 * Our answer to a request Node's parser refused before any handler could see it (Node's own is a bare
 * status with an empty body): the `{error, detail}` of the contract. Null for a connection that broke.
 */
function clientErrorOf(code: string | undefined): HeadersTooLargeError | ValidationError | null {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return new HeadersTooLargeError(
      'the request line and headers are larger than 16 KiB; send a long job as JSON in the body of POST /v1/optimise',
    );
  }
  if (code?.startsWith('HPE_')) return ValidationError.of('', 'the request is not valid HTTP/1.1');
  return null;
}

function rawResponse(
  status: number,
  headers: Readonly<Record<string, string>>,
  body: string,
  requestId: string,
): string {
  const all = {
    ...headers,
    ...COMMON_HEADERS,
    'X-Request-Id': requestId,
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  const lines = Object.entries(all).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * The body, keeping at most one byte over the limit: enough for the handler to answer 413 without the
 * server holding an arbitrarily large upload in memory. The rest is read and dropped.
 */
async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    if (kept > MAX_BODY_BYTES) continue;
    const take = buffer.subarray(0, MAX_BODY_BYTES + 1 - kept);
    chunks.push(take);
    kept += take.length;
  }
  return Buffer.concat(chunks);
}

/** The streaming edge's sink over a Node response: chunked, flushed as written. */
function responseSink(res: ServerResponse): StreamSink {
  return {
    head: (status, headers) => {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.writeHead(status);
      res.flushHeaders();
    },
    write: (chunk) => {
      res.write(chunk);
    },
    end: () => new Promise<void>((resolve) => res.end(resolve)),
  };
}

function send(res: ServerResponse, result: APIGatewayProxyResult): void {
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, String(value));
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {}))
    res.setHeader(name, values.map(String));
  const body = Buffer.from(result.body, result.isBase64Encoded === true ? 'base64' : 'utf8');
  // A 204 carries no body and, per RFC 9110, no Content-Length either.
  if (result.statusCode !== 204) res.setHeader('Content-Length', body.length);
  res.writeHead(result.statusCode);
  res.end(result.statusCode === 204 ? undefined : body);
}
