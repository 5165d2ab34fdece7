/**
 * Counters: one item per subject and longest window (`count#month@2025-03` for the public tier, the
 * minute for a key). The item's own count is `used`; each shorter window that lies inside it (the hour
 * inside its month) is one more number attribute, `used#<window id>`. `tokens` is the string set of the
 * calls counted. So every window of a call is counted in ONE conditional write: all under their limits
 * and the token not yet there. A retried write finds its token already there and is refused by the
 * condition instead of counting twice; a refund removes the token, so it too can be retried safely.
 *
 * `barred` holds tokens refunded while their count's outcome was unknown (a write that timed out may
 * still land): the count condition refuses them, so a late write can never count a call that was
 * answered 503. Such refunds are rare (store failures only), and the item ends with its window.
 */
import { GetItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import {
  conditional,
  type DynamoContext,
  type Item,
  n,
  numberOf,
  s,
  unconditional,
} from './dynamo-common.ts';
import type { Counter, CountOutcome } from './store.ts';
import { cleanupAt, counterKey, subjectPk, TTL_ATTRIBUTE } from './table.ts';

/** How often a refused count is retried when the item shows the refusal was a race with a refund. */
const MAX_ATTEMPTS = 3;

/** The attribute holding counter `index`'s count in its item. */
export function usedAttribute(counters: readonly Counter[], index: number): string {
  return index === 0 ? 'used' : `used#${counters[index]?.window.id ?? ''}`;
}

function itemKey(counters: readonly Counter[]) {
  const first = counters[0];
  if (first === undefined) throw new RangeError('count needs at least one counter');
  for (const c of counters.slice(1)) {
    const inside = c.window.startMs >= first.window.startMs && c.window.endMs <= first.window.endMs;
    if (subjectPk(c.subject) !== subjectPk(first.subject) || !inside) {
      throw new RangeError(`counter window ${c.window.id} does not lie inside ${first.window.id}`);
    }
  }
  return { key: counterKey(first.subject, first.window.id), endMs: first.window.endMs };
}

/** Names `#u0`, `#u1`, … for the counts, and the shared ones. */
function names(counters: readonly Counter[]): Record<string, string> {
  const out: Record<string, string> = { '#tokens': 'tokens' };
  counters.forEach((_, i) => {
    out[`#u${i}`] = usedAttribute(counters, i);
  });
  return out;
}

export async function count(
  ctx: DynamoContext,
  counters: readonly Counter[],
  token: string,
): Promise<CountOutcome> {
  const { key, endMs } = itemKey(counters);
  const under = counters.map((_, i) => `(attribute_not_exists(#u${i}) OR #u${i} < :limit${i})`);
  const limits = Object.fromEntries(counters.map((c, i) => [`:limit${i}`, n(c.limit)]));
  for (let attempt = 1; ; attempt++) {
    const result = await conditional('count', () =>
      ctx.client.send(
        new UpdateItemCommand({
          TableName: ctx.tableName,
          Key: { pk: s(key.pk), sk: s(key.sk) },
          UpdateExpression: `ADD ${counters.map((_, i) => `#u${i} :one`).join(', ')}, #tokens :tokenSet SET #expiresAt = :expiresAt`,
          ConditionExpression: [
            ...under,
            'NOT contains(#tokens, :token)',
            'NOT contains(#barred, :token)',
          ].join(' AND '),
          ExpressionAttributeNames: { ...names(counters), '#barred': 'barred', '#expiresAt': TTL_ATTRIBUTE },
          ExpressionAttributeValues: {
            ...limits,
            ':one': n(1),
            ':tokenSet': { SS: [token] },
            ':token': s(token),
            ':expiresAt': n(cleanupAt(endMs)),
          },
          ReturnValues: 'UPDATED_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    if (result.ok) {
      const item = result.value.Attributes;
      return {
        status: 'counted',
        used: counters.map((_, i) => numberOf(item, usedAttribute(counters, i)) ?? 1),
      };
    }
    // Which part of the condition failed? DynamoDB returns the item; dynalite does not, so read it.
    const item = result.item ?? (await read(ctx, key));
    const used = counters.map((_, i) => numberOf(item, usedAttribute(counters, i)) ?? 0);
    if (item?.tokens?.SS?.includes(token)) return { status: 'counted', used };
    const by = counters.findIndex((c, i) => (used[i] ?? 0) >= c.limit);
    // A barred token (refunded as uncertain) is never counted; report it as limited by nothing new.
    if (item?.barred?.SS?.includes(token)) return { status: 'limited', by: Math.max(0, by), used };
    if (by >= 0) return { status: 'limited', by, used };
    if (attempt >= MAX_ATTEMPTS) return { status: 'limited', by: 0, used };
  }
}

export async function refund(
  ctx: DynamoContext,
  counters: readonly Counter[],
  token: string,
  options: { uncertain?: boolean } = {},
): Promise<void> {
  const { key } = itemKey(counters);
  const itemKeyAttrs = { pk: s(key.pk), sk: s(key.sk) };
  const tokenSet = { SS: [token] };
  if (options.uncertain === true) {
    // Bar first, then take back: a count landing before the bar is refunded below; one landing after
    // it is refused by its condition.
    await unconditional('refund (bar)', () =>
      ctx.client.send(
        new UpdateItemCommand({
          TableName: ctx.tableName,
          Key: itemKeyAttrs,
          UpdateExpression: 'ADD #barred :tokenSet',
          ExpressionAttributeNames: { '#barred': 'barred' },
          ExpressionAttributeValues: { ':tokenSet': tokenSet },
        }),
      ),
    );
  }
  // A failed condition means the token is not counted (never was, or already refunded): nothing to do.
  await conditional('refund', () =>
    ctx.client.send(
      new UpdateItemCommand({
        TableName: ctx.tableName,
        Key: itemKeyAttrs,
        UpdateExpression: `ADD ${counters.map((_, i) => `#u${i} :minusOne`).join(', ')} DELETE #tokens :tokenSet`,
        ConditionExpression: 'contains(#tokens, :token)',
        ExpressionAttributeNames: names(counters),
        ExpressionAttributeValues: { ':minusOne': n(-1), ':tokenSet': tokenSet, ':token': s(token) },
      }),
    ),
  );
}

/** Calls counted in each counter's window (one read of their item; 0 where there is none yet). */
export async function used(ctx: DynamoContext, counters: readonly Counter[]): Promise<number[]> {
  const { key } = itemKey(counters);
  const item = await read(ctx, key);
  return counters.map((_, i) => numberOf(item, usedAttribute(counters, i)) ?? 0);
}

async function read(ctx: DynamoContext, key: { pk: string; sk: string }): Promise<Item | undefined> {
  const out = await unconditional('count (read)', () =>
    ctx.client.send(
      new GetItemCommand({
        TableName: ctx.tableName,
        Key: { pk: s(key.pk), sk: s(key.sk) },
        ConsistentRead: true,
      }),
    ),
  );
  return out.Item;
}
