/**
 * API key records: `pk = key#<keyId>`, `sk = key`. The record holds the SHA-256 of the key, never the
 * key. Listing scans for `sk = key`: keys are few and listing is an operator's command, so the table
 * carries no index for it (a sparse index on workspace is the upgrade if that ever changes).
 */
import { GetItemCommand, PutItemCommand, ScanCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import {
  conditional,
  type DynamoContext,
  type Item,
  n,
  numberOf,
  s,
  stringOf,
  unconditional,
} from './dynamo-common.ts';
import type { KeyChange, KeyRecord } from './store.ts';
import { apiKeyKey, KEY_SK } from './table.ts';

const ABSENT = 'attribute_not_exists(#pk)';
const PRESENT = 'attribute_exists(#pk)';

export async function getKey(ctx: DynamoContext, keyId: string): Promise<KeyRecord | null> {
  const key = apiKeyKey(keyId);
  const out = await unconditional('get key', () =>
    ctx.client.send(
      new GetItemCommand({
        TableName: ctx.tableName,
        Key: { pk: s(key.pk), sk: s(key.sk) },
        ConsistentRead: true,
      }),
    ),
  );
  return out.Item === undefined ? null : toRecord(out.Item);
}

export async function putKey(ctx: DynamoContext, record: KeyRecord): Promise<boolean> {
  const put = await conditional('put key', () =>
    ctx.client.send(
      new PutItemCommand({
        TableName: ctx.tableName,
        Item: toItem(record),
        ConditionExpression: ABSENT,
        ExpressionAttributeNames: { '#pk': 'pk' },
      }),
    ),
  );
  return put.ok;
}

export async function updateKey(
  ctx: DynamoContext,
  keyId: string,
  change: KeyChange,
): Promise<KeyRecord | null> {
  const key = apiKeyKey(keyId);
  const sets: string[] = [];
  const names: Record<string, string> = { '#pk': 'pk' };
  const values: Item = {};
  if (change.disabled) {
    sets.push('#disabled = :disabled');
    names['#disabled'] = 'disabled';
    values[':disabled'] = { BOOL: true };
  }
  if (change.expiresAtMs !== undefined) {
    sets.push('#keyExpiresAt = :keyExpiresAt');
    names['#keyExpiresAt'] = 'keyExpiresAt';
    values[':keyExpiresAt'] = n(change.expiresAtMs);
  }
  if (change.replacedBy !== undefined) {
    sets.push('#replacedBy = :replacedBy');
    names['#replacedBy'] = 'replacedBy';
    values[':replacedBy'] = s(change.replacedBy);
  }
  if (sets.length === 0) return getKey(ctx, keyId);
  const updated = await conditional('update key', () =>
    ctx.client.send(
      new UpdateItemCommand({
        TableName: ctx.tableName,
        Key: { pk: s(key.pk), sk: s(key.sk) },
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: PRESENT,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return updated.ok && updated.value.Attributes !== undefined ? toRecord(updated.value.Attributes) : null;
}

export async function listKeys(ctx: DynamoContext, workspace?: string): Promise<KeyRecord[]> {
  const records: KeyRecord[] = [];
  let start: Item | undefined;
  do {
    const page = await unconditional('list keys', () =>
      ctx.client.send(
        new ScanCommand({
          TableName: ctx.tableName,
          FilterExpression: workspace === undefined ? '#sk = :key' : '#sk = :key AND #workspace = :workspace',
          ExpressionAttributeNames:
            workspace === undefined ? { '#sk': 'sk' } : { '#sk': 'sk', '#workspace': 'workspace' },
          ExpressionAttributeValues:
            workspace === undefined
              ? { ':key': s(KEY_SK) }
              : { ':key': s(KEY_SK), ':workspace': s(workspace) },
          ConsistentRead: true,
          ...(start === undefined ? {} : { ExclusiveStartKey: start }),
        }),
      ),
    );
    for (const item of page.Items ?? []) records.push(toRecord(item));
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return records.sort((a, b) => b.createdAtMs - a.createdAtMs || a.keyId.localeCompare(b.keyId));
}

function toItem(record: KeyRecord): Item {
  const key = apiKeyKey(record.keyId);
  const item: Item = {
    pk: s(key.pk),
    sk: s(key.sk),
    keyId: s(record.keyId),
    secretHash: s(record.secretHash),
    workspace: s(record.workspace),
    tier: s(record.tier),
    origins: { L: record.origins.map(s) },
    createdAt: n(record.createdAtMs),
    disabled: { BOOL: record.disabled },
  };
  if (record.branding !== null) item.branding = s(record.branding);
  if (record.expiresAtMs !== null) item.keyExpiresAt = n(record.expiresAtMs);
  if (record.replacedBy !== null) item.replacedBy = s(record.replacedBy);
  return item;
}

function toRecord(item: Item): KeyRecord {
  return {
    keyId: stringOf(item, 'keyId') ?? '',
    secretHash: stringOf(item, 'secretHash') ?? '',
    workspace: stringOf(item, 'workspace') ?? '',
    tier: stringOf(item, 'tier') ?? '',
    origins: (item.origins?.L ?? []).flatMap((v) => (v.S === undefined ? [] : [v.S])),
    branding: stringOf(item, 'branding') ?? null,
    createdAtMs: numberOf(item, 'createdAt') ?? 0,
    expiresAtMs: numberOf(item, 'keyExpiresAt') ?? null,
    disabled: item.disabled?.BOOL === true,
    replacedBy: stringOf(item, 'replacedBy') ?? null,
  };
}
