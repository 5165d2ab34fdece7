/**
 * The OpenAPI 3.1 document of the API, built from the code that serves it: the route table, the request
 * and response schemas (`schemas.ts`), the query parameters the GET parser takes, the error codes and
 * their statuses, the tiers. `npm run openapi` writes it to `docs/openapi.json`, which `GET
 * /v1/openapi.json` serves; a test rebuilds it and fails when the committed file is not current.
 */
import { ERROR_CODES, type ErrorCode, statusOf } from '../../../core/errors.ts';
import { QUERY_PARAMETERS } from '../../../core/request/index.ts';
import { EXPOSED_HEADERS } from '../http/cors.ts';
import { ROUTES } from '../routes.ts';
import { PLAN_RETENTION_DAYS as PLAN_DAYS } from '../stored/workspace-state.ts';
import { TIER_NAMES, TIERS } from '../tiers.ts';
import { OPENAPI_PATH, PLAYGROUND_PATH } from './paths.ts';
import { type Schema, schemaComponents } from './schemas.ts';

/** Examples for the document, taken from `events/` (see `examples.ts`). */
export interface OpenApiExamples {
  /** Request bodies the parser accepts, by endpoint. */
  readonly requests: readonly {
    name: string;
    endpoint: 'json' | 'pdf' | 'labels' | 'csv';
    summary: string;
    body: unknown;
  }[];
  /** Refused sample events (400, 413): the code and detail the parser gives. */
  readonly refusals: readonly { name: string; summary: string; error: ErrorCode; detail: string }[];
  /** The query of a GET sample, parameter → value. */
  readonly query: Readonly<Record<string, string>>;
  /** A plan the service returned for the `query` example. */
  readonly response: unknown;
  /** JSON-RPC messages of the MCP sample events. */
  readonly mcp: readonly { name: string; summary: string; body: unknown }[];
}

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const json = (schema: Schema, extra: Schema = {}) => ({ 'application/json': { schema, ...extra } });

const HEADERS: Readonly<Record<string, { description: string; schema: Schema }>> = {
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
const RATE_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
];
/** A file route's 200: the admission's rate headers and, as the file has no `meta`, its time limit. */
const FILE_HEADERS = [...RATE_HEADERS, 'X-Time-Limit', 'X-Requested-Time-Limit', 'X-Plan-Id'];
const headers = (names: readonly string[]) =>
  Object.fromEntries(['X-Request-Id', ...names].map((n) => [n, ref('headers', n)]));

const WHEN: Readonly<Record<ErrorCode, string>> = {
  validation:
    'The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems).',
  badKey:
    "The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list.",
  keyRequired:
    'The offcut rack and stored plans belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`).',
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
    'Rate limit or monthly cap reached. `Retry-After`, `retryAfterSeconds` and `resetAt` say when it resets. Failed calls never count.',
  internal: 'A bug, or a plan that failed verification (never returned). `detail` names the request id.',
  busy: 'The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`.',
};

function errorResponses(
  codes: readonly ErrorCode[],
  refusals: OpenApiExamples['refusals'],
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
const SOLVE_ERRORS: readonly ErrorCode[] = ERROR_CODES.filter(
  (c) => c !== 'notFound' && c !== 'forbiddenOrigin' && !STORED_ONLY.includes(c),
);
const GET_SOLVE_ERRORS = SOLVE_ERRORS.filter((c) => !IDEMPOTENT_ONLY.includes(c));
/** `Idempotency-Key` on the solving POSTs (docs/api.md, "Idempotent retries"). */
const IDEMPOTENCY_PARAMETER = {
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
const MCP_ERRORS: readonly ErrorCode[] = ERROR_CODES.filter(
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
const DOC_ERRORS: readonly ErrorCode[] = ['validation', 'headersTooLarge', 'internal', 'busy'];
const PUBLIC = [] as const;
const KEYED = [{}, { ApiKey: [] }];

function queryParameters(example: Readonly<Record<string, string>>): unknown[] {
  const described: Readonly<Record<string, string>> = {
    shorthand: 'Shorthand text, as in the body.',
    number: 'A number: optional minus sign, digits with optional decimals, optional exponent.',
    boolean: '`true`, `false`, `1` or `0`.',
    text: 'The value, as in the body.',
    json: 'JSON text of the body field, e.g. `[{"length": 6000, "quantity": 10, "price": 12.5}]`.',
  };
  return Object.entries(QUERY_PARAMETERS).map(([name, kind]) => ({
    name,
    in: 'query',
    required: name === 'parts',
    description: `The body field \`${name}\`. ${described[kind]}`,
    schema:
      kind === 'shorthand'
        ? ref('schemas', 'ShorthandList')
        : kind === 'boolean'
          ? { type: 'string', enum: ['true', 'false', '1', '0'] }
          : { type: 'string' },
    ...(example[name] === undefined ? {} : { example: example[name] }),
  }));
}

/** `GET /v1/usage`'s answer (functions/handlers/usage-handler.ts). */
const USAGE_SCHEMA: Schema = {
  type: 'object',
  required: ['tier', 'windows', 'month'],
  properties: {
    tier: { type: 'string', enum: [...TIER_NAMES] },
    windows: {
      type: 'array',
      description: 'Every counting window of the tier, the longest first.',
      items: {
        type: 'object',
        required: ['window', 'limit', 'used', 'remaining', 'resetAt'],
        properties: {
          window: {
            type: 'string',
            description:
              'The window: `month` (calendar month, UTC), `hour`, `minute`, or `<n> seconds` for another length.',
            examples: ['month', 'hour', 'minute'],
          },
          limit: { type: 'integer', minimum: 0 },
          used: { type: 'integer', minimum: 0 },
          remaining: { type: 'integer', minimum: 0 },
          resetAt: { type: 'string', format: 'date-time' },
        },
      },
    },
    month: {
      type: 'object',
      description: 'The calendar month (UTC) so far.',
      required: ['used', 'refunded'],
      properties: {
        used: { type: 'integer', minimum: 0, description: 'Calls counted and answered.' },
        refunded: {
          type: ['integer', 'null'],
          minimum: 0,
          description: 'Calls admitted, then refunded; null for the public tier (not kept per IP).',
        },
      },
    },
  },
};

/** Errors of the rack and plan routes: no solve, so no partsLimit, noPlanFound or queryTooLong. */
const STATE_ERRORS: readonly ErrorCode[] = [
  'validation',
  'keyRequired',
  'badKey',
  'notFound',
  'methodNotAllowed',
  'payloadTooLarge',
  'rateLimited',
  'internal',
  'busy',
];
const ID_PARAMETER = (what: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description: what,
  schema: { type: 'string' },
});
const RACK_ENTRY: Schema = {
  type: 'object',
  description: 'One rack entry: one per length, material and source, with a quantity.',
  required: ['id', 'length', 'quantity', 'material', 'priority', 'label', 'location', 'source', 'createdAt'],
  properties: {
    id: { type: 'string', description: 'The entry id (`oc_…`), named by `usedComb.rackId`.' },
    length: { type: 'number', description: "Length, in the rack's unit." },
    quantity: { type: 'integer', minimum: 1, description: 'Pieces on the rack.' },
    material: { type: ['string', 'null'], description: 'Material tag; null when untagged.' },
    priority: { type: 'boolean', description: 'Use first among equally good plans.' },
    label: { type: ['string', 'null'], description: 'A name for the piece (rack only).' },
    location: { type: ['string', 'null'], description: 'Where it lies in the shop (rack only).' },
    source: {
      type: 'string',
      description:
        '`hand` (added through POST /v1/offcuts), or the id of the booked plan whose remnant it is.',
    },
    createdAt: { type: 'string', format: 'date-time', description: 'When the entry was made.' },
  },
};
const BOOKED_LINE: Schema = {
  type: 'object',
  required: ['id', 'length', 'quantity', 'material'],
  properties: {
    id: { type: 'string', description: 'The rack entry.' },
    length: { type: 'number' },
    quantity: { type: 'integer' },
    material: { type: ['string', 'null'] },
  },
};
const BOOKING: Schema = {
  type: 'object',
  description: 'A booking: the same body on every repeat.',
  required: ['planId', 'bookedAt', 'unit', 'taken', 'racked'],
  properties: {
    planId: { type: 'string' },
    bookedAt: { type: 'string', format: 'date-time' },
    unit: { type: 'string' },
    taken: { type: 'array', items: BOOKED_LINE, description: 'Offcuts taken from the rack.' },
    racked: {
      type: 'array',
      items: BOOKED_LINE,
      description: "The plan's remnants of at least minRemnant, put on the rack (source: the plan).",
    },
  },
};

/** The offcut rack and stored plans (docs/api.md, "The offcut rack"). */
function statePaths(plan: unknown): Record<string, unknown> {
  const stateResponses = errorResponses(STATE_ERRORS, []);
  const page = {
    type: 'object',
    required: ['unit', 'offcuts', 'nextPageToken'],
    properties: {
      unit: {
        type: ['string', 'null'],
        description: "The rack's unit; null while it has never held an entry.",
      },
      offcuts: { type: 'array', items: RACK_ENTRY },
      nextPageToken: {
        type: ['string', 'null'],
        description: 'Send as pageToken for the next page; null at the end.',
      },
    },
  };
  const file = (summary: string, media: Record<string, unknown>, parameters: unknown[] = []) => ({
    summary,
    description: 'Rendered from the stored job: the same bytes as the file answered when the plan was made.',
    security: KEYED,
    parameters: [ID_PARAMETER('The plan id (`plan.id`).'), ...parameters],
    responses: {
      '200': {
        description: 'The file; `X-Plan-Id` names the plan.',
        headers: headers([...RATE_HEADERS, 'X-Plan-Id']),
        content: media,
      },
      ...stateResponses,
    },
  });
  const pdfMedia = { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } };
  return {
    '/v1/offcuts': {
      get: {
        operationId: 'listOffcuts',
        summary: "List the workspace's offcut rack",
        description:
          "Every key of a workspace shares its rack. Needs a key (401 `keyRequired` without one); not a solve, counted against the tier's rack calls per minute.",
        security: KEYED,
        parameters: [
          {
            name: 'material',
            in: 'query',
            required: false,
            description: 'Only entries of this material.',
            schema: { type: 'string' },
          },
          {
            name: 'untagged',
            in: 'query',
            required: false,
            description: '`true`: only untagged entries.',
            schema: { type: 'string', enum: ['true'] },
          },
          {
            name: 'pageSize',
            in: 'query',
            required: false,
            description: 'Entries per page, 1 to 500 (default 100).',
            schema: { type: 'integer', minimum: 1, maximum: 500 },
          },
          {
            name: 'pageToken',
            in: 'query',
            required: false,
            description: "The previous page's nextPageToken.",
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': { description: 'A page of the rack.', headers: headers(RATE_HEADERS), content: json(page) },
          ...stateResponses,
        },
      },
      post: {
        operationId: 'addOffcuts',
        summary: 'Put offcuts on the rack',
        description:
          "`offcuts` in every form a request's `offcuts` takes (long form, `[length, quantity]`, shorthand), plus `label` and `location` on long-form entries. An entry of the same length, material and hand source adds to its quantity. The rack keeps one unit (default: the rack's, else mm): another is a 400 naming both. Over the tier's rack size: 413 `rackFull`. With `Content-Type: text/csv` (this route only) the body is a CSV file with columns length, quantity, material, label, location (the cut-list CSV rules), and `?unit=` names its unit.",
        security: KEYED,
        requestBody: {
          required: true,
          content: {
            ...json(
              {
                type: 'object',
                required: ['offcuts'],
                properties: {
                  offcuts: { description: "The offcuts, as a request's offcuts (plus label and location)." },
                  unit: { type: 'string', description: "The offcuts' unit; must be the rack's." },
                },
              },
              {
                examples: {
                  shorthand: { summary: 'Shorthand', value: { offcuts: '2500x2, 1200', unit: 'mm' } },
                  long: {
                    summary: 'Long form with rack fields',
                    value: {
                      offcuts: [
                        { length: 1800, quantity: 1, material: 'steel', label: 'A2', location: 'shelf 1' },
                      ],
                    },
                  },
                },
              },
            ),
            'text/csv': { schema: { type: 'string' } },
          },
        },
        responses: {
          '200': {
            description: 'The entries made or added to.',
            headers: headers(RATE_HEADERS),
            content: json({
              type: 'object',
              required: ['unit', 'offcuts'],
              properties: { unit: { type: 'string' }, offcuts: { type: 'array', items: RACK_ENTRY } },
            }),
          },
          ...errorResponses([...STATE_ERRORS, 'rackFull'], []),
        },
      },
    },
    '/v1/offcuts/{id}': {
      patch: {
        operationId: 'changeOffcut',
        summary: 'Change a rack entry',
        description: 'Changes quantity (0 removes the entry: 204), priority, label or location.',
        security: KEYED,
        parameters: [ID_PARAMETER('The entry id (`oc_…`).')],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            properties: {
              quantity: { type: 'integer', minimum: 0 },
              priority: { type: 'boolean' },
              label: { type: ['string', 'null'] },
              location: { type: ['string', 'null'] },
            },
          }),
        },
        responses: {
          '200': {
            description: 'The entry as changed.',
            headers: headers(RATE_HEADERS),
            content: json(RACK_ENTRY),
          },
          '204': { description: 'Quantity 0: the entry is removed.', headers: headers(RATE_HEADERS) },
          ...stateResponses,
        },
      },
      delete: {
        operationId: 'deleteOffcut',
        summary: 'Remove a rack entry',
        security: KEYED,
        parameters: [ID_PARAMETER('The entry id (`oc_…`).')],
        responses: { '204': { description: 'Removed.', headers: headers(RATE_HEADERS) }, ...stateResponses },
      },
    },
    '/v1/plans/{id}': {
      get: {
        operationId: 'getPlan',
        summary: 'A stored plan',
        description: `The plan of a solve with \`"offcuts": "rack"\`, as it was answered. Plans are kept ${PLAN_DAYS} days, for the workspace that made them.`,
        security: KEYED,
        parameters: [ID_PARAMETER('The plan id (`plan.id`).')],
        responses: { '200': plan, ...stateResponses },
      },
      delete: {
        operationId: 'deletePlan',
        summary: 'Forget a stored plan',
        security: KEYED,
        parameters: [ID_PARAMETER('The plan id (`plan.id`).')],
        responses: {
          '204': { description: 'Forgotten.', headers: headers(RATE_HEADERS) },
          ...stateResponses,
        },
      },
    },
    '/v1/plans/{id}/cut': {
      post: {
        operationId: 'bookPlan',
        summary: 'Book a plan once it is cut',
        description:
          'Takes every offcut the plan used from the rack and racks its remnants of at least minRemnant, all or nothing. A repeat answers the identical body and changes nothing. When an offcut the plan used is gone, 409 `offcutsTaken` names it (`taken`) and the rack is unchanged: optimise again.',
        security: KEYED,
        parameters: [ID_PARAMETER('The plan id (`plan.id`).')],
        responses: {
          '200': {
            description: 'The booking record.',
            headers: headers(RATE_HEADERS),
            content: json(BOOKING),
          },
          ...errorResponses([...STATE_ERRORS, 'offcutsTaken', 'rackFull'], []),
        },
      },
    },
    '/v1/plans/{id}/pdf': { get: { operationId: 'planPdf', ...file('The stored plan as a PDF', pdfMedia) } },
    '/v1/plans/{id}/labels': {
      get: {
        operationId: 'planLabels',
        ...file(
          "The stored plan's piece labels",
          { ...pdfMedia, 'application/zpl': { schema: { type: 'string' } } },
          [
            {
              name: 'format',
              in: 'query',
              required: false,
              description: '`pdf` (default) or `zpl`.',
              schema: { type: 'string', enum: ['pdf', 'zpl'] },
            },
          ],
        ),
      },
    },
    '/v1/plans/{id}/csv': {
      get: {
        operationId: 'planCsv',
        ...file("The stored plan's saw list", { 'text/csv': { schema: { type: 'string' } } }, [
          {
            name: 'separator',
            in: 'query',
            required: false,
            description: '`comma` (default) or `semicolon`.',
            schema: { type: 'string', enum: ['comma', 'semicolon'] },
          },
        ]),
      },
    },
  };
}

/** Builds the document. Pure: the same version and examples give the same document. */
export function buildOpenApiDocument(version: string, examples: OpenApiExamples): Record<string, unknown> {
  const requestExamples = (endpoint: 'json' | 'pdf' | 'labels' | 'csv') =>
    Object.fromEntries(
      examples.requests
        .filter((e) => e.endpoint === endpoint)
        .map((e) => [e.name, { summary: e.summary, value: e.body }]),
    );
  const plan = {
    description:
      'A verified plan. A solve still running 20 s after admission commits this 200 early and sends spaces (JSON whitespace) every 15 s before the body; a failure decided after that arrives in place of the plan as a late failure: the error object with `status`, the HTTP status it would have had (`{"error": "noPlanFound", "detail": "…", "status": 422}`). Read a 200 whose object has `error` and a numeric `status` as that error.',
    headers: headers([...RATE_HEADERS, 'Idempotent-Replayed']),
    content: json(ref('schemas', 'OptimiseResponse'), {
      examples: { query: { summary: 'The plan of the GET example', value: examples.response } },
    }),
  };
  const tiers = TIER_NAMES.map((n) => {
    const t = TIERS[n];
    return `${n}: ${t.maxParts} parts, ${t.maxLines} distinct lines, ${t.budgetSeconds} s budget`;
  }).join('; ');
  const paths: Record<string, unknown> = {
    ...statePaths(plan),
    '/v1/optimise': {
      get: {
        operationId: 'optimiseQuery',
        summary: 'Solve a small job sent in the query string',
        description:
          'The query is mapped to a body and read exactly as the POST. Labels, materials and angles on parts need the POST. An unknown or repeated parameter is a 400; an empty value counts as absent.',
        security: KEYED,
        parameters: queryParameters(examples.query),
        responses: { '200': plan, ...errorResponses(GET_SOLVE_ERRORS, examples.refusals) },
      },
      post: {
        operationId: 'optimise',
        summary: 'Solve a cut list',
        description:
          'Returns a verified cutting plan with its optimality certificate. Shorthand is expanded first; a shorthand request and its long form return identical plans.',
        security: KEYED,
        parameters: [IDEMPOTENCY_PARAMETER],
        requestBody: {
          required: true,
          content: json(ref('schemas', 'OptimiseRequest'), { examples: requestExamples('json') }),
        },
        responses: { '200': plan, ...errorResponses(SOLVE_ERRORS, examples.refusals) },
      },
    },
    '/v1/optimise/pdf': {
      post: {
        operationId: 'optimisePdf',
        summary: 'Solve a cut list and return a print-ready PDF',
        description:
          "Page 1: purchase order, costs and the optimality certificate; then saw-operator sheets with running cut positions, labels and a tick box per bar. A key's branding is printed.",
        security: KEYED,
        parameters: [IDEMPOTENCY_PARAMETER],
        requestBody: {
          required: true,
          content: json(ref('schemas', 'PdfRequest'), { examples: requestExamples('pdf') }),
        },
        responses: {
          '200': {
            description:
              'The PDF, `Content-Disposition: inline` with a file name from jobName. Its solve is capped at 240 s whatever the tier, so the file is sent whole (nothing may precede `%PDF-`).',
            headers: headers([...FILE_HEADERS, 'Idempotent-Replayed']),
            content: {
              'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
            },
          },
          ...errorResponses(SOLVE_ERRORS, examples.refusals),
        },
      },
    },
    '/v1/mcp': {
      post: {
        operationId: 'mcp',
        summary: 'The MCP tools (Model Context Protocol over Streamable HTTP, stateless)',
        description:
          "One JSON-RPC message of the Model Context Protocol per POST (both the 2025 `initialize` handshake and 2026-07-28 requests; no sessions, so GET answers 405). Tools: `optimise_cut_list` (arguments: the body of POST /v1/optimise; result: the plan as `structuredContent`, its JSON and a summary) and `cutting_plan_pdf` (arguments: the body of POST /v1/optimise/pdf; result: the PDF as an embedded resource). Each `tools/call` of a tool is admitted and counted like an optimise call: its refusals (401, 413, 429, 503) are HTTP statuses with the error body below, and a call that ends in a tool error (a bad argument, whose text is the 400 `detail`) is not counted. Other messages are never counted. An Origin header must be an http(s) origin (403 otherwise); a keyed call must come from one of its key's origins (401). See docs/mcp.md.",
        security: KEYED,
        requestBody: {
          required: true,
          content: json(
            {
              type: 'object',
              description: 'A JSON-RPC 2.0 request or notification of the Model Context Protocol.',
              required: ['jsonrpc', 'method'],
              properties: {
                jsonrpc: { const: '2.0' },
                id: { type: ['string', 'integer'] },
                method: { type: 'string', examples: ['initialize', 'tools/list', 'tools/call'] },
                params: { type: 'object' },
              },
            },
            {
              examples: Object.fromEntries(
                examples.mcp.map((e) => [e.name, { summary: e.summary, value: e.body }]),
              ),
            },
          ),
        },
        responses: {
          '200': {
            description:
              'The JSON-RPC response (a tool error is a result with `isError: true`). A tools/call carries the X-RateLimit headers.',
            headers: headers(RATE_HEADERS),
            content: json({
              type: 'object',
              description: 'A JSON-RPC 2.0 response: `result` (for tools/call, a CallToolResult) or `error`.',
              required: ['jsonrpc', 'id'],
              properties: {
                jsonrpc: { const: '2.0' },
                id: { type: ['string', 'integer', 'null'] },
                result: { type: 'object' },
                error: { type: 'object' },
              },
            }),
          },
          '202': { description: 'A notification, accepted.', headers: headers([]) },
          // The parser's 400s are tool errors here; the other refusals read as on the optimise routes.
          ...errorResponses(
            MCP_ERRORS,
            examples.refusals.filter((r) => r.error !== 'validation'),
          ),
        },
      },
    },
    '/v1/optimise/labels': {
      post: {
        operationId: 'optimiseLabels',
        summary: 'Solve a cut list and return a label per cut piece',
        description:
          "One label per cut piece in saw order (the saw sheets' layout order, bars one after another, pieces from the zero end): job, piece label, length in the request's unit and unitFormat, both angles when mitred, bar, layout, piece and position, and a Code 128 barcode of the piece id `B<bar>P<piece>`. A PDF on A4 sheets of 3 × 8 labels or 100 × 50 mm thermal labels (labelFormat), or ZPL for Zebra printers with `?format=zpl` (100 × 50 mm at 203 dpi; text outside Latin-1 as ^GFA bitmaps). Admitted and counted like the PDF.",
        security: KEYED,
        parameters: [
          {
            name: 'format',
            in: 'query',
            required: false,
            description: '`pdf` (default) or `zpl`.',
            schema: { type: 'string', enum: ['pdf', 'zpl'] },
          },
          IDEMPOTENCY_PARAMETER,
        ],
        requestBody: {
          required: true,
          content: json(ref('schemas', 'LabelsRequest'), { examples: requestExamples('labels') }),
        },
        responses: {
          '200': {
            description:
              'The labels: a PDF (`inline`) or ZPL text (`attachment`), named after jobName (`labels-<jobName>.pdf|zpl`).',
            headers: headers([...FILE_HEADERS, 'Idempotent-Replayed']),
            content: {
              'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
              'application/zpl': { schema: { type: 'string' } },
            },
          },
          ...errorResponses(SOLVE_ERRORS, examples.refusals),
        },
      },
    },
    '/v1/optimise/csv': {
      post: {
        operationId: 'optimiseCsv',
        summary: 'Solve a cut list and return the saw list as CSV',
        description:
          "One row per cut, layouts in the saw sheets' order, RFC 4180 with CRLF line ends. Columns: layout, copies, cut, position, top, bottom, piece, label, material, length, leftAngle, rightAngle, remnant, source, barLength, note (more may be added at the end). Positions are from the bar's zero end, exactly as on the saw sheet: `position` for a square cut, `top` and `bottom` for a mitre. Cells starting with `=`, `+`, `-` or `@` get a leading apostrophe. `?separator=semicolon` writes `;`, decimal commas and a UTF-8 byte-order mark, for Excel in most of Europe.",
        security: KEYED,
        parameters: [
          {
            name: 'separator',
            in: 'query',
            required: false,
            description: '`comma` (default) or `semicolon`.',
            schema: { type: 'string', enum: ['comma', 'semicolon'] },
          },
          IDEMPOTENCY_PARAMETER,
        ],
        requestBody: {
          required: true,
          content: json(ref('schemas', 'OptimiseRequest'), { examples: requestExamples('csv') }),
        },
        responses: {
          '200': {
            description: 'The saw list, `Content-Disposition: attachment; filename="saw-list.csv"`.',
            headers: headers([...FILE_HEADERS, 'Idempotent-Replayed']),
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...errorResponses(SOLVE_ERRORS, examples.refusals),
        },
      },
    },
    '/v1/usage': {
      get: {
        operationId: 'usage',
        summary: 'Where the caller stands: every window of its tier and its month',
        description:
          "Never counted. With a key: the key's tier, its windows and its calendar month (UTC): `used`, calls counted and answered, and `refunded`, calls admitted then refunded (failed or without a plan). Without a key: the public tier's windows for the caller's IP address; `month.used` is the IP's monthly counter and `refunded` is null (not kept per IP).",
        security: KEYED,
        responses: {
          '200': { description: 'The usage.', headers: headers([]), content: json(ref('schemas', 'Usage')) },
          ...errorResponses(['validation', 'badKey', 'headersTooLarge', 'internal', 'busy'], []),
        },
      },
    },
    '/v1/health': {
      get: {
        operationId: 'health',
        summary: 'Health and version',
        description: 'Needs no key; never counted.',
        security: PUBLIC,
        responses: {
          '200': { description: 'Healthy.', headers: headers([]), content: json(ref('schemas', 'Health')) },
          ...errorResponses(DOC_ERRORS, []),
        },
      },
    },
    [OPENAPI_PATH]: {
      get: {
        operationId: 'openapi',
        summary: 'This document',
        description: 'Public, cacheable for an hour, never counted.',
        security: PUBLIC,
        responses: {
          '200': {
            description: 'The OpenAPI 3.1 document.',
            headers: headers([]),
            content: { 'application/json': { schema: { type: 'object' } } },
          },
          ...errorResponses(DOC_ERRORS, []),
        },
      },
    },
    [PLAYGROUND_PATH]: {
      get: {
        operationId: 'playground',
        summary: 'The playground page',
        description:
          'A web page to paste a cut list and see, print and download the plan. Opened with the query of GET /v1/optimise (`/?parts=2400x4,1150x6&stock=6000&kerf=3`) it solves at once. Public, cacheable, never counted.',
        security: PUBLIC,
        responses: {
          '200': {
            description: 'The page.',
            headers: headers([]),
            content: { 'text/html': { schema: { type: 'string' } } },
          },
          ...errorResponses(DOC_ERRORS, []),
        },
      },
    },
  };
  const served = new Set(Object.keys(paths));
  const missing = ROUTES.map((r) => r.path).filter((p) => !served.has(p));
  if (missing.length > 0) throw new Error(`the OpenAPI document does not describe ${missing.join(', ')}`);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'cutplan',
      version,
      summary: 'Cutting-plan optimisation: proven-optimal 1D cutting plans as JSON and print-ready PDFs.',
      description: [
        'Every plan is verified against the request before it is returned; `plan.optimal` is true only when no better plan exists.',
        'Requests are stateless: a call that does not name the offcut rack, and sends no `Idempotency-Key`, stores nothing. Keyed calls may keep a rack of offcuts per workspace (`/v1/offcuts`) and solve against it with `"offcuts": "rack"`; such a plan is stored for its workspace (`/v1/plans/{id}`) for booking and printing. The outcome of a solving POST sent with an `Idempotency-Key` is kept 24 hours for its caller, to answer its retries (docs/api.md). Calls without a key run on the free public tier (30 per hour and 250 per month per IP address); an `X-API-Key` lifts the limits.',
        `Size caps and solve budgets by tier: ${tiers}.`,
        'Responses are open: fields are added, never removed, so clients must ignore fields they do not know.',
        `Browser code may read these headers: ${EXPOSED_HEADERS}.`,
        'Decisions the specification leaves open are in docs/api.md.',
      ].join('\n\n'),
    },
    // Relative to this document (`…/v1/openapi.json`): the API's base, with or without a stage prefix.
    servers: [{ url: '..', description: 'The service that served this document' }],
    security: KEYED,
    paths,
    components: {
      schemas: { ...schemaComponents(), Usage: USAGE_SCHEMA },
      headers: HEADERS,
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description:
            "A paid tier's key, `cp_live_<keyId>_<secret>`. Omit the header for the public tier; an empty or bad key is a 401. From a browser, the page's origin must be on the key's list, or be the service's own.",
        },
      },
    },
  };
}
