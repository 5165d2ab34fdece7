import type { CutplanError, Result } from '../../core/errors.ts';
import type { OptimiseRequest } from '../../core/types.ts';
import type { CorePort, Endpoint } from '../shared/core-port.ts';
import { type HttpRequest, readJsonBody } from '../shared/http/index.ts';

/** The normalised request of an optimise call: from the query string on GET, from the JSON body otherwise. */
export function parseCall<Lp>(
  core: CorePort<Lp>,
  req: HttpRequest,
  endpoint: Endpoint,
): Result<OptimiseRequest, CutplanError> {
  if (req.method === 'GET') return core.parseOptimiseQuery(req.query);
  const body = readJsonBody(req);
  return body.ok ? core.parseOptimiseBody(body.value, endpoint) : body;
}
