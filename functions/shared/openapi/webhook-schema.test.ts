/** The documented webhook event and delivery attempt fit what the webhook module sends and records. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { type DeliveryAttempt, jobEndedBody, MAX_ATTEMPTS } from '../webhooks/index.ts';
import { WEBHOOK_DELIVERY_SCHEMA, WEBHOOK_EVENT_SCHEMA, webhookOperations } from './webhook-schema.ts';

const ajv = new Ajv2020({ strict: false, allErrors: true });
(formats as unknown as { default: (a: Ajv2020) => void }).default(ajv);
const strict = (schema: object) => ajv.compile({ ...schema, additionalProperties: false });

describe('the webhook in the OpenAPI document', () => {
  it.each(['succeeded', 'failed', 'cancelled'] as const)('describes the job.%s event as sent', (status) => {
    const validate = strict(WEBHOOK_EVENT_SCHEMA);
    const body = JSON.parse(
      jobEndedBody({ jobId: 'jb_1', status, url: 'https://api.example.com/v1/jobs/jb_1' }),
    );
    expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
    expect(validate({ ...body, type: 'job.running' })).toBe(false);
  });

  it('describes delivery attempts as recorded, and refuses one past the last attempt', () => {
    const validate = strict(WEBHOOK_DELIVERY_SCHEMA);
    const attempts: DeliveryAttempt[] = [
      {
        attempt: 1,
        at: '2026-12-06T08:00:00.000Z',
        status: null,
        error: 'connect ECONNREFUSED',
        nextAttemptAt: '2026-12-06T08:00:05.000Z',
      },
      { attempt: 2, at: '2026-12-06T08:00:05.000Z', status: 204 },
    ];
    for (const a of attempts) expect(validate(a), ajv.errorsText(validate.errors)).toBe(true);
    expect(validate({ attempt: MAX_ATTEMPTS + 1, at: '2026-12-06T08:00:05.000Z', status: 500 })).toBe(false);
  });

  it('names the three Standard Webhooks headers as required', () => {
    const op = (
      webhookOperations().jobEnded as { post: { parameters: { name: string; required: boolean }[] } }
    ).post;
    expect(op.parameters.map((p) => [p.name, p.required])).toEqual([
      ['webhook-id', true],
      ['webhook-timestamp', true],
      ['webhook-signature', true],
    ]);
  });
});
