/**
 * Signed webhooks (Standard Webhooks) for jobs: signatures and their check, the URL policy, each key's
 * signing secrets, and the deliveries of a job's end with their retries and records. The jobs code calls
 * `checkWebhookUrl` when a job is submitted, `notifyJobEnded` when it ends and `listDeliveries` when it is
 * read; `drainDueWebhooks` runs on a schedule (`functions/webhook-retry.ts`) and on the local server's
 * timer. `createWebhookDeps` wires the DynamoDB store and the Node network adapters.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDynamoWebhookSecrets } from './secrets.ts';
import { dnsResolve, nodeSend } from './transport.ts';
import type { WebhookDeps } from './webhook-deps.ts';

export { nonPublicReason } from './addresses.ts';
export { type DrainResult, drainDueWebhooks, notifyJobEnded } from './deliveries.ts';
export {
  type DeliveryAttempt,
  forgetDeliveries,
  type JobEndedEvent,
  type JobEndStatus,
  jobEndedBody,
  listDeliveries,
  messageIdOf,
} from './delivery-record.ts';
export { MAX_ATTEMPTS, RETRY_DELAYS_MS, SEND_TIMEOUT_MS } from './schedule.ts';
export {
  createDynamoWebhookSecrets,
  ROTATION_GRACE_MS,
  type RotatedSecret,
  type WebhookSecrets,
} from './secrets.ts';
export {
  DEFAULT_TOLERANCE_SEC,
  newWebhookSecret,
  SECRET_PREFIX,
  signWebhook,
  type VerifyOptions,
  type VerifyOutcome,
  verifyWebhook,
  type WebhookHeaders,
  webhookHeaders,
} from './signature.ts';
export { dnsResolve, nodeSend, type Send, type SendOutcome, type WebhookRequest } from './transport.ts';
export {
  checkWebhookUrl,
  MAX_WEBHOOK_URL_LENGTH,
  type Resolve,
  type UrlCheck,
  type UrlPolicy,
} from './url-policy.ts';
export type { WebhookDeps } from './webhook-deps.ts';

/**
 * The deliveries' dependencies over one DynamoDB client: the table, the key secrets, Node's DNS and
 * HTTP(S). `allowPrivate`: true for the local server (a receiver on 127.0.0.1), false deployed.
 */
export function createWebhookDeps(options: {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  readonly allowPrivate: boolean;
  readonly now?: () => number;
  readonly logError?: (message: string, error: unknown) => void;
}): WebhookDeps {
  const now = options.now ?? Date.now;
  return {
    client: options.client,
    tableName: options.tableName,
    secrets: createDynamoWebhookSecrets({ client: options.client, tableName: options.tableName, now }),
    send: nodeSend,
    resolve: dnsResolve,
    allowPrivate: options.allowPrivate,
    now,
    ...(options.logError === undefined ? {} : { logError: options.logError }),
  };
}
