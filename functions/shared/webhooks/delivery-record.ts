/**
 * The delivery record of a job's webhook (`pk = ws#<workspace>`, `sk = wh#<jobId>`): the event, and one
 * entry per attempt as `GET /v1/jobs/{id}` shows it. Its reading, listing and forgetting live here; the
 * attempt appends to it (`delivery-attempt.ts`).
 */
import { type AttributeValue, DeleteItemCommand, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { type Item, n, numberOf, s, stringOf, unconditional } from '../limits/dynamo-common.ts';
import { workspacePk } from '../stored/dynamo-body-store.ts';
import type { WebhookDeps } from './webhook-deps.ts';

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

export const recordSk = (jobId: string) => `wh#${jobId}`;

/** The thin event a receiver gets: what happened and where to read the job. */
export function jobEndedBody(event: Pick<JobEndedEvent, 'jobId' | 'status' | 'url'>): string {
  return JSON.stringify({
    type: `job.${event.status}`,
    data: { id: event.jobId, status: event.status, url: event.url },
  });
}

/** The `webhook-id` of a job's message: the same for every attempt, so receivers can drop repeats. */
export const messageIdOf = (jobId: string): string => `msg_${jobId}`;

export interface DeliveryRecord {
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
export function attemptItem(a: DeliveryAttempt): AttributeValue {
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
export type Ctx = Pick<WebhookDeps, 'client' | 'tableName'>;

export async function readRecord(ctx: Ctx, workspace: string, jobId: string): Promise<DeliveryRecord | null> {
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
