import { randomBytes } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { embeddedDynamoPerFile } from '../../../test/support/dynamo-per-file.ts';
import { faultyClient, freshTable, networkError } from '../../../test/support/limits-table.ts';
import { StoreUnavailableError } from '../limits/store.ts';
import { type BodyKey, newBodyId } from './body-store.ts';
import { CHUNK_BYTES, createDynamoBodyStore, workspacePk } from './dynamo-body-store.ts';

const dynamo = embeddedDynamoPerFile();
const NOW = Date.parse('2026-01-10T10:00:00.000Z');
const DAY = 86_400_000;

async function fresh() {
  const tableName = await freshTable(dynamo());
  return { tableName, store: createDynamoBodyStore({ client: dynamo().client, tableName }) };
}
const keyIn = (workspace: string): BodyKey => ({ workspace, kind: 'plan', id: newBodyId('pl') });
const entry = (key: BodyKey, body: Uint8Array) => ({
  key,
  body,
  meta: { unit: 'mm', n: 1 },
  createdAtMs: NOW,
  expiresAtMs: NOW + 14 * DAY,
});

describe('stored bodies in DynamoDB', () => {
  it('round-trips small and multi-chunk bodies byte for byte, with their metadata', async () => {
    const { store, tableName } = await fresh();
    for (const size of [0, 10, 3 * CHUNK_BYTES + 17]) {
      // Random bytes do not compress: the large one takes four chunks.
      const body = new Uint8Array(randomBytes(size));
      const key = keyIn('acme');
      expect(await store.put(entry(key, body))).toBe(true);
      const got = await store.get(key, NOW + 1);
      expect(got?.meta).toEqual({ unit: 'mm', n: 1 });
      expect(Buffer.from(got?.body ?? []).equals(Buffer.from(body))).toBe(true);
    }
    const items = await dynamo().client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: workspacePk('acme') } },
      }),
    );
    expect(items.Count).toBe(3 + 4);
  });

  it('forgets a body at its stored expiry, though the item is still there', async () => {
    const { store } = await fresh();
    const key = keyIn('acme');
    await store.put(entry(key, new TextEncoder().encode('{"plan":1}')));
    expect(await store.get(key, NOW + 14 * DAY - 1)).not.toBeNull();
    expect(await store.get(key, NOW + 14 * DAY)).toBeNull();
    expect(await store.mark(key, 'booking', { a: 1 }, NOW + 14 * DAY)).toEqual({ status: 'missing' });
  });

  it('keeps bodies apart per workspace and refuses a taken id', async () => {
    const { store } = await fresh();
    const key = keyIn('acme');
    await store.put(entry(key, new Uint8Array([1, 2, 3])));
    expect(await store.get({ ...key, workspace: 'other' }, NOW)).toBeNull();
    expect(await store.put(entry(key, new Uint8Array([9])))).toBe(false);
    expect(Array.from((await store.get(key, NOW))?.body ?? [])).toEqual([1, 2, 3]);
  });

  it('lets a new body take the id of an expired one, never of a live one', async () => {
    const { store } = await fresh();
    const key = keyIn('acme');
    await store.put({ ...entry(key, new Uint8Array([1])), expiresAtMs: NOW + 1000 });
    const again = (at: number) =>
      store.put({ ...entry(key, new Uint8Array([2])), createdAtMs: at, expiresAtMs: at + DAY });
    expect(await again(NOW + 999)).toBe(false);
    expect(await again(NOW + 1000)).toBe(true);
    expect(Array.from((await store.get(key, NOW + 1001))?.body ?? [])).toEqual([2]);
    expect(await again(NOW + 1001)).toBe(false);
  });

  it('sets a mark once: later writers read the first value', async () => {
    const { store } = await fresh();
    const key = keyIn('acme');
    await store.put(entry(key, new Uint8Array([1])));
    const marks = await Promise.all([1, 2, 3, 4].map((i) => store.mark(key, 'booking', { by: i }, NOW)));
    const set = marks.filter((m) => m.status === 'set');
    expect(set).toHaveLength(1);
    for (const m of marks) expect(m.status === 'missing' ? null : m.value).toEqual(set[0]?.value);
    expect((await store.head(key, NOW))?.marks).toEqual({ booking: set[0]?.value });
    expect(await store.mark({ ...key, id: newBodyId('pl') }, 'booking', 1, NOW)).toEqual({
      status: 'missing',
    });
  });

  it('deletes the head and its chunks', async () => {
    const { store, tableName } = await fresh();
    const key = keyIn('del');
    await store.put(entry(key, new Uint8Array(randomBytes(CHUNK_BYTES + 5))));
    expect(await store.delete(key)).toBe(true);
    expect(await store.delete(key)).toBe(false);
    expect(await store.get(key, NOW)).toBeNull();
    const left = await dynamo().client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: workspacePk('del') } },
      }),
    );
    expect(left.Count).toBe(0);
  });

  it('never shows a half-written body: a put that fails at any write leaves nothing readable', async () => {
    const tableName = await freshTable(dynamo());
    const reader = createDynamoBodyStore({ client: dynamo().client, tableName });
    const body = new Uint8Array(randomBytes(2 * CHUNK_BYTES + 1)); // three chunks, then the head
    for (let failAt = 1; failAt <= 4; failAt++) {
      const client = faultyClient(dynamo().endpoint, {
        decide: (call) => (call === failAt ? { timing: 'before', error: networkError } : null),
      });
      const writer = createDynamoBodyStore({ client, tableName });
      const key = keyIn('acme');
      await expect(writer.put(entry(key, body))).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(await reader.get(key, NOW)).toBeNull();
      // The retried put (a new id, as the plan store makes) stores it whole.
      const again = keyIn('acme');
      expect(await reader.put(entry(again, body))).toBe(true);
      expect((await reader.get(again, NOW))?.body.length).toBe(body.length);
      client.destroy();
    }
  });
});
