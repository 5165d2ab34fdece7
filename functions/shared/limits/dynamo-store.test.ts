import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../core/budget.ts';
import { embeddedDynamoPerFile } from '../../../test/support/dynamo-per-file.ts';
import { freshTable, storedCount } from '../../../test/support/limits-table.ts';
import { hashKey } from './api-keys.ts';
import { createDynamoStore } from './dynamo-store.ts';
import { createKey } from './key-admin.ts';
import type { Counter, KeyRecord, LimitsStore, Pool } from './store.ts';
import { CLEANUP_AFTER_SECONDS } from './table.ts';
import { fixedWindow, monthWindow } from './windows.ts';

const dynamo = embeddedDynamoPerFile();

async function newStore(): Promise<{ store: LimitsStore; tableName: string }> {
  const tableName = await freshTable(dynamo());
  return { store: createDynamoStore({ client: dynamo().client, tableName }), tableName };
}

const NOW = Date.parse('2025-03-10T13:20:00.000Z');
const counter = (limit: number): Counter => ({
  subject: { kind: 'ip', ip: '203.0.113.7' },
  window: fixedWindow(3600, NOW),
  limit,
});

describe('dynamo store: counters', () => {
  const one = (limit: number) => [counter(limit)];

  it('counts each token once, however often the write is repeated', async () => {
    const { store, tableName } = await newStore();
    expect(await store.count(one(5), 'a')).toEqual({ status: 'counted', used: [1] });
    expect(await store.count(one(5), 'a')).toEqual({ status: 'counted', used: [1] });
    expect(await store.count(one(5), 'b')).toEqual({ status: 'counted', used: [2] });
    expect(await storedCount(dynamo().client, tableName, counter(5))).toBe(2);
  });

  it('refuses a new token at the limit but still recognises one already counted', async () => {
    const { store } = await newStore();
    await store.count(one(2), 'a');
    await store.count(one(2), 'b');
    expect(await store.count(one(2), 'c')).toEqual({ status: 'limited', by: 0, used: [2] });
    expect(await store.count(one(2), 'b')).toEqual({ status: 'counted', used: [2] });
  });

  it('refunds a counted token once and ignores tokens it never counted', async () => {
    const { store, tableName } = await newStore();
    await store.count(one(2), 'a');
    await store.count(one(2), 'b');
    await store.refund(one(2), 'a');
    await store.refund(one(2), 'a');
    await store.refund(one(2), 'never-counted');
    expect(await storedCount(dynamo().client, tableName, counter(2))).toBe(1);
    expect(await store.count(one(2), 'c')).toEqual({ status: 'counted', used: [2] });
  });

  it('bars a token refunded as uncertain from being counted later, and refunds it if it had landed', async () => {
    const { store, tableName } = await newStore();
    await store.refund(one(5), 'late', { uncertain: true });
    expect(await store.count(one(5), 'late')).toMatchObject({ status: 'limited' });
    expect(await storedCount(dynamo().client, tableName, counter(5))).toBe(0);
    await store.count(one(5), 'landed');
    await store.refund(one(5), 'landed', { uncertain: true });
    expect(await storedCount(dynamo().client, tableName, counter(5))).toBe(0);
    expect(await store.count(one(5), 'other')).toEqual({ status: 'counted', used: [1] });
  });

  it('keeps windows apart: a new window id is a new counter', async () => {
    const { store } = await newStore();
    await store.count(one(1), 'a');
    const next: Counter = { ...counter(1), window: fixedWindow(3600, NOW + 3_600_000) };
    expect(await store.count(one(1), 'b')).toMatchObject({ status: 'limited', by: 0 });
    expect(await store.count([next], 'b')).toEqual({ status: 'counted', used: [1] });
  });

  it('counts a month and its hour in one item, refusing on whichever is full', async () => {
    const { store, tableName } = await newStore();
    const month: Counter = { ...counter(3), window: monthWindow(NOW) };
    const hour = counter(2);
    const nextHour: Counter = { ...hour, window: fixedWindow(3600, NOW + 3_600_000) };
    expect(await store.count([month, hour], 'a')).toEqual({ status: 'counted', used: [1, 1] });
    expect(await store.count([month, hour], 'b')).toEqual({ status: 'counted', used: [2, 2] });
    expect(await store.count([month, hour], 'c')).toEqual({ status: 'limited', by: 1, used: [2, 2] });
    expect(await store.count([month, nextHour], 'c')).toEqual({ status: 'counted', used: [3, 1] });
    expect(await store.count([month, nextHour], 'd')).toEqual({ status: 'limited', by: 0, used: [3, 1] });
    expect(await storedCount(dynamo().client, tableName, hour)).toBe(2);
    expect(await storedCount(dynamo().client, tableName, nextHour)).toBe(1);
    await store.refund([month, hour], 'a');
    expect(await storedCount(dynamo().client, tableName, hour)).toBe(1);
    expect(await storedCount(dynamo().client, tableName, month)).toBe(2);
    const { Items = [] } = await dynamo().client.send(new ScanCommand({ TableName: tableName }));
    expect(Items).toHaveLength(1);
  });

  it('refuses counters whose windows do not nest in the first', async () => {
    const { store } = await newStore();
    await expect(store.count([counter(5), { ...counter(5), window: monthWindow(NOW) }], 'a')).rejects.toThrow(
      /does not lie inside/,
    );
  });

  it('stamps counters with a TTL a day after their window ends', async () => {
    const { store, tableName } = await newStore();
    await store.count(one(3), 'a');
    const { Items = [] } = await dynamo().client.send(new ScanCommand({ TableName: tableName }));
    expect(Items[0]?.expiresAt?.N).toBe(String(fixedWindow(3600, NOW).endMs / 1000 + CLEANUP_AFTER_SECONDS));
  });
});

describe('dynamo store: slots', () => {
  const pool: Pool = { kind: 'public' };

  it('leases at most `size` slots and frees one on release', async () => {
    const { store } = await newStore();
    expect(await store.claimSlot(pool, 2, 'a', NOW, NOW + 1000)).toBe(true);
    expect(await store.claimSlot(pool, 2, 'b', NOW, NOW + 1000)).toBe(true);
    expect(await store.claimSlot(pool, 2, 'c', NOW, NOW + 1000)).toBe(false);
    await store.releaseSlot(pool, 'a');
    expect(await store.claimSlot(pool, 2, 'c', NOW, NOW + 1000)).toBe(true);
  });

  it('gives a retried claim the lease it already holds, without taking another slot', async () => {
    const { store } = await newStore();
    expect(await store.claimSlot(pool, 2, 'a', NOW, NOW + 1000)).toBe(true);
    expect(await store.claimSlot(pool, 2, 'a', NOW, NOW + 1000)).toBe(true);
    expect(await store.claimSlot(pool, 2, 'b', NOW, NOW + 1000)).toBe(true);
    expect(await store.claimSlot(pool, 2, 'c', NOW, NOW + 1000)).toBe(false);
  });

  it('reclaims a slot whose lease ended, and the old holder cannot free it afterwards', async () => {
    const { store } = await newStore();
    await store.claimSlot(pool, 1, 'crashed', NOW, NOW + 1000);
    expect(await store.claimSlot(pool, 1, 'b', NOW + 999, NOW + 2000)).toBe(false);
    expect(await store.claimSlot(pool, 1, 'b', NOW + 1000, NOW + 2000)).toBe(true);
    await store.releaseSlot(pool, 'crashed');
    expect(await store.claimSlot(pool, 1, 'c', NOW + 1500, NOW + 2500)).toBe(false);
  });

  it('releases a lease that is not held (never claimed, or released twice) without error', async () => {
    const { store } = await newStore();
    await store.releaseSlot(pool, 'nobody');
    await store.claimSlot(pool, 1, 'a', NOW, NOW + 1000);
    await store.releaseSlot(pool, 'a');
    await store.releaseSlot(pool, 'a');
    expect(await store.claimSlot(pool, 1, 'b', NOW, NOW + 1000)).toBe(true);
  });

  it('refuses a claim that lands after an uncertain release, and reaps that lease when the pool is full', async () => {
    const { store } = await newStore();
    await store.releaseSlot(pool, 'late', { uncertain: true });
    // The late claim finds its token's ended lease and changes nothing.
    expect(await store.claimSlot(pool, 2, 'late', NOW, NOW + 1000)).toBe(true);
    expect(await store.claimSlot(pool, 2, 'a', NOW, NOW + 1000)).toBe(true);
    // The pool counts the ended lease until a claim that finds it full reaps it.
    expect(await store.claimSlot(pool, 2, 'b', NOW, NOW + 1000)).toBe(true);
    expect(await store.claimSlot(pool, 2, 'c', NOW, NOW + 1000)).toBe(false);
    await store.claimSlot(pool, 2, 'd', NOW, NOW + 1000);
    await store.releaseSlot(pool, 'a', { uncertain: true }); // a lease that did land: ended in place
    expect(await store.claimSlot(pool, 2, 'e', NOW, NOW + 1000)).toBe(true);
  });

  it('admits exactly `size` of many concurrent claims', async () => {
    const { store } = await newStore();
    const claims = await Promise.all(
      Array.from({ length: 30 }, (_, i) => store.claimSlot(pool, 7, `t${i}`, NOW, NOW + 1000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(7);
  });

  it('keeps pools apart', async () => {
    const { store } = await newStore();
    await store.claimSlot(pool, 1, 'a', NOW, NOW + 1000);
    expect(await store.claimSlot({ kind: 'key', keyId: '0123456789abcdef' }, 1, 'b', NOW, NOW + 1000)).toBe(
      true,
    );
  });
});

describe('dynamo store: key records', () => {
  const record = (keyId: string, createdAtMs: number, workspace = 'acme'): KeyRecord => ({
    keyId,
    secretHash: hashKey(`secret-${keyId}`),
    workspace,
    tier: 'pro',
    origins: ['https://acme.example'],
    branding: null,
    createdAtMs,
    expiresAtMs: null,
    disabled: false,
    replacedBy: null,
  });

  it('stores and reads a record, and will not overwrite an existing id', async () => {
    const { store } = await newStore();
    const r = { ...record('00000000000000aa', 1), branding: 'Cut by Acme', expiresAtMs: 99 };
    expect(await store.putKey(r)).toBe(true);
    expect(await store.getKey(r.keyId)).toEqual(r);
    expect(await store.putKey({ ...r, workspace: 'other' })).toBe(false);
    expect((await store.getKey(r.keyId))?.workspace).toBe('acme');
    expect(await store.getKey('00000000000000ff')).toBeNull();
  });

  it('updates an existing record and reports a missing one', async () => {
    const { store } = await newStore();
    await store.putKey(record('00000000000000aa', 1));
    const updated = await store.updateKey('00000000000000aa', {
      disabled: true,
      replacedBy: '00000000000000bb',
    });
    expect(updated).toMatchObject({ disabled: true, replacedBy: '00000000000000bb' });
    expect(await store.updateKey('00000000000000ff', { disabled: true })).toBeNull();
    expect(await store.getKey('00000000000000ff')).toBeNull();
  });

  it('lists records newest first, optionally of one workspace, and nothing else in the table', async () => {
    const { store } = await newStore();
    await store.putKey(record('00000000000000aa', 1));
    await store.putKey(record('00000000000000bb', 3, 'other'));
    await store.putKey(record('00000000000000cc', 2));
    await store.count([counter(5)], 'a');
    await store.claimSlot({ kind: 'key', keyId: '00000000000000aa' }, 1, 'a', NOW, NOW + 1);
    expect((await store.listKeys()).map((r) => r.keyId)).toEqual([
      '00000000000000bb',
      '00000000000000cc',
      '00000000000000aa',
    ]);
    expect((await store.listKeys('acme')).map((r) => r.keyId)).toEqual([
      '00000000000000cc',
      '00000000000000aa',
    ]);
  });

  it('never stores the key itself, only its SHA-256', async () => {
    const { store, tableName } = await newStore();
    const created = await createKey(
      { store, clock: manualClock(NOW) },
      { workspace: 'acme', tier: 'pro', origins: [], branding: null, expiresAtMs: null },
    );
    if (!created.ok) throw new Error(created.problem);
    const secret = created.value.key.slice(-32);
    const { Items = [] } = await dynamo().client.send(new ScanCommand({ TableName: tableName }));
    const stored = JSON.stringify(Items);
    expect(stored).not.toContain(created.value.key);
    expect(stored).not.toContain(secret);
    expect(stored).toContain(hashKey(created.value.key));
  });
});
