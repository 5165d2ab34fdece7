/**
 * CORS preflight answers. No call uses cookies or other credentials (the key is a header), so a
 * preflight may allow any origin; whether a keyed call's actual response may be read by a given origin
 * is decided per key by the admission (`Access-Control-Allow-Origin` on that response).
 */
import type { Reply } from './reply.ts';

/** Request headers a browser may send: the JSON body's type and the API key. */
export const CORS_ALLOW_HEADERS = 'Content-Type, X-API-Key';

/** How long a browser may cache a preflight (browsers cap it: Chromium at 2 h, Firefox at 24 h). */
export const CORS_MAX_AGE_SECONDS = 86_400;

/** 204 answer to `OPTIONS` on a route whose methods are `allow`. */
export function preflightReply(allow: readonly string[]): Reply {
  const methods = allow.join(', ');
  return {
    kind: 'reply',
    status: 204,
    headers: {
      Allow: methods,
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': methods,
      'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
      'Access-Control-Max-Age': String(CORS_MAX_AGE_SECONDS),
    },
    body: '',
    isBase64Encoded: false,
  };
}
