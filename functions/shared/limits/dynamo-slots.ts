/**
 * Solve slots: one item per pool (`pk = pool#public` or the key's partition, `sk = slots`) with one
 * attribute per lease, `lease#<token>` = the end of the lease (epoch ms), and `held`, the number of
 * leases. Claiming is ONE conditional update that works on an absent item too: add my lease and 1 to
 * `held` while `held < size`, so two callers never exceed the pool and a claim needs no read first. A
 * retried claim finds its lease already there (the condition refuses a second one, and the refused item
 * shows it). A crashed holder's lease stays until it ends; a claim refused by a full pool then removes
 * the ended leases and adds its own in one write, conditional on those leases being unchanged.
 * Releasing removes the caller's own lease and no other. Only UpdateItem (and a GetItem where dynalite
 * does not return the refused item).
 *
 * A key's slots item also keeps the key's monthly figures, `used#month@2025-03` and
 * `refunded#month@2025-03`: a release adds 1 to one of them in the write that removes the lease, so the
 * month costs admission no request and no step, and a retried release (its lease gone) never adds twice.
 * That item therefore has no TTL (one small item per key); the shared public pool's item keeps its TTL.
 */
import { GetItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { conditional, type DynamoContext, type Item, n, s, unconditional } from './dynamo-common.ts';
import type { MonthTally, Pool, ReleaseOptions } from './store.ts';
import { cleanupAt, poolSlotsKey, TTL_ATTRIBUTE } from './table.ts';

const LEASE_PREFIX = 'lease#';

/**
 * A pool's lease attributes and count on its item. A key's jobs in flight share the key's slots item
 * (so a job's end adds to the key's month in the write that frees it, as a call's does) under their own
 * names: `job#<token>` and `jobsHeld`.
 */
function poolAttributes(pool: Pool): { readonly prefix: string; readonly held: string } {
  return pool.kind === 'jobs' ? { prefix: 'job#', held: 'jobsHeld' } : { prefix: LEASE_PREFIX, held: 'held' };
}

/** A first claim, a claim after reaping ended leases, and one more after losing a race. */
const MAX_ATTEMPTS = 3;

export async function claimSlot(
  ctx: DynamoContext,
  pool: Pool,
  size: number,
  token: string,
  nowMs: number,
  leaseUntilMs: number,
): Promise<boolean> {
  const key = poolSlotsKey(pool);
  const Key = { pk: s(key.pk), sk: s(key.sk) };
  const { prefix, held } = poolAttributes(pool);
  let reap: readonly (readonly [string, number])[] = [];
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const keeps = pool.kind !== 'public';
    const names: Record<string, string> = {
      '#me': `${prefix}${token}`,
      '#held': held,
      '#expiresAt': TTL_ATTRIBUTE,
    };
    const values: Item = {
      ':until': n(leaseUntilMs),
      ':delta': n(1 - reap.length),
      ':room': n(size + reap.length),
      ...(keeps ? {} : { ':expiresAt': n(cleanupAt(leaseUntilMs)) }),
    };
    reap.forEach(([attribute, until], i) => {
      names[`#r${i}`] = attribute;
      values[`:r${i}`] = n(until);
    });
    const claimed = await conditional('claim slot', () =>
      ctx.client.send(
        new UpdateItemCommand({
          TableName: ctx.tableName,
          Key,
          // A key's item keeps its months, so it has no TTL (an older item's is removed).
          UpdateExpression: [
            keeps
              ? 'SET #me = :until ADD #held :delta'
              : 'SET #me = :until, #expiresAt = :expiresAt ADD #held :delta',
            `REMOVE ${[...(keeps ? ['#expiresAt'] : []), ...reap.map((_, i) => `#r${i}`)].join(', ')}`,
          ]
            .filter((part) => part !== 'REMOVE ')
            .join(' '),
          ConditionExpression: [
            'attribute_not_exists(#me)',
            '(attribute_not_exists(#held) OR #held < :room)',
            ...reap.map((_, i) => `#r${i} = :r${i}`),
          ].join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    if (claimed.ok) return true;
    const item = claimed.item ?? (await read(ctx, Key));
    if (item?.[`${prefix}${token}`] !== undefined) return true;
    const leases = Object.entries(item ?? {}).filter(([name]) => name.startsWith(prefix));
    const ended = leases.flatMap(([name, v]) => {
      const until = Number(v.N ?? 0);
      return until <= nowMs ? [[name, until] as const] : [];
    });
    if (leases.length - ended.length >= size) return false;
    reap = ended;
  }
  return false;
}

export async function releaseSlot(
  ctx: DynamoContext,
  pool: Pool,
  token: string,
  options: ReleaseOptions = {},
): Promise<void> {
  const key = poolSlotsKey(pool);
  const Key = { pk: s(key.pk), sk: s(key.sk) };
  const { prefix, held } = poolAttributes(pool);
  const names = { '#me': `${prefix}${token}`, '#held': held };
  if (options.uncertain === true) {
    // The claim may still land. Leave an ended lease in its place instead of removing it: a late claim
    // is then refused (its condition wants no lease of this token), and the next claim that finds the
    // pool full reaps the ended lease like a crashed holder's.
    const ended = await conditional('release slot', () =>
      ctx.client.send(
        new UpdateItemCommand({
          TableName: ctx.tableName,
          Key,
          UpdateExpression: 'SET #me = :ended',
          ConditionExpression: 'attribute_exists(#me)',
          ExpressionAttributeNames: { '#me': names['#me'] },
          ExpressionAttributeValues: { ':ended': n(0) },
        }),
      ),
    );
    if (ended.ok) return;
    await conditional('release slot', () =>
      ctx.client.send(
        new UpdateItemCommand({
          TableName: ctx.tableName,
          Key,
          UpdateExpression: 'SET #me = :ended ADD #held :one',
          ConditionExpression: 'attribute_not_exists(#me)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':ended': n(0), ':one': n(1) },
        }),
      ),
    );
    return;
  }
  // A failed condition: the lease is gone already (released, or reaped after it ended). Nothing to do.
  const month = pool.kind === 'public' ? undefined : options.month;
  await conditional('release slot', () =>
    ctx.client.send(
      new UpdateItemCommand({
        TableName: ctx.tableName,
        Key,
        UpdateExpression: `REMOVE #me ADD #held :minusOne${month === undefined ? '' : ', #month :one'}`,
        ConditionExpression: 'attribute_exists(#me)',
        ExpressionAttributeNames:
          month === undefined ? names : { ...names, '#month': monthAttribute(month.outcome, month.id) },
        ExpressionAttributeValues: { ':minusOne': n(-1), ...(month === undefined ? {} : { ':one': n(1) }) },
      }),
    ),
  );
}

/** The attribute of a key's monthly figure: `used#month@2025-03`, `refunded#month@2025-03`. */
export function monthAttribute(outcome: keyof MonthTally, monthId: string): string {
  return `${outcome}#${monthId}`;
}

/** A key's figures for one month, read from its slots item. */
export async function monthOf(ctx: DynamoContext, keyId: string, monthId: string): Promise<MonthTally> {
  const key = poolSlotsKey({ kind: 'key', keyId });
  const out = await unconditional('month read', () =>
    ctx.client.send(
      new GetItemCommand({
        TableName: ctx.tableName,
        Key: { pk: s(key.pk), sk: s(key.sk) },
        ConsistentRead: true,
        ProjectionExpression: '#u, #r',
        ExpressionAttributeNames: {
          '#u': monthAttribute('used', monthId),
          '#r': monthAttribute('refunded', monthId),
        },
      }),
    ),
  );
  const item = out.Item;
  return {
    used: Number(item?.[monthAttribute('used', monthId)]?.N ?? 0),
    refunded: Number(item?.[monthAttribute('refunded', monthId)]?.N ?? 0),
  };
}

async function read(ctx: DynamoContext, Key: Item): Promise<Item | undefined> {
  const out = await unconditional('claim slot (read)', () =>
    ctx.client.send(new GetItemCommand({ TableName: ctx.tableName, Key, ConsistentRead: true })),
  );
  return out.Item;
}
