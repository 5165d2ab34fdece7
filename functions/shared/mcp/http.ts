/**
 * One MCP exchange over Streamable HTTP, stateless: the request as a web `Request` to the SDK's handler
 * (`createMcpHandler`, which validates the protocol's headers and answers both protocol eras), and its
 * `Response` back as our {@link Reply}. The tools send no messages before their result, so the answer is
 * one JSON body (were it an event stream, it would be read to its end: a Lambda answer is one body).
 */
import { createMcpHandler, type McpServer } from '@modelcontextprotocol/server';
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
  const handler = createMcpHandler(() => server, { keepAliveMs: 0, onerror });
  try {
    const response = await handler.fetch(toWebRequest(req, body), { parsedBody: body });
    return await replyOf(response);
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
