/**
 * The limits table: one DynamoDB table, string partition key `pk` and sort key `sk`, TTL on `expiresAt`
 * (epoch seconds). Item types and their keys are built here and nowhere else; docs/operations.md
 * describes them. TTL only cleans up: every decision reads a window id in the key or a stored
 * timestamp, because DynamoDB deletes expired items late (and dynalite never does).
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import type { Pool, Subject } from './store.ts';

export const DEFAULT_TABLE_NAME = 'cutplan-limits';
export const TTL_ATTRIBUTE = 'expiresAt';

/** How long after a counter's window or a slot's lease TTL may delete the item (seconds). */
export const CLEANUP_AFTER_SECONDS = 86_400;

export interface ItemKey {
  readonly pk: string;
  readonly sk: string;
}

/**
 * Partition of a subject: `ip#203.0.113.7`, `ip#2001:db8::/64`, `use#<keyId>`. A key's counters and
 * slots live in `use#…`, apart from its record (`key#…`), so the solving functions' role can be allowed
 * to write `ip#`, `pool#` and `use#` partitions and never a key record (`dynamodb:LeadingKeys`).
 */
export function subjectPk(subject: Subject): string {
  return subject.kind === 'ip' ? `ip#${subject.ip}` : keyUsePk(subject.keyId);
}

/** The partition of a key's counters and solve slots. */
export function keyUsePk(keyId: string): string {
  return `use#${keyId}`;
}

/** A counter: the subject's partition, one item per window (`count#3600s@2025-01-01T13:00:00.000Z`). */
export function counterKey(subject: Subject, windowId: string): ItemKey {
  return { pk: subjectPk(subject), sk: `count#${windowId}` };
}

/** Partition of a slot pool: `pool#public`, or the key's own usage partition (its solves and its jobs). */
export function poolPk(pool: Pool): string {
  return pool.kind === 'public' ? 'pool#public' : keyUsePk(pool.keyId);
}

export const SLOTS_SK = 'slots';

/** The item holding a pool's leases (`leases`: token → lease end); absent item = every slot free. */
export function poolSlotsKey(pool: Pool): ItemKey {
  return { pk: poolPk(pool), sk: SLOTS_SK };
}

export const KEY_SK = 'key';

/** An API key record. */
export function apiKeyKey(keyId: string): ItemKey {
  return { pk: `key#${keyId}`, sk: KEY_SK };
}

/** TTL value (epoch seconds) for an item whose meaning ends at `endMs`. */
export function cleanupAt(endMs: number): number {
  return Math.ceil(endMs / 1000) + CLEANUP_AFTER_SECONDS;
}

/**
 * Creates the table (on-demand) unless it exists, waits until it is active and turns TTL on where the
 * service supports it. For the embedded store and tests; in AWS the CDK stack owns the table.
 */
export async function createTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
  for (let attempt = 0; ; attempt++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === 'ACTIVE') break;
    if (attempt >= 100) throw new Error(`table ${tableName} did not become active`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    );
  } catch (error) {
    // dynalite has no TTL (UnknownOperationException); DynamoDB refuses to re-enable it (ValidationException).
    const name = error instanceof Error ? error.name : '';
    if (name !== 'UnknownOperationException' && name !== 'ValidationException') throw error;
  }
}
