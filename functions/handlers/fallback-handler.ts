/**
 * Every request no function serves: 404 for an unknown path, 405 for a known path's other methods, the CORS
 * preflight.
 */
import { InternalError, MethodNotAllowedError, NotFoundError } from '../../core/errors.ts';
import { type ApiHandler, fail, preflightReply, type ServeDeps, serve } from '../shared/http/index.ts';
import { describeRoutes, matchRoute } from '../shared/routes.ts';

/**
 * Every request no function serves: 404 for an unknown path, 405 with `Allow` for a known path and a
 * wrong method, and the CORS preflight for `OPTIONS` on our routes.
 */
export function makeFallbackHandler(deps: ServeDeps): ApiHandler {
  return serve(deps, 'any', async (req) => {
    const match = matchRoute(req.method, req.path);
    switch (match.kind) {
      case 'preflight':
        return preflightReply(req.caller.origin, match.allow);
      case 'methodNotAllowed': {
        const use = match.allow.filter((m) => m !== 'OPTIONS').join(' or ');
        const detail = `${req.method || 'an empty method'} is not allowed on ${req.path}; use ${use}`;
        return fail(new MethodNotAllowedError(detail, match.allow));
      }
      case 'notFound':
        return fail(
          new NotFoundError(
            `no route ${req.method} ${req.path || '(empty path)'}; routes: ${describeRoutes()}`,
          ),
        );
      case 'function':
        // API Gateway sends this route to its own function; reaching here means the wiring is wrong.
        return fail(
          new InternalError(`route ${req.method} ${req.path} reached the fallback, not ${match.target}`),
        );
    }
  });
}
