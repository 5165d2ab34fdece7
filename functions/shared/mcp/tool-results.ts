/**
 * How the MCP tools answer: a PDF as an embedded resource, a thrown bug as a generic tool error, and a
 * refusal as a tool error carrying the API's error body.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { type CutplanError, InternalError } from '../../../core/errors.ts';
import { BusyError } from '../errors.ts';
import { GENERIC_5XX } from '../http/reply.ts';
import type { PlanService } from './service.ts';

export function pdfResource(folder: string, name: string, pdf: Uint8Array) {
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
 * A tool's answer carrying a JSON value: as `structuredContent`, and as text (after a one-line summary,
 * when there is one) for clients that read only the text.
 */
export function jsonResult(value: unknown, summary?: string): CallToolResult {
  const json = { type: 'text' as const, text: JSON.stringify(value) };
  return {
    content: summary === undefined ? [json] : [{ type: 'text', text: summary }, json],
    structuredContent: value as Record<string, unknown>,
  };
}

/**
 * A tool callback whose throw (a bug in the core or the renderer) is a generic tool error: the SDK would
 * otherwise put the exception's message in the result, and what a bug says stays out of answers.
 */
export function guarded<A>(
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
