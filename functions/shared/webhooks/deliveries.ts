/**
 * Sending a job's end as a signed webhook, retrying it for about a day, and the record of every attempt.
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
import { randomUUID } from 'node:crypto';
import {
  type AttributeValue,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { conditional, type Item, n, numberOf, s, stringOf, unconditional } from '../limits/dynamo-common.ts';
import { cleanupAt } from '../limits/table.ts';
import { workspacePk } from '../stored/dynamo-body-store.ts';
import type { WebhookSecrets } from './secrets.ts';
import { webhookHeaders } from './signature.ts';
import type { Send } from './transport.ts';
import { checkWebhookUrl, type Resolve } from './url-policy.ts';

/** How a job ended, as the event's `type` (`job.<status>`) and `data.status` say. */
export type JobEndStatus = 'succeeded' | 'failed' | 'cancelled';

export interface JobEndedEvent {
  readonly jobId: string;
  readonly workspace: string;
  /** The key that submitted the job: its webhook secrets sign the deliveries. */
  readonly keyId: string;
  readonly status: JobEndStatus;
  /** The absolute `GET /v1/jobs/{id}` URL, given to the receiver to fetch the result. */
  readonly url: string;
  /** The receiver's URL (checked at submission; checked again before every attempt). */
  readonly webhook: string;
}

/** One attempt as `GET /v1/jobs/{id}` shows it. */
export interface DeliveryAttempt {
  readonly attempt: number;
  /** ISO 8601 time of the attempt. */
  readonly at: string;
  /** The receiver's HTTP status; null when there was none (refused URL, network error, timeout). */
  readonly status: number | null;
  readonly error?: string;
  /** When the next attempt is due; absent after a success and after the last attempt. */
  readonly nextAttemptAt?: string;
}

export interface WebhookDeps {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  readonly secrets: WebhookSecrets;
  readonly send: Send;
  readonly resolve: Resolve;
  /** True locally (http and private addresses allowed), false deployed. */
  readonly allowPrivate: boolean;
  readonly now: () => number;
  /** A random token per claim (tests may fix it). */
  readonly token?: () => string;
  /** Where a failed store write or an unexpected error is reported (the deliveries go on). */
  readonly logError?: (message: string, error: unknown) => void;
}

/**
 * Delays before attempts 2 to 8, after the one before failed: the Standard Webhooks schedule (5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h), so the last attempt is about 27.6 hours after the first.
 */
export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** One attempt's time limit, the answer included. */
export const SEND_TIMEOUT_MS = 10_000;
/** A claim's lease: an attempt (at most the send's 10 s and a few writes) ends well within it. */
export const CLAIM_MS = 60_000;
/** How long a delivery record is kept after the job ended (readers decide by `expiresAtMs`). */
export const DELIVERY_RETENTION_MS = 7 * 86_400_000;
/** Past days of the due index the drain reads besides today: due items can wait through an outage this long. */
export const DUE_LOOKBACK_DAYS = 2;

const DAY_MS = 86_400_000;
const DUE_PREFIX = 'whdue#';
const recordSk = (jobId: string) => `wh#${jobId}`;
const duePk = (ms: number) => `${DUE_PREFIX}${new Date(ms).toISOString().slice(0, 10)}`;
const dueSk = (ms: number, msgId: string, attempt: number) =>
  `${String(ms).padStart(15, '0')}#${msgId}#${attempt}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** The thin event a receiver gets: what happened and where to read the job. */
export function jobEndedBody(event: Pick<JobEndedEvent, 'jobId' | 'status' | 'url'>): string {
  return JSON.stringify({
    type: `job.${event.status}`,
    data: { id: event.jobId, status: event.status, url: event.url },
  });
}

/** The `webhook-id` of a job's message: the same for every attempt, so receivers can drop repeats. */
export const messageIdOf = (jobId: string): string => `msg_${jobId}`;

interface Due {
  readonly pk: string;
  readonly sk: string;
  readonly workspace: string;
  readonly jobId: string;
  readonly attempt: number;
}

function dueOf(workspace: string, jobId: string, attempt: number, dueMs: number): Due {
  return {
    pk: duePk(dueMs),
    sk: dueSk(dueMs, messageIdOf(jobId), attempt),
    workspace,
    jobId,
    attempt,
  };
}

interface DeliveryRecord {
  readonly keyId: string;
  readonly webhook: string;
  readonly body: string;
  readonly msgId: string;
  readonly createdAtMs: number;
  readonly attempts: DeliveryAttempt[];
}

function attemptsOf(item: Item | undefined): DeliveryAttempt[] {
  return (item?.attempts?.L ?? []).map((v) => {
    const m = v.M ?? {};
    const status = m.status?.N;
    return {
      attempt: Number(m.attempt?.N ?? 0),
      at: m.at?.S ?? '',
      status: status === undefined ? null : Number(status),
      ...(m.error?.S === undefined ? {} : { error: m.error.S }),
      ...(m.nextAttemptAt?.S === undefined ? {} : { nextAttemptAt: m.nextAttemptAt.S }),
    };
  });
}

function attemptItem(a: DeliveryAttempt): AttributeValue {
  return {
    M: {
      attempt: n(a.attempt),
      at: s(a.at),
      status: a.status === null ? { NULL: true } : n(a.status),
      ...(a.error === undefined ? {} : { error: s(a.error) }),
      ...(a.nextAttemptAt === undefined ? {} : { nextAttemptAt: s(a.nextAttemptAt) }),
    },
  };
}

type Ctx = Pick<WebhookDeps, 'client' | 'tableName'>;

async function readRecord(ctx: Ctx, workspace: string, jobId: string): Promise<DeliveryRecord | null> {
  const out = await unconditional('webhook record read', () =>
    ctx.client.send(
      new GetItemCommand({
        TableName: ctx.tableName,
        Key: { pk: s(workspacePk(workspace)), sk: s(recordSk(jobId)) },
        ConsistentRead: true,
      }),
    ),
  );
  const item = out.Item;
  if (item === undefined) return null;
  return {
    keyId: stringOf(item, 'keyId') ?? '',
    webhook: stringOf(item, 'webhook') ?? '',
    body: stringOf(item, 'body') ?? '',
    msgId: stringOf(item, 'msgId') ?? '',
    createdAtMs: numberOf(item, 'createdAtMs') ?? 0,
    attempts: attemptsOf(item),
  };
}

/** Every attempt at delivering a job's webhook, oldest first ([] when it has none). One read. */
export async function listDeliveries(ctx: Ctx, workspace: string, jobId: string): Promise<DeliveryAttempt[]> {
  return (await readRecord(ctx, workspace, jobId))?.attempts ?? [];
}

/** Forgets a job's deliveries (its record); a pending retry then finds no record and is dropped. */
export async function forgetDeliveries(ctx: Ctx, workspace: string, jobId: string): Promise<void> {
  await unconditional('webhook record delete', () =>
    ctx.client.send(
      new DeleteItemCommand({
        TableName: ctx.tableName,
        Key: { pk: s(workspacePk(workspace)), sk: s(recordSk(jobId)) },
      }),
    ),
  );
}

async function putDue(ctx: Ctx, due: Due, expiresAtSec: number): Promise<void> {
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

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

/**
 * Claims and makes one attempt. true/false: it sent and the receiver answered 2xx or not; null: nothing
 * was sent (claimed by another drain, already recorded, or the record is gone).
 */
async function attemptDue(deps: WebhookDeps, due: Due): Promise<boolean | null> {
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
