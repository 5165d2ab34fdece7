/**
 * A job's webhook in the OpenAPI document (docs/api.md, "Webhooks"): the event the service POSTs to the
 * job's `webhook` URL, its Standard Webhooks headers, and a delivery attempt as `GET /v1/jobs/{id}` lists
 * it (functions/shared/webhooks/).
 */
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, SEND_TIMEOUT_MS } from '../webhooks/schedule.ts';
import type { Schema } from './schemas.ts';

const STATUSES = ['succeeded', 'failed', 'cancelled'] as const;

/** The body of a webhook delivery. */
export const WEBHOOK_EVENT_SCHEMA: Schema = {
  type: 'object',
  description:
    'A job ended. Thin on purpose: read the job (its result) at `data.url` with your key. Verify the signature on the raw body before parsing it.',
  required: ['type', 'data'],
  properties: {
    type: { type: 'string', enum: STATUSES.map((s) => `job.${s}`) },
    data: {
      type: 'object',
      required: ['id', 'status', 'url'],
      properties: {
        id: { type: 'string', description: 'The job id.' },
        status: { type: 'string', enum: [...STATUSES] },
        url: { type: 'string', format: 'uri', description: "The job's absolute `GET /v1/jobs/{id}` URL." },
      },
    },
  },
};

/**
 * One attempt at delivering a job's webhook: the items of a job's `deliveries` (the jobs routes put it in
 * the document's components as `WebhookDelivery` where they reference it).
 */
export const WEBHOOK_DELIVERY_SCHEMA: Schema = {
  type: 'object',
  description: `One attempt at delivering a job's webhook (at most ${MAX_ATTEMPTS}, over about a day).`,
  required: ['attempt', 'at', 'status'],
  properties: {
    attempt: { type: 'integer', minimum: 1, maximum: MAX_ATTEMPTS },
    at: { type: 'string', format: 'date-time' },
    status: {
      type: ['integer', 'null'],
      description: "The receiver's HTTP status; null when none came (no answer, network error, refused URL).",
    },
    error: { type: 'string', description: 'Why the attempt failed; absent after a 2xx.' },
    nextAttemptAt: {
      type: 'string',
      format: 'date-time',
      description: 'When the next attempt is due; absent after a success and after the last attempt.',
    },
  },
};

const seconds = (ms: number) =>
  ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`;

/** The `webhooks` member of the document: the job-ended message. */
export function webhookOperations(): Record<string, unknown> {
  const header = (name: string, description: string, example: string) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
    example,
  });
  return {
    jobEnded: {
      post: {
        operationId: 'jobEnded',
        summary: 'A job ended (sent to the job’s webhook URL)',
        description: [
          'Standard Webhooks: `webhook-signature` is `v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64 part of the key’s `whsec_` secret (`cutplan keys webhook-secret`). During a secret rotation it holds two signatures, space-separated. Refuse a timestamp more than 5 minutes from your clock.',
          `Answer 2xx within ${SEND_TIMEOUT_MS / 1000} s. Anything else (no answer, a redirect, 4xx, 5xx) is retried after ${RETRY_DELAYS_MS.map(seconds).join(', ')}; the same \`webhook-id\` on every attempt.`,
        ].join('\n\n'),
        security: [],
        parameters: [
          header(
            'webhook-id',
            'The message id, the same on every attempt (`msg_<jobId>`).',
            'msg_jb_Qm9vZ2llV29vZ2llQm9vZw',
          ),
          header('webhook-timestamp', 'The attempt time, whole seconds since the epoch.', '1765011600'),
          header(
            'webhook-signature',
            'One `v1,<base64>` per valid secret, space-separated.',
            'v1,K0Jc7ujTb1FdPSnRZlJNcZJHlvUVFsFcMq+XH2oxbXk= v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=',
          ),
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookEvent' } } },
        },
        responses: {
          '200': { description: 'Received (any 2xx ends the retries).' },
          '400': { description: 'Refused (for example a bad signature); the delivery is retried.' },
        },
      },
    },
  };
}
