/**
 * A call's request: the body or the query parsed into one normalised request, or the error naming what is
 * wrong.
 */
import type { CutplanError, Result } from '../../core/errors.ts';
import type { OptimiseRequest } from '../../core/types.ts';
import type { CorePort, Endpoint } from '../shared/core-port.ts';
import { checkQuerySize, type HttpRequest, readJsonBody } from '../shared/http/index.ts';

/**
 * The normalised request of an optimise call: from the query string on GET (414 when it is over 8 KiB),
 * from the JSON body otherwise.
 */
export function parseCall<Lp>(
  core: CorePort<Lp>,
  req: HttpRequest,
  endpoint: Endpoint,
): Result<OptimiseRequest, CutplanError> {
  if (req.method === 'GET') {
    const size = checkQuerySize(req);
    return size.ok ? core.parseOptimiseQuery(req.query) : size;
  }
  const body = readJsonBody(req);
  return body.ok ? core.parseOptimiseBody(body.value, endpoint) : body;
}
