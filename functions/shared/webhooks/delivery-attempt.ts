/**
 * One delivery attempt, the first and every retry alike: claim its due item (a lease, so concurrent
 * drains never send it twice), send the signed event, append the attempt to the record once, put the
 * next attempt's due item, delete the claimed one. A crash between steps is finished by the next drain.
 */
import { randomUUID } from 'node:crypto';
import { DeleteItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { conditional, n, s } from '../limits/dynamo-common.ts';
import { cleanupAt } from '../limits/table.ts';
import { workspacePk } from '../stored/dynamo-body-store.ts';
import {
  attemptItem,
  type DeliveryAttempt,
  type DeliveryRecord,
  readRecord,
  recordSk,
} from './delivery-record.ts';
import { type Due, dueOf, putDue } from './due-index.ts';
import { CLAIM_MS, DELIVERY_RETENTION_MS, RETRY_DELAYS_MS, SEND_TIMEOUT_MS } from './schedule.ts';
import { webhookHeaders } from './signature.ts';
import { checkWebhookUrl } from './url-policy.ts';
import type { WebhookDeps } from './webhook-deps.ts';

const iso = (ms: number) => new Date(ms).toISOString();

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

/**
 * Claims and makes one attempt. true/false: it sent and the receiver answered 2xx or not; null: nothing
 * was sent (claimed by another drain, already recorded, or the record is gone).
 */
export async function attemptDue(deps: WebhookDeps, due: Due): Promise<boolean | null> {
  const token = deps.token?.() ?? randomUUID();
  const claimedAt = deps.now();
  const claim = await conditional('webhook due claim', () =>
    deps.client.send(
      new UpdateItemCommand({
        TableName: deps.tableName,
        Key: { pk: s(due.pk), sk: s(due.sk) },
        UpdateExpression: 'SET #by = :token, #until = :until',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#until) OR #until <= :now)',
        ExpressionAttributeNames: { '#by': 'claimedBy', '#until': 'claimedUntil' },
        ExpressionAttributeValues: {
          ':token': s(token),
          ':until': n(claimedAt + CLAIM_MS),
          ':now': n(claimedAt),
        },
      }),
    ),
  );
  if (!claim.ok) return null;
  const release = () =>
    conditional('webhook due delete', () =>
      deps.client.send(
        new DeleteItemCommand({
          TableName: deps.tableName,
          Key: { pk: s(due.pk), sk: s(due.sk) },
          ConditionExpression: '#by = :token',
          ExpressionAttributeNames: { '#by': 'claimedBy' },
          ExpressionAttributeValues: { ':token': s(token) },
        }),
      ),
    );

  const record = await readRecord(deps, due.workspace, due.jobId);
  if (record === null) {
    await release();
    return null;
  }
  const done = record.attempts.find((a) => a.attempt === due.attempt);
  if (done !== undefined) {
    // Sent and recorded by an earlier run that stopped before scheduling the next attempt.
    await scheduleAfter(deps, due, record, done);
    await release();
    return null;
  }
  if (record.attempts.length !== due.attempt - 1) {
    // Not the next attempt of this record (a stale copy): drop it.
    await release();
    return null;
  }

  const at = deps.now();
  const check = await checkWebhookUrl(record.webhook, {
    allowPrivate: deps.allowPrivate,
    resolve: deps.resolve,
  });
  let status: number | null = null;
  let error: string | undefined;
  if (!check.ok) {
    error = `webhook ${check.reason}`;
  } else {
    let secrets = await deps.secrets.validSecrets(record.keyId, at);
    if (secrets.length === 0) secrets = [await deps.secrets.getOrCreate(record.keyId)];
    const timestampSec = Math.floor(at / 1000);
    const sent = await deps.send({
      url: check.url,
      addresses: check.addresses,
      headers: { ...webhookHeaders(secrets, record.msgId, timestampSec, record.body) },
      body: record.body,
      timeoutMs: SEND_TIMEOUT_MS,
    });
    status = sent.status;
    if (sent.status === null) error = sent.error;
    else if (!isSuccess(sent.status)) error = `the receiver answered ${sent.status}`;
  }
  const delay = RETRY_DELAYS_MS[due.attempt - 1];
  const entry: DeliveryAttempt = {
    attempt: due.attempt,
    at: iso(at),
    status,
    ...(error === undefined ? {} : { error: error.slice(0, 300) }),
    ...(isSuccess(status) || delay === undefined ? {} : { nextAttemptAt: iso(at + delay) }),
  };
  const appended = await conditional('webhook attempt record', () =>
    deps.client.send(
      new UpdateItemCommand({
        TableName: deps.tableName,
        Key: { pk: s(workspacePk(due.workspace)), sk: s(recordSk(due.jobId)) },
        UpdateExpression: 'SET #attempts = list_append(#attempts, :one), #n = :n',
        ConditionExpression: '#n = :before',
        ExpressionAttributeNames: { '#attempts': 'attempts', '#n': 'n' },
        ExpressionAttributeValues: {
          ':one': { L: [attemptItem(entry)] },
          ':n': n(due.attempt),
          ':before': n(due.attempt - 1),
        },
      }),
    ),
  );
  if (appended.ok) await scheduleAfter(deps, due, record, entry);
  await release();
  return isSuccess(status);
}

/** Puts the due item of the attempt after `done`, when it says there is one. */
async function scheduleAfter(
  deps: WebhookDeps,
  due: Due,
  record: DeliveryRecord,
  done: DeliveryAttempt,
): Promise<void> {
  if (done.nextAttemptAt === undefined) return;
  const at = Date.parse(done.nextAttemptAt);
  await putDue(
    deps,
    dueOf(due.workspace, due.jobId, due.attempt + 1, at),
    cleanupAt(Math.max(at, record.createdAtMs) + DELIVERY_RETENTION_MS),
  );
}
