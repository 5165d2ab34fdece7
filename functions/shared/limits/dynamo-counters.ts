/**
 * Counters: one item per subject and window, `used` (the count) and `tokens` (a string set of the calls
 * counted). Counting adds the call's token under the limit; a retried write finds its token already
 * there and is refused by the condition instead of counting twice. A refund removes the token, so it
 * too can be retried safely.
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
import { cleanupAt, counterKey, TTL_ATTRIBUTE } from './table.ts';

const NAMES = { '#used': 'used', '#tokens': 'tokens' } as const;
const UNDER_LIMIT = '(attribute_not_exists(#used) OR #used < :limit)';
const NOT_YET_COUNTED = 'NOT contains(#tokens, :token)';
const COUNTED = 'contains(#tokens, :token)';

/** How often a refused count is retried when the item shows the refusal was a race with a refund. */
const MAX_ATTEMPTS = 3;

export async function count(ctx: DynamoContext, counter: Counter, token: string): Promise<CountOutcome> {
  const key = counterKey(counter.subject, counter.window.id);
  for (let attempt = 1; ; attempt++) {
    const result = await conditional('count', () =>
      ctx.client.send(
        new UpdateItemCommand({
          TableName: ctx.tableName,
          Key: { pk: s(key.pk), sk: s(key.sk) },
          UpdateExpression: 'ADD #used :one, #tokens :tokenSet SET #expiresAt = :expiresAt',
          ConditionExpression: `${UNDER_LIMIT} AND ${NOT_YET_COUNTED}`,
          ExpressionAttributeNames: { ...NAMES, '#expiresAt': TTL_ATTRIBUTE },
          ExpressionAttributeValues: {
            ':one': n(1),
            ':tokenSet': { SS: [token] },
            ':token': s(token),
            ':limit': n(counter.limit),
            ':expiresAt': n(cleanupAt(counter.window.endMs)),
          },
          ReturnValues: 'UPDATED_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    if (result.ok) return { status: 'counted', used: numberOf(result.value.Attributes, 'used') ?? 1 };
    // Which part of the condition failed? DynamoDB returns the item; dynalite does not, so read it.
    const item = result.item ?? (await read(ctx, key));
    const used = numberOf(item, 'used') ?? 0;
    if (item?.tokens?.SS?.includes(token)) return { status: 'counted', used };
    if (used >= counter.limit || attempt >= MAX_ATTEMPTS) return { status: 'limited', used };
  }
}

export async function refund(ctx: DynamoContext, counter: Counter, token: string): Promise<void> {
  const key = counterKey(counter.subject, counter.window.id);
  // A failed condition means the token is not counted (never was, or already refunded): nothing to do.
  await conditional('refund', () =>
    ctx.client.send(
      new UpdateItemCommand({
        TableName: ctx.tableName,
        Key: { pk: s(key.pk), sk: s(key.sk) },
        UpdateExpression: 'ADD #used :minusOne DELETE #tokens :tokenSet',
        ConditionExpression: COUNTED,
        ExpressionAttributeNames: NAMES,
        ExpressionAttributeValues: { ':minusOne': n(-1), ':tokenSet': { SS: [token] }, ':token': s(token) },
      }),
    ),
  );
}

async function read(ctx: DynamoContext, key: { pk: string; sk: string }): Promise<Item | undefined> {
  const out = await unconditional('count (read)', () =>
    ctx.client.send(
      new GetItemCommand({
        TableName: ctx.tableName,
        Key: { pk: s(key.pk), sk: s(key.sk) },
        ConsistentRead: true,
        ProjectionExpression: '#used, #tokens',
        ExpressionAttributeNames: NAMES,
      }),
    ),
  );
  return out.Item;
}
