/**
 * `GET /` and `GET /v1/openapi.json`: the playground page and the OpenAPI document.
 */
import { NotFoundError } from '../../core/errors.ts';
import { type ApiHandler, fail, type Reply, type ServeDeps, serve } from '../shared/http/index.ts';
import { OPENAPI_PATH, PLAYGROUND_PATH } from '../shared/openapi/paths.ts';

/** The playground page as built (`functions/playground/build.ts`): the HTML and its Content-Security-Policy. */
export interface PlaygroundPage {
  readonly html: string;
  readonly csp: string;
}

export interface DocsDeps extends ServeDeps {
  /** `docs/openapi.json`, as text. */
  readonly openapi: string;
  /** The page, loaded once (a bundle reads it from beside itself; `npm start` builds it). */
  readonly playground: () => Promise<PlaygroundPage>;
}

/** Public documents change only with a deployment: caches may keep them for an hour. */
const CACHEABLE = 'public, max-age=3600';

/**
 * `GET /v1/openapi.json` (the OpenAPI document) and `GET /` (the playground page). Public, cacheable,
 * needs no key and counts against nothing.
 */
export function makeDocsHandler(deps: DocsDeps): ApiHandler {
  return serve(deps, ['GET'], async (req) => {
    if (req.path === PLAYGROUND_PATH) {
      const page = await deps.playground();
      return reply('text/html; charset=utf-8', page.html, {
        'Content-Security-Policy': page.csp,
        'Referrer-Policy': 'no-referrer',
        'X-Frame-Options': 'DENY',
      });
    }
    if (req.path === OPENAPI_PATH) return reply('application/json; charset=utf-8', deps.openapi, {});
    // The route table sends only the two paths here; anything else is a wiring mistake, answered plainly.
    return fail(new NotFoundError(`no document at ${req.path}`));
  });
}

function reply(type: string, body: string, headers: Readonly<Record<string, string>>): Reply {
  return {
    kind: 'reply',
    status: 200,
    headers: { ...headers, 'Content-Type': type, 'Cache-Control': CACHEABLE },
    body,
    isBase64Encoded: false,
  };
}
