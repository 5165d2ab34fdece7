/**
 * One MCP exchange over Streamable HTTP, stateless: the request as a web `Request` to the SDK, and its
 * `Response` back as our {@link Reply}. A 2026-07-28 request goes to the SDK's handler (`createMcpHandler`),
 * a 2025-era one (the `initialize` handshake most assistants still use) to the SDK's stateless transport
 * with JSON responses; the SDK validates the protocol's headers in both. The tools send no messages before
 * their result, so the answer is one JSON body (an event stream would be read to its end: a Lambda answer
 * is one body). The body's size and Content-Type are checked before (`readJsonBody`).
 */
import {
  createMcpHandler,
  isLegacyRequest,
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { HttpRequest, Reply } from '../http/index.ts';

/** Headers that describe the transport hop, not the message; the rebuilt request carries its own. */
const HOP_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'x-api-key']);

/** Answers the JSON-RPC message `body` of `req` with `server` (made for this one request). */
export async function answerMcp(
  req: HttpRequest,
  body: unknown,
  server: McpServer,
  onerror: (error: Error) => void,
): Promise<Reply> {
  const request = toWebRequest(req, body);
  if (await isLegacyRequest(request, body)) {
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    transport.onerror = onerror;
    try {
      await server.connect(transport);
      return await replyOf(await transport.handleRequest(request, { parsedBody: body }));
    } finally {
      await server.close();
    }
  }
  const handler = createMcpHandler(() => server, { legacy: 'reject', keepAliveMs: 0, onerror });
  try {
    return await replyOf(await handler.fetch(request, { parsedBody: body }));
  } finally {
    await handler.close();
    await server.close();
  }
}

function toWebRequest(req: HttpRequest, body: unknown): Request {
  const headers = new Headers();
  for (const [name, values] of req.headers) {
    if (HOP_HEADERS.has(name)) continue;
    for (const value of values) {
      try {
        headers.append(name, value);
      } catch {
        // A value fetch refuses (control characters) is not one the protocol reads.
      }
    }
  }
  return new Request(urlOf(req), { method: 'POST', headers, body: JSON.stringify(body) });
}

/** The URL the caller reached (the SDK reads only its path); a Host header URL cannot hold is dropped. */
function urlOf(req: HttpRequest): URL {
  try {
    return new URL(req.path, `https://${req.caller.host ?? 'localhost'}`);
  } catch {
    return new URL('https://localhost/v1/mcp');
  }
}

async function replyOf(response: Response): Promise<Reply> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[canonical(name)] = value;
  });
  return {
    kind: 'reply',
    status: response.status,
    headers,
    body: await response.text(),
    isBase64Encoded: false,
  };
}

/** `content-type` → `Content-Type`, as our other replies spell headers. */
function canonical(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
}
