import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { embeddedDynamoPerFile } from '../../../test/support/dynamo-per-file.ts';
import { faultyClient, freshTable, networkError } from '../../../test/support/limits-table.ts';
import { StoreUnavailableError } from '../limits/store.ts';
import { createDynamoWebhookSecrets, ROTATION_GRACE_MS } from './secrets.ts';
import { signWebhook, verifyWebhook, webhookHeaders } from './signature.ts';

const dynamo = embeddedDynamoPerFile();
const T0 = Date.parse('2026-12-06T08:00:00.000Z');
const HOUR = 3_600_000;

async function fresh(client = dynamo().client) {
  const tableName = await freshTable(dynamo());
  let t = T0;
  const secrets = createDynamoWebhookSecrets({ client, tableName, now: () => t });
  return { tableName, secrets, at: (ms: number) => (t = ms) };
}

describe('webhook secrets in DynamoDB', () => {
  it('makes one secret on first use and returns it ever after', async () => {
    const { secrets } = await fresh();
    expect(await secrets.validSecrets('k1', T0)).toEqual([]);
    const first = await secrets.getOrCreate('k1');
    expect(first).toMatch(/^whsec_/);
    expect(await secrets.getOrCreate('k1')).toBe(first);
    expect(await secrets.validSecrets('k1', T0)).toEqual([first]);
    // Keys do not share secrets.
    expect(await secrets.getOrCreate('k2')).not.toBe(first);
  });

  it('gives concurrent first calls one and the same secret', async () => {
    const { secrets } = await fresh();
    const all = await Promise.all(Array.from({ length: 12 }, () => secrets.getOrCreate('k1')));
    expect(new Set(all).size).toBe(1);
    expect(await secrets.validSecrets('k1', T0)).toEqual([all[0]]);
  });

  it('rotates: the new secret signs at once, the old one for 24 hours more', async () => {
    const { secrets, at } = await fresh();
    const old = await secrets.getOrCreate('k1');
    at(T0 + HOUR);
    const rotated = await secrets.rotate('k1');
    expect(rotated.secret).not.toBe(old);
    expect(rotated.previous).toEqual({ secret: old, validUntilMs: T0 + HOUR + ROTATION_GRACE_MS });
    expect(await secrets.getOrCreate('k1')).toBe(rotated.secret);
    expect(await secrets.validSecrets('k1', T0 + HOUR)).toEqual([rotated.secret, old]);
    expect(await secrets.validSecrets('k1', T0 + HOUR + ROTATION_GRACE_MS - 1)).toEqual([
      rotated.secret,
      old,
    ]);
    expect(await secrets.validSecrets('k1', T0 + HOUR + ROTATION_GRACE_MS)).toEqual([rotated.secret]);

    // A delivery signed with both is accepted by a receiver holding either.
    const valid = await secrets.validSecrets('k1', T0 + HOUR);
    const headers = webhookHeaders(valid, 'msg_1', 1000, '{}');
    for (const secret of [old, rotated.secret]) {
      expect(verifyWebhook(secret, headers, '{}', { nowSec: 1000 }).ok).toBe(true);
    }
    expect(headers['webhook-signature'].split(' ')).toEqual(
      valid.map((s) => signWebhook(s, 'msg_1', 1000, '{}')),
    );
  });

  it('rotates a key that had no secret (no previous), and keeps at most four retired', async () => {
    const { secrets } = await fresh();
    const first = await secrets.rotate('k1');
    expect(first.previous).toBeNull();
    const made = [first.secret];
    for (let i = 0; i < 6; i++) made.push((await secrets.rotate('k1')).secret);
    const valid = await secrets.validSecrets('k1', T0);
    expect(valid).toEqual(made.slice(-5).reverse());
  });

  it('concurrent rotations all land, one after another: every secret made is current or retired', async () => {
    const { secrets } = await fresh();
    const start = await secrets.getOrCreate('k1');
    const results = await Promise.all(Array.from({ length: 4 }, () => secrets.rotate('k1')));
    const valid = await secrets.validSecrets('k1', T0);
    expect(valid).toHaveLength(5);
    expect(new Set(valid)).toEqual(new Set([start, ...results.map((r) => r.secret)]));
    // Each rotation retired the secret current when it won: a chain, not a fork.
    const retiredBy = results.map((r) => r.previous?.secret);
    expect(new Set(retiredBy).size).toBe(4);
  });

  it('a first call whose answer is lost makes no second secret when retried', async () => {
    const tableName = await freshTable(dynamo());
    let calls = 0;
    const client = faultyClient(dynamo().endpoint, {
      decide: (_call, command) =>
        command === 'UpdateItemCommand' && ++calls === 1 ? { timing: 'after', error: networkError } : null,
    });
    const secrets = createDynamoWebhookSecrets({ client, tableName, now: () => T0 });
    await expect(secrets.getOrCreate('k1')).rejects.toBeInstanceOf(StoreUnavailableError);
    const kept = await secrets.validSecrets('k1', T0);
    expect(kept).toHaveLength(1);
    expect(await secrets.getOrCreate('k1')).toBe(kept[0]);
    client.destroy();
  });

  it('a rotation that fails before it lands changes nothing', async () => {
    const tableName = await freshTable(dynamo());
    let failing = false;
    const client = faultyClient(dynamo().endpoint, {
      decide: (_call, command) =>
        failing && command === 'PutItemCommand' ? { timing: 'before', error: networkError } : null,
    });
    const secrets = createDynamoWebhookSecrets({ client, tableName, now: () => T0 });
    const current = await secrets.getOrCreate('k1');
    failing = true;
    await expect(secrets.rotate('k1')).rejects.toBeInstanceOf(StoreUnavailableError);
    failing = false;
    expect(await secrets.validSecrets('k1', T0)).toEqual([current]);
    const item = await dynamo().client.send(
      new GetItemCommand({ TableName: tableName, Key: { pk: { S: 'use#k1' }, sk: { S: 'webhook-secret' } } }),
    );
    expect(item.Item?.version?.N).toBe('1');
    client.destroy();
  });
});
