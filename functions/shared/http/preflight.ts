/**
 * The answer to a CORS preflight. Which origins, methods and headers are allowed is decided in one place,
 * `preflightHeaders` in `cors.ts` (docs/api.md, "CORS"); this only shapes it as a reply.
 */
import { preflightHeaders } from './cors.ts';
import type { Reply } from './reply.ts';

/** 204 answer to `OPTIONS` from `origin` on a route whose methods are `allow` (OPTIONS included). */
export function preflightReply(origin: string | undefined, allow: readonly string[]): Reply {
  const methods = allow.filter((m) => m !== 'OPTIONS');
  return {
    kind: 'reply',
    status: 204,
    headers: { Allow: allow.join(', '), ...preflightHeaders(origin, methods) },
    body: '',
    isBase64Encoded: false,
  };
}
