/**
 * The due index of webhook deliveries: one item per pending attempt under `pk = whdue#<YYYY-MM-DD>` (the
 * UTC day it is due), `sk = <due ms, 15 digits>#<message id>#<attempt>`, so a drain finds every due
 * attempt with one `Query` per day and never scans the table.
 */
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { conditional, n, s } from '../limits/dynamo-common.ts';
import { type Ctx, messageIdOf } from './delivery-record.ts';

export const DAY_MS = 86_400_000;
const DUE_PREFIX = 'whdue#';
export const duePk = (ms: number) => `${DUE_PREFIX}${new Date(ms).toISOString().slice(0, 10)}`;
const dueSk = (ms: number, msgId: string, attempt: number) =>
  `${String(ms).padStart(15, '0')}#${msgId}#${attempt}`;

export interface Due {
  readonly pk: string;
  readonly sk: string;
  readonly workspace: string;
  readonly jobId: string;
  readonly attempt: number;
}

export function dueOf(workspace: string, jobId: string, attempt: number, dueMs: number): Due {
  return {
    pk: duePk(dueMs),
    sk: dueSk(dueMs, messageIdOf(jobId), attempt),
    workspace,
    jobId,
    attempt,
  };
}

export async function putDue(ctx: Ctx, due: Due, expiresAtSec: number): Promise<void> {
  // Idempotent: the same attempt always has the same key, and a claimed copy is not overwritten.
  await conditional('webhook due write', () =>
    ctx.client.send(
      new PutItemCommand({
        TableName: ctx.tableName,
        Item: {
          pk: s(due.pk),
          sk: s(due.sk),
          workspace: s(due.workspace),
          jobId: s(due.jobId),
          attempt: n(due.attempt),
          expiresAt: n(expiresAtSec),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}
