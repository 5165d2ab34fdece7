/**
 * How a client reads a streamed JSON answer (docs/api.md, "Long solves and late failures"): leading
 * whitespace is skipped (JSON.parse does), then the body is either the success or, on a 200, a late
 * failure: an object with `error` and a numeric `status`, which is the answer's real status. No imports,
 * so the playground page and the synthetic check use it as it is.
 */
export function readStreamedJson(
  httpStatus: number,
  text: string,
): { readonly status: number; readonly body: unknown } {
  const body: unknown = JSON.parse(text);
  if (
    httpStatus === 200 &&
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    'status' in body &&
    typeof body.status === 'number'
  ) {
    return { status: body.status, body };
  }
  return { status: httpStatus, body };
}
