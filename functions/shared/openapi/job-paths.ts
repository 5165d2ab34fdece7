/**
 * The OpenAPI paths of async jobs (docs/api.md, "Async jobs"): submit, read, cancel or forget, list; the
 * job object and its page.
 */
import type { ErrorCode } from '../errors.ts';
import { JOB_POLL_SECONDS, JOB_QUEUE_MS, JOB_RETENTION_DAYS } from '../jobs/jobs.ts';
import {
  errorResponses,
  headers,
  IDEMPOTENCY_PARAMETER,
  json,
  KEYED,
  RATE_HEADERS,
  ref,
} from './responses.ts';
import type { Schema } from './schemas.ts';

const READ_ERRORS: readonly ErrorCode[] = [
  'validation',
  'keyRequired',
  'badKey',
  'notFound',
  'internal',
  'busy',
];
const SUBMIT_ERRORS: readonly ErrorCode[] = [
  'validation',
  'keyRequired',
  'badKey',
  'payloadTooLarge',
  'partsLimit',
  'idempotencyInProgress',
  'idempotencyKeyReused',
  'rateLimited',
  'internal',
  'busy',
];

const iso = (description: string): Schema => ({ type: ['string', 'null'], format: 'date-time', description });

/** A job as `GET /v1/jobs/{id}` shows it. */
export const JOB_SCHEMA: Schema = {
  type: 'object',
  description: 'An async job.',
  required: ['id', 'status', 'createdAt', 'progress', 'result', 'error', 'deliveries'],
  properties: {
    id: { type: 'string', description: 'The job id (`job_…`).' },
    status: {
      type: 'string',
      enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'],
      description: `\`queued\` until a worker takes it (at most ${JOB_QUEUE_MS / 60_000} minutes, else it fails), \`running\` while it solves, then \`succeeded\`, \`failed\` or \`cancelled\`.`,
    },
    createdAt: iso('When it was accepted.'),
    startedAt: iso('When a worker took it.'),
    endedAt: iso('When it ended.'),
    expiresAt: iso(`When it is forgotten: ${JOB_RETENTION_DAYS} days after it was accepted.`),
    budgetSeconds: {
      type: 'number',
      description: "The solve budget: the request's `timeLimit` capped by the tier, else the automatic 5 s.",
    },
    progress: {
      type: ['object', 'null'],
      description: 'While running: where the solve stands, written every few seconds; null before.',
      required: ['elapsedMs', 'budgetMs', 'best', 'bound', 'unit'],
      properties: {
        elapsedMs: { type: 'number', description: 'Time the solve has run.' },
        budgetMs: { type: 'number', description: 'Its budget.' },
        best: {
          type: ['number', 'null'],
          description: "The best plan's value so far (in `unit`), null before the first.",
        },
        bound: {
          type: ['number', 'null'],
          description: 'The proven bound so far (in `unit`), null before the first.',
        },
        unit: { type: 'string', description: 'What best and bound count (`bars`, or a cost).' },
      },
    },
    result: {
      anyOf: [ref('schemas', 'OptimiseResponse'), { type: 'null' }],
      description:
        'Once succeeded (on GET /v1/jobs/{id} only): the optimise response body; its plan is stored (`plan.id`), so GET /v1/plans/{id}/pdf, /labels and /csv render it without solving again.',
    },
    error: {
      type: ['object', 'null'],
      description: 'Once failed: why, as an error body (`noPlanFound`, `validation`, `internal`, …).',
      properties: { error: { type: 'string' }, detail: { type: 'string' } },
    },
    planId: { type: ['string', 'null'], description: "The stored plan's id once succeeded." },
    webhook: { type: ['string', 'null'], description: 'Where its end is sent.' },
    deliveries: {
      type: 'array',
      description: 'Attempts at delivering its webhook, oldest first.',
      items: {
        type: 'object',
        required: ['attempt', 'at', 'status'],
        properties: {
          attempt: { type: 'integer' },
          at: { type: 'string', format: 'date-time' },
          status: { type: ['integer', 'null'], description: "The receiver's HTTP status; null when none." },
          error: { type: 'string' },
          nextAttemptAt: { type: 'string', format: 'date-time' },
        },
      },
    },
    url: { type: 'string', description: 'Its absolute URL (the `Location` of the submission).' },
  },
};

export const JOB_PAGE_SCHEMA: Schema = {
  type: 'object',
  required: ['jobs', 'nextCursor'],
  properties: {
    jobs: {
      type: 'array',
      items: ref('schemas', 'Job'),
      description: 'Newest first; `result` is null here.',
    },
    nextCursor: {
      type: ['string', 'null'],
      description: 'Send as `cursor` for the next page; null at the end.',
    },
  },
};

const ID = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The job id (`job_…`).',
  schema: { type: 'string' },
};
const POLL = `Poll again after \`Retry-After\` (${JOB_POLL_SECONDS} s) while it is active. Never counted.`;

export function jobPaths(): Record<string, unknown> {
  return {
    '/v1/jobs': {
      post: {
        operationId: 'createJob',
        summary: 'Submit an async job',
        description: `The optimise body (plus an optional \`webhook\`), solved off the connection: answered at once with 202, the job and its \`Location\`. Needs a key (401 \`keyRequired\`). Counted once, as a call, and refunded when it ends without a plan; at most the tier's jobs in flight at once per key (429 names the cap). Its input, record and result are stored for the key's workspace for ${JOB_RETENTION_DAYS} days (DELETE forgets them). An \`Idempotency-Key\` is honoured as on POST /v1/optimise: a repeat gets the same job.`,
        security: KEYED,
        parameters: [IDEMPOTENCY_PARAMETER],
        requestBody: { required: true, content: json(ref('schemas', 'JobRequest')) },
        responses: {
          '202': {
            description: 'Accepted: the job (`queued`); `Location` is its URL.',
            headers: headers(['Location', 'Retry-After', ...RATE_HEADERS, 'Idempotent-Replayed']),
            content: json(ref('schemas', 'Job')),
          },
          ...errorResponses(SUBMIT_ERRORS, []),
        },
      },
      get: {
        operationId: 'listJobs',
        summary: "The workspace's recent jobs",
        description: 'Newest first, paginated. Never counted.',
        security: KEYED,
        parameters: [
          {
            name: 'limit',
            in: 'query',
            required: false,
            description: 'Jobs per page, 1 to 100 (default 20).',
            schema: { type: 'integer', minimum: 1, maximum: 100 },
          },
          {
            name: 'cursor',
            in: 'query',
            required: false,
            description: "The previous page's `nextCursor`.",
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': { description: 'A page of jobs.', headers: headers([]), content: json(JOB_PAGE_SCHEMA) },
          ...errorResponses(READ_ERRORS, []),
        },
      },
    },
    '/v1/jobs/{id}': {
      get: {
        operationId: 'getJob',
        summary: 'An async job',
        description: `Its status, progress while running, and once succeeded its result. ${POLL} A job of another workspace is a 404.`,
        security: KEYED,
        parameters: [ID],
        responses: {
          '200': {
            description: 'The job.',
            headers: headers(['Retry-After']),
            content: json(ref('schemas', 'Job')),
          },
          ...errorResponses(READ_ERRORS, []),
        },
      },
      delete: {
        operationId: 'cancelJob',
        summary: 'Cancel a job, or forget an ended one',
        description:
          'An active job is cancelled (its solve stops; it is refunded): 200 with the job. An ended job is forgotten with its input, result and deliveries: 204 (its stored plan stays until deleted or expired). Never counted.',
        security: KEYED,
        parameters: [ID],
        responses: {
          '200': { description: 'Cancelled.', headers: headers([]), content: json(ref('schemas', 'Job')) },
          '204': { description: 'Forgotten.', headers: headers([]) },
          ...errorResponses(READ_ERRORS, []),
        },
      },
    },
  };
}
