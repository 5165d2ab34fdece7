/**
 * The DynamoDB adapter of {@link LimitsStore}. It takes a client built once per container (see
 * `config.ts`) or the embedded dynalite's, and a table name; it never reads the environment.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { count, refund, used } from './dynamo-counters.ts';
import { getKey, listKeys, putKey, updateKey } from './dynamo-keys.ts';
import { claimSlot, monthOf, releaseSlot } from './dynamo-slots.ts';
import type { LimitsStore } from './store.ts';

export interface DynamoStoreOptions {
  readonly client: DynamoDBClient;
  readonly tableName: string;
}

export function createDynamoStore({ client, tableName }: DynamoStoreOptions): LimitsStore {
  const ctx = { client, tableName };
  return {
    count: (counters, token) => count(ctx, counters, token),
    refund: (counters, token, options) => refund(ctx, counters, token, options),
    claimSlot: (pool, size, token, nowMs, leaseUntilMs) =>
      claimSlot(ctx, pool, size, token, nowMs, leaseUntilMs),
    releaseSlot: (pool, token, options) => releaseSlot(ctx, pool, token, options),
    used: (counters) => used(ctx, counters),
    monthOf: (keyId, monthId) => monthOf(ctx, keyId, monthId),
    getKey: (keyId) => getKey(ctx, keyId),
    putKey: (record) => putKey(ctx, record),
    updateKey: (keyId, change) => updateKey(ctx, keyId, change),
    listKeys: (workspace) => listKeys(ctx, workspace),
  };
}
