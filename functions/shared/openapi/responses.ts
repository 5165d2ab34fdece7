/**
 * The OpenAPI document's shared pieces of responses: the headers the API sets, and the error responses of
 * a route, one per status, each listing its codes (`functions/shared/errors.ts`) with when they happen
 * and the refused sample events as examples.
 */
import { ERROR_CODES, type ErrorCode, statusOf } from '../errors.ts';
import type { Schema } from './schemas.ts';

/** A refused sample event: the code and detail the parser gives (see `examples.ts`). */
export interface Refusal {
  readonly name: string;
  readonly summary: string;
  readonly error: ErrorCode;
  readonly detail: string;
}

/** The security of a route that takes a key (and works without one where the route allows). */
export const KEYED = [{}, { ApiKey: [] }];

export const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
export const json = (schema: Schema, extra: Schema = {}) => ({ 'application/json': { schema, ...extra } });

export const HEADERS: Readonly<Record<string, { description: string; schema: Schema }>> = {
  'X-Request-Id': {
    description: 'Id of this request (on every response); quote it when reporting a problem.',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': {
    description: 'Calls allowed in the binding window (the one with the fewest calls left).',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': { description: 'Calls left in the binding window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': {
    description: 'When the binding window resets, in epoch seconds (UTC).',
    schema: { type: 'integer' },
  },
  'RateLimit-Policy': {
    description:
      'Every window of the tier, as draft-ietf-httpapi-ratelimit-headers names them: `"<window>";q=<calls>;w=<seconds>` per window (`"month";q=250;w=2678400, "hour";q=30;w=3600` for the public tier, `"minute";q=60;w=60` for pro).',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'Where the caller stands in each window after this call: `"<window>";r=<calls left>;t=<seconds to reset>`, in the order of `RateLimit-Policy`.',
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying (409, 429, 503).',
    schema: { type: 'integer' },
  },
  'Idempotent-Replayed': {
    description:
      '`true` on the stored answer of an earlier call with the same `Idempotency-Key` (not counted again); absent otherwise.',
    schema: { type: 'string', enum: ['true'] },
  },
  'X-Time-Limit': {
    description:
      "The solve budget applied, in seconds (a file's `meta.timeLimit`): the request's `timeLimit`, or the automatic 5 s, capped by the tier, the route and the time the function had left.",
    schema: { type: 'number', exclusiveMinimum: 0 },
  },
  Location: {
    description: "`POST /v1/jobs`: the job's absolute URL (behind the caller's host and stage prefix).",
    schema: { type: 'string' },
  },
  'X-Plan-Id': {
    description: 'The stored plan (`"offcuts": "rack"` only): GET /v1/plans/{id}, POST /v1/plans/{id}/cut.',
    schema: { type: 'string' },
  },
  'X-Requested-Time-Limit': {
    description:
      "The request's `timeLimit`, sent only when the budget applied (`X-Time-Limit`) is less (a file's `meta.requestedTimeLimit`).",
    schema: { type: 'number', exclusiveMinimum: 0 },
  },
};
export const RATE_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
];
/** A file route's 200: the admission's rate headers and, as the file has no `meta`, its time limit. */
export const FILE_HEADERS = [...RATE_HEADERS, 'X-Time-Limit', 'X-Requested-Time-Limit', 'X-Plan-Id'];
export const headers = (names: readonly string[]) =>
  Object.fromEntries(['X-Request-Id', ...names].map((n) => [n, ref('headers', n)]));

const WHEN: Readonly<Record<ErrorCode, string>> = {
  validation:
    'The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems).',
  badKey:
    "The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list.",
  keyRequired:
    'The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`).',
  offcutsTaken:
    '`POST /v1/plans/{id}/cut`: offcuts the plan uses are gone from the rack (another booking took them, or they were edited away); `taken` lists their ids. The rack is unchanged: optimise again.',
  idempotencyInProgress:
    'A call with the same `Idempotency-Key` (and the same request) is still running; retry after `Retry-After` seconds to get its outcome. Nothing was counted.',
  idempotencyKeyReused:
    'This `Idempotency-Key` was used within the last 24 hours for a different request (another route, body, query or Accept/Content-Type). Use a new key for a new request. Nothing was counted.',
  rackFull:
    "The offcut rack would hold more entries than the tier's cap; `cap` says how many. Delete or book entries first.",
  forbiddenOrigin:
    '`POST /v1/mcp` only: the Origin header is not an http(s) origin (the MCP transport refuses it, against DNS rebinding).',
  notFound: 'No such route; `detail` lists the routes.',
  methodNotAllowed: 'The route exists but not for this method; the `Allow` header lists the methods.',
  partsLimit:
    'More parts or distinct part lines than the tier allows, or more pieces than any tier takes (over 100000 on one line or 1000000 in all). `detail` names the part (or `parts`) and the cap. Nothing was counted.',
  noPlanFound:
    'Finite stock or offcuts: the search found no plan within the time limit and did not prove that none exists. Not counted; a longer `timeLimit` may find one.',
  payloadTooLarge:
    'The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted.',
  queryTooLong: 'The query string of `GET /v1/optimise` is over 8 KiB; send the job as a POST body instead.',
  headersTooLarge:
    'The request line and headers are too large to read (the local server refuses over 16 KiB); send the job as a POST body.',
  rateLimited:
    "Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count.",
  internal: 'A bug, or a plan that failed verification (never returned). `detail` names the request id.',
  busy: 'The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`.',
};

export function errorResponses(
  codes: readonly ErrorCode[],
  refusals: readonly Refusal[],
): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  const out: Record<string, unknown> = {};
  for (const [status, list] of byStatus) {
    const extra: Schema = {};
    const refused = refusals.filter((e) => statusOf(e.error) === status);
    if (refused.length > 0) {
      extra.examples = Object.fromEntries(
        refused.map((e) => [e.name, { summary: e.summary, value: { error: e.error, detail: e.detail } }]),
      );
    }
    // Answers after admission carry its rate headers (422 is refunded, but still reports the window).
    const admitted = status === 422 || status === 429 || status === 503 || status === 500;
    out[String(status)] = {
      description: list.map((c) => `\`${c}\`: ${WHEN[c]}`).join(' '),
      headers: headers(
        status === 429 || status === 503
          ? [...RATE_HEADERS, 'Retry-After']
          : status === 409 && list.includes('idempotencyInProgress')
            ? ['Retry-After']
            : admitted
              ? RATE_HEADERS
              : [],
      ),
      content: json(ref('schemas', 'Error'), extra),
    };
  }
  return out;
}

/** Codes only the rack and plan routes answer. */
const STORED_ONLY: readonly ErrorCode[] = ['offcutsTaken', 'rackFull'];
/** Codes only a POST with an `Idempotency-Key` answers. */
const IDEMPOTENT_ONLY: readonly ErrorCode[] = ['idempotencyInProgress', 'idempotencyKeyReused'];
export const SOLVE_ERRORS: readonly ErrorCode[] = ERROR_CODES.filter(
  (c) => c !== 'notFound' && c !== 'forbiddenOrigin' && !STORED_ONLY.includes(c),
);
export const GET_SOLVE_ERRORS = SOLVE_ERRORS.filter((c) => !IDEMPOTENT_ONLY.includes(c));
/** `Idempotency-Key` on the solving POSTs (docs/api.md, "Idempotent retries"). */
export const IDEMPOTENCY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Up to 255 printable ASCII characters, unique per logical call (a UUID). The outcome (a 200, or a 422 `noPlanFound`) is stored for 24 hours for this caller (key workspace, or IP address) with a fingerprint of the request; a repeat gets it again (a file rendered again from the stored plan, byte for byte) with `Idempotent-Replayed: true`, uncounted, even when the limit is spent. The same key with another request is 422 `idempotencyKeyReused`; while the first call runs, 409 `idempotencyInProgress` with `Retry-After`. Refusals (400, 401, 413, 429, 503, 500) store nothing. Without the header nothing is stored.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
};
/**
 * The MCP endpoint's HTTP errors: a solve's admission refusals (for tools/call), the body's and the Origin
 * guard's. A 422 (and a 400 of the arguments) is a tool error in a 200, not an HTTP status there.
 */
export const MCP_ERRORS: readonly ErrorCode[] = ERROR_CODES.filter(
  (c) =>
    c !== 'notFound' &&
    c !== 'queryTooLong' &&
    c !== 'noPlanFound' &&
    !STORED_ONLY.includes(c) &&
    !IDEMPOTENT_ONLY.includes(c),
);
/**
 * What a route that reads no body and no key (health, this document, the playground) can still answer:
 * a request API Gateway or the local server cannot read (400; API Gateway's own 4xx keep the error shape),
 * headers over the local server's limit (431), a bug (500), and API Gateway's throttling (503).
 */
export const DOC_ERRORS: readonly ErrorCode[] = ['validation', 'headersTooLarge', 'internal', 'busy'];
