/**
 * Solve slots: a pool of `size` slots is the items `slot#0000` … under the pool's partition. A slot is
 * free when it has no lease (no item, or no `owner`) or its stored lease has ended; claiming is a
 * conditional update on exactly that, so two callers never hold one slot, and a crashed holder's slot
 * frees itself when its lease ends (no clean-up job, no TTL needed). Releasing removes the lease only
 * while the caller still holds it. Only UpdateItem and Query: the request path needs no Put or Delete.
 */
import { randomInt } from 'node:crypto';
import { QueryCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
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
import type { Pool, SlotLease } from './store.ts';
import { cleanupAt, poolPk, SLOT_PREFIX, slotKey, TTL_ATTRIBUTE } from './table.ts';

const NAMES = { '#owner': 'owner', '#leaseUntil': 'leaseUntil' } as const;
const NO_LEASE = 'attribute_not_exists(#owner)';
const LEASE_ENDED = '#leaseUntil <= :now';
const HELD_BY_CALLER = '#owner = :token';

export async function claimSlot(
  ctx: DynamoContext,
  pool: Pool,
  size: number,
  token: string,
  nowMs: number,
  leaseUntilMs: number,
): Promise<SlotLease | null> {
  const leases = await readLeases(ctx, pool);
  const mine = leases.find((l) => l.owner === token && l.slot < size);
  if (mine !== undefined) return { slot: mine.slot };
  const held = new Set(leases.filter((l) => l.leaseUntilMs > nowMs).map((l) => l.slot));
  const free = Array.from({ length: size }, (_, i) => i).filter((i) => !held.has(i));
  // Start at a random free slot so concurrent callers spread out instead of all racing for slot 0.
  const offset = free.length > 1 ? randomInt(free.length) : 0;
  for (let i = 0; i < free.length; i++) {
    const slot = free[(offset + i) % free.length] ?? 0;
    const key = slotKey(pool, slot);
    const claimed = await conditional('claim slot', () =>
      ctx.client.send(
        new UpdateItemCommand({
          TableName: ctx.tableName,
          Key: { pk: s(key.pk), sk: s(key.sk) },
          UpdateExpression: 'SET #owner = :token, #leaseUntil = :leaseUntil, #expiresAt = :expiresAt',
          ConditionExpression: [NO_LEASE, LEASE_ENDED, HELD_BY_CALLER].join(' OR '),
          ExpressionAttributeNames: { ...NAMES, '#expiresAt': TTL_ATTRIBUTE },
          ExpressionAttributeValues: {
            ':token': s(token),
            ':leaseUntil': n(leaseUntilMs),
            ':expiresAt': n(cleanupAt(leaseUntilMs)),
            ':now': n(nowMs),
          },
        }),
      ),
    );
    if (claimed.ok) return { slot };
  }
  return null;
}

export async function releaseSlot(
  ctx: DynamoContext,
  pool: Pool,
  token: string,
  slot?: number,
): Promise<void> {
  const slots =
    slot === undefined
      ? (await readLeases(ctx, pool)).filter((l) => l.owner === token).map((l) => l.slot)
      : [slot];
  for (const held of slots) {
    const key = slotKey(pool, held);
    // A failed condition: the lease ended and someone else holds the slot now. Theirs to release.
    await conditional('release slot', () =>
      ctx.client.send(
        new UpdateItemCommand({
          TableName: ctx.tableName,
          Key: { pk: s(key.pk), sk: s(key.sk) },
          UpdateExpression: 'REMOVE #owner, #leaseUntil',
          ConditionExpression: HELD_BY_CALLER,
          ExpressionAttributeNames: NAMES,
          ExpressionAttributeValues: { ':token': s(token) },
        }),
      ),
    );
  }
}

interface Lease {
  readonly slot: number;
  readonly owner: string | undefined;
  readonly leaseUntilMs: number;
}

async function readLeases(ctx: DynamoContext, pool: Pool): Promise<Lease[]> {
  const out = await unconditional('read slots', () =>
    ctx.client.send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
        ExpressionAttributeValues: { ':pk': s(poolPk(pool)), ':prefix': s(SLOT_PREFIX) },
        ConsistentRead: true,
      }),
    ),
  );
  return (out.Items ?? []).map(toLease);
}

function toLease(item: Item): Lease {
  const sk = stringOf(item, 'sk') ?? '';
  return {
    slot: Number(sk.slice(SLOT_PREFIX.length)),
    owner: stringOf(item, 'owner'),
    leaseUntilMs: numberOf(item, 'leaseUntil') ?? 0,
  };
}
