/**
 * The DynamoDB adapter of {@link JobStore}, in the limits table (docs/operations.md, "Jobs"):
 *
 * - the record `pk = ws#<workspace>`, `sk = job#<id>`: `status`, `leaseUntilMs`, `worker` (the attributes
 *   conditions read), `createdAtMs`, `startedAtMs`, `endedAtMs`, `expiresAtMs` (what readers decide by),
 *   `expiresAt` (TTL), `fixed` (JSON: ticket, budget, webhook), `progress`, `error` (JSON), `planId`,
 *   `settled`;
 * - the sweep's index `pk = jobs#live`, `sk = <id>#<workspace>`, written with the record and removed once
 *   the job is settled (ids begin with their creation time, so the index reads oldest first).
 *
 * Every change of status is one conditional `UpdateItem` on the record: the condition names the status it
 * leaves (and, for a worker, that it holds the lease), so two writers never both move a job.
 */

import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { JobTicket } from '../admission.ts';
import { conditional, type Item, n, numberOf, s, stringOf, unconditional } from '../limits/dynamo-common.ts';
import { cleanupAt, TTL_ATTRIBUTE } from '../limits/table.ts';
import { workspacePk } from '../stored/dynamo-body-store.ts';
import {
  JOB_STATUSES,
  type JobEnd,
  type JobError,
  type JobPage,
  type JobProgress,
  type JobRecord,
  type JobStatus,
  type JobStore,
  type LiveJob,
  type NewJob,
  type Take,
} from './job-store.ts';

export const LIVE_PK = 'jobs#live';
const jobSk = (id: string) => `job#${id}`;

interface Fixed {
  readonly ticket: JobTicket;
  readonly budgetMs: number;
  readonly webhook: string | null;
  readonly url: string;
}

export function createDynamoJobStore({
  client,
  tableName,
}: {
  readonly client: DynamoDBClient;
  readonly tableName: string;
}): JobStore {
  const keyOf = (workspace: string, id: string): Item => ({
    pk: s(workspacePk(workspace)),
    sk: s(jobSk(id)),
  });
  const liveKey = (workspace: string, id: string): Item => ({ pk: s(LIVE_PK), sk: s(`${id}#${workspace}`) });

  const read = async (workspace: string, id: string): Promise<Item | undefined> => {
    const { Item: item } = await unconditional('job read', () =>
      client.send(
        new GetItemCommand({ TableName: tableName, Key: keyOf(workspace, id), ConsistentRead: true }),
      ),
    );
    return item;
  };

  /** One conditional update of the record; the record after it (or, refused, null). */
  const update = async (
    what: string,
    workspace: string,
    id: string,
    expression: { update: string; condition: string; names?: Record<string, string>; values: Item },
  ): Promise<Item | null> => {
    const done = await conditional(what, () =>
      client.send(
        new UpdateItemCommand({
          TableName: tableName,
          Key: keyOf(workspace, id),
          UpdateExpression: expression.update,
          ConditionExpression: expression.condition,
          ...(expression.names === undefined ? {} : { ExpressionAttributeNames: expression.names }),
          ExpressionAttributeValues: expression.values,
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return done.ok ? (done.value.Attributes ?? null) : null;
  };

  const endValues = (end: JobEnd): { sets: string[]; values: Item } => {
    const sets = ['#st = :to', 'endedAtMs = :ended'];
    const values: Item = { ':to': s(end.status), ':ended': n(end.endedAtMs) };
    if (end.error) {
      sets.push('#err = :err');
      values[':err'] = s(JSON.stringify(end.error));
    }
    if (end.planId) {
      sets.push('planId = :plan');
      values[':plan'] = s(end.planId);
    }
    if (end.progress) {
      sets.push('progress = :p');
      values[':p'] = s(JSON.stringify(end.progress));
    }
    return { sets, values };
  };

  return {
    async create(job: NewJob) {
      const fixed: Fixed = { ticket: job.ticket, budgetMs: job.budgetMs, webhook: job.webhook, url: job.url };
      const ttl = n(cleanupAt(job.expiresAtMs));
      // The index entry first: a record is never without it, so the sweep finds every job that needs it.
      await unconditional('job index write', () =>
        client.send(
          new PutItemCommand({
            TableName: tableName,
            Item: {
              ...liveKey(job.workspace, job.id),
              workspace: s(job.workspace),
              id: s(job.id),
              [TTL_ATTRIBUTE]: ttl,
            },
          }),
        ),
      );
      const put = await conditional('job write', () =>
        client.send(
          new PutItemCommand({
            TableName: tableName,
            Item: {
              ...keyOf(job.workspace, job.id),
              status: s('queued'),
              leaseUntilMs: n(job.leaseUntilMs),
              createdAtMs: n(job.createdAtMs),
              expiresAtMs: n(job.expiresAtMs),
              [TTL_ATTRIBUTE]: ttl,
              fixed: s(JSON.stringify(fixed)),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
      return put.ok;
    },

    async get(workspace, id, nowMs) {
      return recordOf(workspace, id, await read(workspace, id), nowMs);
    },

    async list(workspace, { limit, cursor, nowMs }): Promise<JobPage> {
      const start = cursor === undefined ? undefined : cursorKey(workspace, cursor);
      const out = await unconditional('job list', () =>
        client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :job)',
            ExpressionAttributeValues: { ':pk': s(workspacePk(workspace)), ':job': s('job#') },
            ScanIndexForward: false,
            ConsistentRead: true,
            Limit: limit,
            ...(start === undefined ? {} : { ExclusiveStartKey: start }),
          }),
        ),
      );
      const items = out.Items ?? [];
      const jobs = items
        .map((item) => recordOf(workspace, (stringOf(item, 'sk') ?? '').slice(4), item, nowMs))
        .filter((j): j is JobRecord => j !== null);
      const last = out.LastEvaluatedKey === undefined ? undefined : stringOf(out.LastEvaluatedKey, 'sk');
      return { jobs, cursor: last === undefined ? null : Buffer.from(last.slice(4)).toString('base64url') };
    },

    async take(workspace, id, worker, nowMs, leaseUntilMs): Promise<Take> {
      const taken = await update('job take', workspace, id, {
        update: 'SET #st = :running, worker = :w, startedAtMs = :now, leaseUntilMs = :until',
        condition: '#st = :queued AND leaseUntilMs > :now',
        names: { '#st': 'status' },
        values: {
          ':running': s('running'),
          ':queued': s('queued'),
          ':w': s(worker),
          ':now': n(nowMs),
          ':until': n(leaseUntilMs),
        },
      });
      if (taken !== null) return { taken: true, job: recordOrThrow(workspace, id, taken) };
      return { taken: false, job: recordOf(workspace, id, await read(workspace, id), nowMs) };
    },

    async progress(workspace, id, worker, progress: JobProgress) {
      const done = await update('job progress', workspace, id, {
        update: 'SET progress = :p',
        condition: '#st = :running AND worker = :w',
        names: { '#st': 'status' },
        values: { ':p': s(JSON.stringify(progress)), ':running': s('running'), ':w': s(worker) },
      });
      return done !== null;
    },

    async finish(workspace, id, worker, end: JobEnd) {
      const { sets, values } = endValues(end);
      const done = await update('job end', workspace, id, {
        update: `SET ${sets.join(', ')}`,
        condition: '#st = :running AND worker = :w',
        names: { '#st': 'status', ...(end.error ? { '#err': 'error' } : {}) },
        values: { ...values, ':running': s('running'), ':w': s(worker) },
      });
      return done !== null;
    },

    async cancel(workspace, id, nowMs) {
      const { sets, values } = endValues({ status: 'cancelled', endedAtMs: nowMs });
      const done = await conditional('job cancel', () =>
        client.send(
          new UpdateItemCommand({
            TableName: tableName,
            Key: keyOf(workspace, id),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: '#st IN (:queued, :running) AND expiresAtMs > :ended',
            ExpressionAttributeNames: { '#st': 'status' },
            ExpressionAttributeValues: { ...values, ':queued': s('queued'), ':running': s('running') },
            ReturnValues: 'ALL_OLD',
          }),
        ),
      );
      return done.ok ? recordOf(workspace, id, done.value.Attributes, nowMs) : null;
    },

    async expire(workspace, id, nowMs, error: JobError) {
      const { sets, values } = endValues({ status: 'failed', endedAtMs: nowMs, error });
      const done = await update('job expiry', workspace, id, {
        update: `SET ${sets.join(', ')}`,
        condition: '#st IN (:queued, :running) AND leaseUntilMs <= :ended',
        names: { '#st': 'status', '#err': 'error' },
        values: { ...values, ':queued': s('queued'), ':running': s('running') },
      });
      return done !== null;
    },

    async settled(workspace, id) {
      // Both at once: the mark only tells readers; the index entry only tells the sweep, which has
      // nothing left to do once the job's count and webhook are settled.
      await Promise.all([
        conditional('job settled', () =>
          client.send(
            new UpdateItemCommand({
              TableName: tableName,
              Key: keyOf(workspace, id),
              UpdateExpression: 'SET settled = :yes',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':yes': { BOOL: true } },
            }),
          ),
        ),
        unconditional('job index delete', () =>
          client.send(new DeleteItemCommand({ TableName: tableName, Key: liveKey(workspace, id) })),
        ),
      ]);
    },

    async delete(workspace, id) {
      const { Attributes: old } = await unconditional('job delete', () =>
        client.send(
          new DeleteItemCommand({ TableName: tableName, Key: keyOf(workspace, id), ReturnValues: 'ALL_OLD' }),
        ),
      );
      await unconditional('job index delete', () =>
        client.send(new DeleteItemCommand({ TableName: tableName, Key: liveKey(workspace, id) })),
      );
      return old !== undefined;
    },

    async live(limit): Promise<readonly LiveJob[]> {
      const out = await unconditional('job index read', () =>
        client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': s(LIVE_PK) },
            ConsistentRead: true,
            Limit: limit,
          }),
        ),
      );
      return (out.Items ?? []).flatMap((item) => {
        const workspace = stringOf(item, 'workspace');
        const id = stringOf(item, 'id');
        return workspace === undefined || id === undefined ? [] : [{ workspace, id }];
      });
    },
  };

  function cursorKey(workspace: string, cursor: string): Item | undefined {
    const id = Buffer.from(cursor, 'base64url').toString('utf8');
    return /^job_[0-9a-z]{9}[A-Za-z0-9_-]{13}$/.test(id) ? keyOf(workspace, id) : undefined;
  }
}

function recordOrThrow(workspace: string, id: string, item: Item): JobRecord {
  const job = recordOf(workspace, id, item, Number.NEGATIVE_INFINITY);
  if (job === null) throw new Error(`job ${id} is not a job record`);
  return job;
}

/** The record of an item, or null when there is none or it has expired at `nowMs`. */
function recordOf(workspace: string, id: string, item: Item | undefined, nowMs: number): JobRecord | null {
  if (item === undefined) return null;
  const expiresAtMs = numberOf(item, 'expiresAtMs') ?? 0;
  if (expiresAtMs <= nowMs) return null;
  const status = stringOf(item, 'status') as JobStatus;
  if (!JOB_STATUSES.includes(status)) return null;
  const fixed = JSON.parse(stringOf(item, 'fixed') ?? 'null') as Fixed;
  const json = <T>(name: string): T | null => {
    const text = stringOf(item, name);
    return text === undefined ? null : (JSON.parse(text) as T);
  };
  return {
    workspace,
    id,
    status,
    createdAtMs: numberOf(item, 'createdAtMs') ?? 0,
    startedAtMs: numberOf(item, 'startedAtMs') ?? null,
    endedAtMs: numberOf(item, 'endedAtMs') ?? null,
    leaseUntilMs: numberOf(item, 'leaseUntilMs') ?? 0,
    budgetMs: fixed.budgetMs,
    expiresAtMs,
    ticket: fixed.ticket,
    webhook: fixed.webhook,
    url: fixed.url,
    worker: stringOf(item, 'worker') ?? null,
    progress: json<JobProgress>('progress'),
    error: json<JobError>('error'),
    planId: stringOf(item, 'planId') ?? null,
    settled: item.settled?.BOOL === true,
  };
}
