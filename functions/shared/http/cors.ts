/**
 * CORS for the API. Public (unkeyed) calls may come from any web page: they carry no credential, so
 * `Access-Control-Allow-Origin: *`. A keyed call is answered with its own origin only when that origin
 * is on the key's list (otherwise 401). Errors before a key is accepted echo the origin too, so a page
 * can read why it was refused. Preflights carry no key, so they are answered for any origin with the
 * methods and headers we accept; the real call is then checked. Rate-limit and time-limit headers are
 * exposed so browser code can read them.
 *
 * Here, with the HTTP adapter, rather than in the limits module that decides which mode applies: health
 * and fallback answer CORS too, and must not load the limits module's AWS SDK to do it.
 */

/** Request headers a browser may send us. */
export const ACCEPTED_HEADERS = 'Content-Type, X-API-Key, Idempotency-Key';
/** Response headers browser code may read. */
export const EXPOSED_HEADERS =
  'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, RateLimit-Policy, RateLimit, Idempotent-Replayed, X-Request-Id, X-Time-Limit, X-Requested-Time-Limit, X-Plan-Id, Location';
/** How long a browser may cache a preflight answer (seconds). */
export const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/** `https://Host:443/` → `https://host`; null for anything that is not a bare http(s) origin. */
export function normaliseOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return null;
  if (url.pathname !== '/' && url.pathname !== '') return null;
  return url.origin;
}

/** Headers for a response to a public call, or to a call refused before its key was accepted. */
export function corsFor(origin: string | undefined, mode: 'public' | 'echo'): Record<string, string> {
  if (mode === 'public' || origin === undefined) {
    return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED_HEADERS };
  }
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    Vary: 'Origin',
  };
}

/** The answer to an `OPTIONS` preflight (status 204). */
export function preflightHeaders(
  origin: string | undefined,
  methods: readonly string[],
): Record<string, string> {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': origin ?? '*',
    'Access-Control-Allow-Methods': [...methods, 'OPTIONS'].join(', '),
    'Access-Control-Allow-Headers': ACCEPTED_HEADERS,
    'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
  };
  if (origin !== undefined) headers.Vary = 'Origin';
  return headers;
}
