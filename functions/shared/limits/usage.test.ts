/**
 * Usage against the embedded DynamoDB: what `GET /v1/usage` reads (every window of the tier, and a
 * key's month: calls answered and refunded, kept in the release's own write) and the operator's report,
 * which must agree with what callers are told.
 */
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { embeddedDynamoPerFile } from '../../../test/support/dynamo-per-file.ts';
import { keyedCaller, publicCaller, setup, small } from '../../../test/support/limits-table.ts';
import { createKey, rotateKey } from './key-admin.ts';
import { poolSlotsKey } from './table.ts';
import { usageReport, usageReportCsv } from './usage-report.ts';

const dynamo = embeddedDynamoPerFile();

async function withKey(workspace: string, tier: 'starter' | 'pro' = 'pro') {
  const env = await setup(dynamo());
  const made = await createKey(env, { workspace, tier, origins: [], branding: null, expiresAtMs: null });
  if (!made.ok) throw new Error(made.problem);
  return { ...env, key: made.value.key, keyId: made.value.record.keyId };
}

describe('usage', () => {
  it("reads every window of the public tier for the caller's IP, counting nothing", async () => {
    const { admitter } = await setup(dynamo());
    for (let i = 0; i < 3; i++) {
      const a = await admitter.admit(publicCaller('203.0.113.5'), small);
      if (!a.ok) throw new Error(a.error.message);
      await a.value.release('succeeded');
    }
    const usage = await admitter.usage?.(publicCaller('203.0.113.5'));
    expect(usage?.ok && usage.value).toEqual({
      tier: 'public',
      windows: [
        expect.objectContaining({ window: 'month', limit: 250, used: 3, remaining: 247 }),
        expect.objectContaining({ window: 'hour', limit: 30, used: 3, remaining: 27, seconds: 3600 }),
      ],
      month: { used: 3, refunded: null },
    });
    // Asking again counted nothing; another IP has its own.
    const again = await admitter.usage?.(publicCaller('203.0.113.5'));
    expect(again?.ok && again.value.windows[1]?.used).toBe(3);
    const other = await admitter.usage?.(publicCaller('203.0.113.6'));
    expect(other?.ok && other.value.windows.map((w) => w.used)).toEqual([0, 0]);
  });

  it("keeps a key's month: answered calls as used, failed ones as refunded, once per call", async () => {
    const { admitter, key, store, clock } = await withKey('acme');
    const outcomes = ['succeeded', 'failed', 'succeeded', 'succeeded', 'failed'] as const;
    for (const outcome of outcomes) {
      const a = await admitter.admit(keyedCaller(key), small);
      if (!a.ok) throw new Error(a.error.message);
      expect(a.value.windows?.map((w) => w.window)).toEqual(['minute']);
      await a.value.release(outcome);
      await a.value.release(outcome); // a second release changes nothing
    }
    const usage = await admitter.usage?.(keyedCaller(key));
    expect(usage?.ok && usage.value).toEqual({
      tier: 'pro',
      windows: [
        {
          window: 'minute',
          seconds: 60,
          limit: 60,
          used: 3,
          remaining: 57,
          resetAtMs: Math.floor(clock.now() / 60_000) * 60_000 + 60_000,
        },
      ],
      month: { used: 3, refunded: 2 },
    });
    // The operator's report says the same.
    const report = await usageReport(store, '2025-03');
    expect(report).toEqual([
      expect.objectContaining({ workspace: 'acme', month: '2025-03', used: 3, refunded: 2 }),
    ]);
    expect(await usageReport(store, '2025-04')).toEqual([
      expect.objectContaining({ workspace: 'acme', used: 0, refunded: 0, keys: [] }),
    ]);
    expect(usageReportCsv(report)).toBe('workspace,month,used,refunded\r\nacme,2025-03,3,2\r\n');
  });

  it('a retried release (its lease gone) never counts the month twice', async () => {
    const { store, keyId } = await withKey('acme');
    const pool = { kind: 'key', keyId } as const;
    expect(await store.claimSlot(pool, 2, 't1', 0, Date.parse('2030-01-01'))).toBe(true);
    for (let i = 0; i < 3; i++) {
      await store.releaseSlot(pool, 't1', { month: { id: 'month@2025-03', outcome: 'used' } });
    }
    expect(await store.monthOf(keyId, 'month@2025-03')).toEqual({ used: 1, refunded: 0 });
  });

  it("keeps a key's slots item without a TTL (its months must outlive idle days)", async () => {
    const { admitter, key, keyId, tableName } = await withKey('acme');
    const a = await admitter.admit(keyedCaller(key), small);
    if (!a.ok) throw new Error(a.error.message);
    await a.value.release('succeeded');
    const slots = poolSlotsKey({ kind: 'key', keyId });
    const { Item } = await dynamo().client.send(
      new GetItemCommand({ TableName: tableName, Key: { pk: { S: slots.pk }, sk: { S: slots.sk } } }),
    );
    expect(Item?.expiresAt).toBeUndefined();
    expect(Item?.['used#month@2025-03']?.N).toBe('1');
  });

  it("sums a workspace's keys, a rotated key's month included, and lists workspaces apart", async () => {
    const env = await withKey('acme', 'starter');
    const other = await createKey(env, {
      workspace: 'zeta',
      tier: 'starter',
      origins: [],
      branding: null,
      expiresAtMs: null,
    });
    if (!other.ok) throw new Error(other.problem);
    const call = async (key: string) => {
      const a = await env.admitter.admit(keyedCaller(key), small);
      if (!a.ok) throw new Error(a.error.message);
      await a.value.release('succeeded');
    };
    await call(env.key);
    const rotated = await rotateKey(env, env.keyId, {}, 0);
    if (!rotated.ok) throw new Error(rotated.problem);
    await call(rotated.value.key);
    await call(rotated.value.key);
    await call(other.value.key);
    const report = await usageReport(env.store, '2025-03');
    expect(report.map((r) => [r.workspace, r.used, r.keys.length])).toEqual([
      ['acme', 3, 2],
      ['zeta', 1, 1],
    ]);
  });
});
