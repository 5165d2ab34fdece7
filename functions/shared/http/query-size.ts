/**
 * The size limit of a query string. A job too large for a URL belongs in the body of a POST, and the
 * limit sits below API Gateway's own (10,240 bytes for the request line and headers together, answered by
 * API Gateway itself, not by us), so every call API Gateway passes on gets our `{error, detail}` answer.
 */
import { err, ok, type Result } from '../../../core/errors.ts';
import { QueryTooLongError } from '../errors.ts';
import type { HttpRequest } from './request.ts';

/** The most bytes of query parameters a call may carry: names and values, decoded, as UTF-8. */
export const MAX_QUERY_BYTES = 8 * 1024;

/** Bytes of the decoded query: each `name=value` pair and its separator. */
export function queryBytes(query: HttpRequest['query']): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(query)) {
    for (const v of typeof value === 'string' ? [value] : value) {
      bytes += Buffer.byteLength(name) + Buffer.byteLength(v) + 2;
    }
  }
  return bytes;
}

/** A 414 `queryTooLong` that says to POST the job instead, when the query is over the limit. */
export function checkQuerySize(req: Pick<HttpRequest, 'query'>): Result<true, QueryTooLongError> {
  const bytes = queryBytes(req.query);
  if (bytes <= MAX_QUERY_BYTES) return ok(true);
  return err(
    new QueryTooLongError(
      `the query string carries ${bytes} bytes, more than ${MAX_QUERY_BYTES}; send the job as JSON in the body of POST /v1/optimise instead`,
    ),
  );
}
