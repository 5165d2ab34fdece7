/**
 * The OpenAPI paths of the offcut rack and stored plans (docs/api.md, "The offcut rack"): the rack's
 * entries, bookings and the stored plan's files, with the errors these routes answer (no solve, so no
 * partsLimit, noPlanFound or queryTooLong).
 */
import type { ErrorCode } from '../errors.ts';
import { PLAN_RETENTION_DAYS as PLAN_DAYS } from '../stored/workspace-state.ts';
import { errorResponses, headers, IDEMPOTENCY_PARAMETER, json, KEYED, RATE_HEADERS } from './responses.ts';
import type { Schema } from './schemas.ts';

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
/** Codes of a POST that changes the rack, sent with an `Idempotency-Key`. */
const KEYED_CHANGE: readonly ErrorCode[] = ['idempotencyInProgress', 'idempotencyKeyReused'];
/** `Idempotency-Key` on the POSTs that change the rack (docs/api.md, "Idempotent retries"). */
const CHANGE_IDEMPOTENCY_PARAMETER = {
  ...IDEMPOTENCY_PARAMETER,
  description:
    "Up to 255 printable ASCII characters, unique per logical call (a UUID), so a call retried after a lost connection changes the rack once. The answer (a 200; for a booking also a 409 `offcutsTaken`) is stored for 24 hours for the key's workspace with a fingerprint of the request (route, plan id, body, Content-Type); a repeat gets it again with `Idempotent-Replayed: true`, uncounted, even when the rack window is spent. The same key with another request is 422 `idempotencyKeyReused`; while the first call runs, 409 `idempotencyInProgress` with `Retry-After`. Refusals before the change (400, 401, 404, 413, 429, 503, 500) store nothing. Without the header nothing is stored.",
};
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
export function statePaths(plan: unknown): Record<string, unknown> {
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
        parameters: [CHANGE_IDEMPOTENCY_PARAMETER],
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
            headers: headers([...RATE_HEADERS, 'Idempotent-Replayed']),
            content: json({
              type: 'object',
              required: ['unit', 'offcuts'],
              properties: { unit: { type: 'string' }, offcuts: { type: 'array', items: RACK_ENTRY } },
            }),
          },
          ...errorResponses([...STATE_ERRORS, 'rackFull', ...KEYED_CHANGE], []),
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
        parameters: [ID_PARAMETER('The plan id (`plan.id`).'), CHANGE_IDEMPOTENCY_PARAMETER],
        responses: {
          '200': {
            description: 'The booking record.',
            headers: headers([...RATE_HEADERS, 'Idempotent-Replayed']),
            content: json(BOOKING),
          },
          ...errorResponses([...STATE_ERRORS, 'offcutsTaken', 'rackFull', ...KEYED_CHANGE], []),
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
