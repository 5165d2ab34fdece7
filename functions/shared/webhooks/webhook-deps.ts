/**
 * What the deliveries need from outside (the table, key secrets, the network, the clock), as one small
 * interface so tests and the local server can inject their own.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { WebhookSecrets } from './secrets.ts';
import type { Send } from './transport.ts';
import type { Resolve } from './url-policy.ts';

export interface WebhookDeps {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  readonly secrets: WebhookSecrets;
  readonly send: Send;
  readonly resolve: Resolve;
  /** True locally (http and private addresses allowed), false deployed. */
  readonly allowPrivate: boolean;
  readonly now: () => number;
  /** A random token per claim (tests may fix it). */
  readonly token?: () => string;
  /** Where a failed store write or an unexpected error is reported (the deliveries go on). */
  readonly logError?: (message: string, error: unknown) => void;
}
