/**
 * Sending a job's end as a signed webhook and retrying it for about a day: `notifyJobEnded` (the record
 * and the first attempt) and `drainDueWebhooks` (every due retry). The record, the due index, the attempt
 * and the retry schedule each have their own module; this header tells how they fit.
 *
 * Items (limits table; docs/operations.md, "Webhook deliveries"):
 * - the **delivery record**, `pk = ws#<workspace>`, `sk = wh#<jobId>`: the event (body, message id, URL,
 *   key), `n` (attempts made) and `attempts` (one map per attempt: when, the status or error, the next
 *   attempt's time). `GET /v1/jobs/{id}` shows it (`listDeliveries`).
 * - a **due item** per pending attempt, in the due index `pk = whdue#<YYYY-MM-DD>` (the UTC day it is
 *   due), `sk = <due ms, 15 digits>#<message id>#<attempt>`, so the drain finds every due attempt with one
 *   `Query` per day (`sk <=` now) and never scans the table.
 *
 * Every attempt, the first included, goes through one path (`attemptDue`): claim the due item with a
 * conditional write (a lease, so concurrent drains never send the same attempt twice, and a drain that
 * dies lets it go), send, append the attempt to the record conditional on `n` (an attempt is recorded
 * once), put the next attempt's due item (its key follows from the record, so a rerun writes the same
 * one), delete the claimed item. A crash between steps is finished by the next drain without sending
 * again; only a crash between the send and its record re-sends (receivers dedupe on `webhook-id`).
 */
import { PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { conditional, type Item, n, numberOf, s, stringOf, unconditional } from '../limits/dynamo-common.ts';
import { cleanupAt } from '../limits/table.ts';
import { workspacePk } from '../stored/dynamo-body-store.ts';
import { attemptDue } from './delivery-attempt.ts';
import { type JobEndedEvent, jobEndedBody, messageIdOf, readRecord, recordSk } from './delivery-record.ts';
import { DAY_MS, type Due, dueOf, duePk, putDue } from './due-index.ts';
import { DELIVERY_RETENTION_MS, DUE_LOOKBACK_DAYS } from './schedule.ts';
import type { WebhookDeps } from './webhook-deps.ts';

/**
 * Records that job `event.jobId` ended and makes the first delivery attempt at once; a failed attempt
 * leaves its retry to {@link drainDueWebhooks}. Called again for the same job (a worker's retry), it
 * sends nothing new: the first call's record stands, and an attempt it left half done is finished.
 * Store failures are thrown (`StoreUnavailableError`); a receiver's failure is not an error.
 */
export async function notifyJobEnded(deps: WebhookDeps, event: JobEndedEvent): Promise<void> {
  const createdAtMs = deps.now();
  const expiresAtMs = createdAtMs + DELIVERY_RETENTION_MS;
  await conditional('webhook record create', () =>
    deps.client.send(
      new PutItemCommand({
        TableName: deps.tableName,
        Item: {
          pk: s(workspacePk(event.workspace)),
          sk: s(recordSk(event.jobId)),
          keyId: s(event.keyId),
          webhook: s(event.webhook),
          body: s(jobEndedBody(event)),
          msgId: s(messageIdOf(event.jobId)),
          createdAtMs: n(createdAtMs),
          n: n(0),
          attempts: { L: [] },
          expiresAtMs: n(expiresAtMs),
          expiresAt: n(cleanupAt(expiresAtMs)),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  const record = await readRecord(deps, event.workspace, event.jobId);
  if (record === null || record.attempts.length > 0) return;
  const first = dueOf(event.workspace, event.jobId, 1, record.createdAtMs);
  await putDue(deps, first, cleanupAt(record.createdAtMs + DELIVERY_RETENTION_MS));
  await attemptDue(deps, first);
}

/** What one drain did. */
export interface DrainResult {
  /** Due items found. */
  readonly due: number;
  /** Attempts this drain made (others were claimed by a concurrent drain, or finished a crashed one). */
  readonly attempted: number;
  /** Of those, answered 2xx. */
  readonly delivered: number;
}

/**
 * Makes every attempt that is due at `nowMs`: reads the due index (today and {@link DUE_LOOKBACK_DAYS}
 * days back, one `Query` each), claims each item and attempts it, `concurrency` at a time, up to `limit`
 * items, starting none after `untilMs`. Safe to run concurrently with itself and with {@link notifyJobEnded}.
 */
export async function drainDueWebhooks(
  deps: WebhookDeps,
  nowMs: number,
  options: {
    readonly limit?: number;
    readonly concurrency?: number;
    /** No attempt is started at or after this instant (by `deps.now`); one started may run its 10 s. */
    readonly untilMs?: number;
  } = {},
): Promise<DrainResult> {
  const limit = options.limit ?? 200;
  const found: Due[] = [];
  for (let day = DUE_LOOKBACK_DAYS; day >= 0 && found.length < limit; day--) {
    let start: Item | undefined;
    do {
      const page = await unconditional('webhook due query', () =>
        deps.client.send(
          new QueryCommand({
            TableName: deps.tableName,
            KeyConditionExpression: '#pk = :pk AND #sk <= :now',
            ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
            ExpressionAttributeValues: {
              ':pk': s(duePk(nowMs - day * DAY_MS)),
              ':now': s(`${String(nowMs).padStart(15, '0')}#~`),
            },
            ConsistentRead: true,
            Limit: limit - found.length,
            ...(start === undefined ? {} : { ExclusiveStartKey: start }),
          }),
        ),
      );
      for (const item of page.Items ?? []) {
        found.push({
          pk: stringOf(item, 'pk') ?? '',
          sk: stringOf(item, 'sk') ?? '',
          workspace: stringOf(item, 'workspace') ?? '',
          jobId: stringOf(item, 'jobId') ?? '',
          attempt: numberOf(item, 'attempt') ?? 1,
        });
      }
      start = found.length < limit ? page.LastEvaluatedKey : undefined;
    } while (start !== undefined);
  }
  let attempted = 0;
  let delivered = 0;
  let next = 0;
  const worker = async () => {
    while (next < found.length && (options.untilMs === undefined || deps.now() < options.untilMs)) {
      const due = found[next++];
      if (due === undefined) break;
      try {
        const outcome = await attemptDue(deps, due);
        if (outcome !== null) {
          attempted += 1;
          if (outcome) delivered += 1;
        }
      } catch (error) {
        // One item's store failure must not stop the others; its claim lapses and a later drain retries.
        deps.logError?.('webhook attempt failed', error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return { due: found.length, attempted, delivered };
}
