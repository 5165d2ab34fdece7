/**
 * The jobs' dependencies over one DynamoDB client and table, built once per container: the job store, the
 * stored bodies, the admitter, the clock and the webhooks port. The API function, the worker Lambda and
 * the local server share it.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Admitter } from '../admission.ts';
import { systemClock } from '../clock.ts';
import type { Logger } from '../log.ts';
import { createDynamoBodyStore } from '../stored/dynamo-body-store.ts';
import { createDynamoJobStore } from './dynamo-job-store.ts';
import type { JobsDeps } from './jobs.ts';
import type { JobWebhooks } from './webhook-port.ts';

export function jobsDeps(options: {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  readonly admitter: Admitter;
  readonly log: Logger;
  readonly webhooks: JobWebhooks;
}): JobsDeps {
  return {
    jobs: createDynamoJobStore(options),
    bodies: createDynamoBodyStore(options),
    admitter: options.admitter,
    clock: systemClock,
    log: options.log,
    webhooks: options.webhooks,
  };
}
