import { type DynamoDBClient, QueryCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { embeddedDynamoPerFile } from '../../../test/support/dynamo-per-file.ts';
import {
  countingClient,
  faultyClient,
  freshTable,
  networkError,
} from '../../../test/support/limits-table.ts';
import { StoreUnavailableError } from '../limits/store.ts';
import { drainDueWebhooks, notifyJobEnded } from './deliveries.ts';
import { forgetDeliveries, type JobEndedEvent, listDeliveries } from './delivery-record.ts';
import { CLAIM_MS, DELIVERY_RETENTION_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from './schedule.ts';
import { createDynamoWebhookSecrets } from './secrets.ts';
import { verifyWebhook } from './signature.ts';
import type { SendOutcome, WebhookRequest } from './transport.ts';
import type { WebhookDeps } from './webhook-deps.ts';

const dynamo = embeddedDynamoPerFile();
const T0 = Date.parse('2026-12-06T22:00:00.000Z');

const event = (jobId: string, over: Partial<JobEndedEvent> = {}): JobEndedEvent => ({
  jobId,
  workspace: 'acme',
  keyId: '0123456789abcdef',
  status: 'succeeded',
  url: `https://api.example.com/v1/jobs/${jobId}`,
  webhook: 'https://hooks.example.com/cutplan',
  ...over,
});

/** A receiver that answers from a script (per call, the last entry repeating) and keeps what it got. */
function receiver(script: readonly SendOutcome[] = [{ status: 200 }]) {
  const got: WebhookRequest[] = [];
  const send = async (req: WebhookRequest): Promise<SendOutcome> => {
    got.push(req);
    return script[Math.min(got.length - 1, script.length - 1)] ?? { status: 200 };
  };
  return { got, send };
}

async function setup(
  options: { client?: DynamoDBClient; script?: readonly SendOutcome[]; dns?: string[] } = {},
) {
  const tableName = await freshTable(dynamo());
  const client = options.client ?? dynamo().client;
  const clock = { t: T0 };
  const rx = receiver(options.script);
  const secrets = createDynamoWebhookSecrets({ client: dynamo().client, tableName, now: () => clock.t });
  const deps: WebhookDeps = {
    client,
    tableName,
    secrets,
    send: rx.send,
    resolve: async () => options.dns ?? ['93.184.215.14'],
    allowPrivate: false,
    now: () => clock.t,
  };
  return { deps, clock, rx, tableName, secrets };
}

async function dueItems(tableName: string) {
  const out = await dynamo().client.send(new ScanCommand({ TableName: tableName, ConsistentRead: true }));
  return (out.Items ?? []).filter((i) => i.pk?.S?.startsWith('whdue#'));
}

describe('webhook deliveries', () => {
  it('delivers a job end at once, signed with the key secret, and records it', async () => {
    const { deps, rx, tableName, secrets } = await setup();
    await notifyJobEnded(deps, event('jb_1'));
    expect(rx.got).toHaveLength(1);
    const [req] = rx.got;
    expect(req?.url.href).toBe('https://hooks.example.com/cutplan');
    expect(req?.addresses).toEqual(['93.184.215.14']);
    expect(JSON.parse(req?.body ?? '')).toEqual({
      type: 'job.succeeded',
      data: { id: 'jb_1', status: 'succeeded', url: 'https://api.example.com/v1/jobs/jb_1' },
    });
    expect(req?.headers['webhook-id']).toBe('msg_jb_1');
    expect(req?.headers['webhook-timestamp']).toBe(String(T0 / 1000));
    const secret = await secrets.getOrCreate('0123456789abcdef');
    expect(verifyWebhook(secret, req?.headers ?? {}, req?.body ?? '', { nowSec: T0 / 1000 }).ok).toBe(true);
    expect(await listDeliveries(deps, 'acme', 'jb_1')).toEqual([
      { attempt: 1, at: new Date(T0).toISOString(), status: 200 },
    ]);
    expect(await dueItems(tableName)).toHaveLength(0);
    expect(await drainDueWebhooks(deps, T0 + 86_400_000)).toEqual({ due: 0, attempted: 0, delivered: 0 });
  });

  it.each(['failed', 'cancelled'] as const)('sends job.%s', async (status) => {
    const { deps, rx } = await setup();
    await notifyJobEnded(deps, event('jb_s', { status }));
    expect(JSON.parse(rx.got[0]?.body ?? '').type).toBe(`job.${status}`);
  });

  it('retries a failing receiver on the schedule for about a day, then stops', async () => {
    const { deps, rx, clock, tableName } = await setup({ script: [{ status: 503 }] });
    await notifyJobEnded(deps, event('jb_2'));
    let expected = T0;
    for (const delay of RETRY_DELAYS_MS) {
      expected += delay;
      clock.t = expected - 1;
      expect((await drainDueWebhooks(deps, clock.t)).attempted).toBe(0);
      clock.t = expected;
      expect(await drainDueWebhooks(deps, clock.t)).toEqual({ due: 1, attempted: 1, delivered: 0 });
    }
    clock.t += 7 * 86_400_000;
    expect((await drainDueWebhooks(deps, clock.t)).attempted).toBe(0);
    const attempts = await listDeliveries(deps, 'acme', 'jb_2');
    expect(attempts.map((a) => a.attempt)).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, i) => i + 1));
    expect(attempts.every((a) => a.status === 503 && a.error === 'the receiver answered 503')).toBe(true);
    // Each attempt said when the next was due, and it came then; the last says nothing.
    for (let i = 0; i + 1 < attempts.length; i++) {
      expect(attempts[i]?.nextAttemptAt).toBe(attempts[i + 1]?.at);
    }
    expect(attempts.at(-1)?.nextAttemptAt).toBeUndefined();
    expect(Date.parse(attempts.at(-1)?.at ?? '') - T0).toBe(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    expect(rx.got).toHaveLength(MAX_ATTEMPTS);
    expect(new Set(rx.got.map((r) => r.headers['webhook-id']))).toEqual(new Set(['msg_jb_2']));
    expect(await dueItems(tableName)).toHaveLength(0);
  });

  it('stops retrying after the first 2xx, and counts a redirect or a network error as a failure', async () => {
    const { deps, rx, clock } = await setup({
      script: [{ status: 302 }, { status: null, error: 'connect ECONNREFUSED' }, { status: 204 }],
    });
    await notifyJobEnded(deps, event('jb_3'));
    for (const delay of RETRY_DELAYS_MS) {
      clock.t += delay;
      await drainDueWebhooks(deps, clock.t);
    }
    const attempts = await listDeliveries(deps, 'acme', 'jb_3');
    expect(attempts.map((a) => [a.status, a.error ?? null])).toEqual([
      [302, 'the receiver answered 302'],
      [null, 'connect ECONNREFUSED'],
      [204, null],
    ]);
    expect(attempts[2]?.nextAttemptAt).toBeUndefined();
    expect(rx.got).toHaveLength(3);
  });

  it('sends nothing more when told twice that a job ended', async () => {
    const { deps, rx } = await setup();
    await notifyJobEnded(deps, event('jb_4'));
    await notifyJobEnded(deps, event('jb_4', { status: 'failed' }));
    expect(rx.got).toHaveLength(1);
    expect(await listDeliveries(deps, 'acme', 'jb_4')).toHaveLength(1);
  });

  it('checks the URL again at delivery: an address gone private is refused, not called', async () => {
    const { deps, rx, clock } = await setup({ dns: ['10.1.2.3'] });
    await notifyJobEnded(deps, event('jb_5'));
    expect(rx.got).toHaveLength(0);
    const [first] = await listDeliveries(deps, 'acme', 'jb_5');
    expect(first?.status).toBeNull();
    expect(first?.error).toContain('must reach a public address');
    expect(first?.nextAttemptAt).toBe(new Date(clock.t + 5_000).toISOString());
  });

  it('sends each due attempt once, whatever the number of concurrent drains', async () => {
    const { deps, rx, clock } = await setup({
      script: [...Array.from({ length: 6 }, () => ({ status: 500 })), { status: 200 }],
    });
    const jobs = Array.from({ length: 6 }, (_, i) => `jb_c${i}`);
    for (const id of jobs) await notifyJobEnded(deps, event(id));
    expect(rx.got).toHaveLength(6);
    clock.t += RETRY_DELAYS_MS[0];
    const runs = await Promise.all(Array.from({ length: 5 }, () => drainDueWebhooks(deps, clock.t)));
    expect(runs.reduce((sum, r) => sum + r.attempted, 0)).toBe(6);
    expect(rx.got).toHaveLength(12);
    for (const id of jobs) {
      expect((await listDeliveries(deps, 'acme', id)).map((a) => a.attempt)).toEqual([1, 2]);
    }
  });

  it('forgetting a job drops its pending retry', async () => {
    const { deps, rx, clock, tableName } = await setup({ script: [{ status: 500 }] });
    await notifyJobEnded(deps, event('jb_6'));
    await forgetDeliveries(deps, 'acme', 'jb_6');
    expect(await listDeliveries(deps, 'acme', 'jb_6')).toEqual([]);
    clock.t += RETRY_DELAYS_MS[0];
    expect((await drainDueWebhooks(deps, clock.t)).attempted).toBe(0);
    expect(rx.got).toHaveLength(1);
    expect(await dueItems(tableName)).toHaveLength(0);
  });

  it('signs with both secrets during a rotation', async () => {
    const { deps, rx, secrets } = await setup();
    const old = await secrets.getOrCreate('0123456789abcdef');
    const { secret } = await secrets.rotate('0123456789abcdef');
    await notifyJobEnded(deps, event('jb_7'));
    const req = rx.got[0];
    for (const s of [old, secret]) {
      expect(verifyWebhook(s, req?.headers ?? {}, req?.body ?? '', { nowSec: T0 / 1000 }).ok).toBe(true);
    }
  });

  it('finds due attempts with one Query per day of the due index, never a scan', async () => {
    const { deps, clock, tableName, secrets } = await setup({ script: [{ status: 500 }] });
    await notifyJobEnded(deps, event('jb_8'));
    const counting = countingClient(dynamo().endpoint);
    const counted = { ...deps, client: counting.client, tableName, secrets };
    clock.t += RETRY_DELAYS_MS[0];
    counting.tally.reset();
    await drainDueWebhooks(counted, clock.t);
    const reads = counting.tally.commands.filter((c) => c === 'QueryCommand' || c === 'ScanCommand');
    expect(reads).toEqual(['QueryCommand', 'QueryCommand', 'QueryCommand']);
    counting.client.destroy();
  });

  it('makes a first delivery in 8 requests (9 when it makes the key secret), as docs/operations.md says', async () => {
    const { deps, tableName, secrets } = await setup();
    const counting = countingClient(dynamo().endpoint);
    const counted = { ...deps, client: counting.client, tableName };
    const countedSecrets = createDynamoWebhookSecrets({ client: counting.client, tableName, now: deps.now });
    await notifyJobEnded({ ...counted, secrets: countedSecrets }, event('jb_r1'));
    expect(counting.tally.requests).toBe(9);
    await secrets.getOrCreate('0123456789abcdef');
    counting.tally.reset();
    await notifyJobEnded({ ...counted, secrets: countedSecrets }, event('jb_r2'));
    expect(counting.tally.commands).toEqual([
      'PutItemCommand',
      'GetItemCommand',
      'PutItemCommand',
      'UpdateItemCommand',
      'GetItemCommand',
      'GetItemCommand',
      'UpdateItemCommand',
      'DeleteItemCommand',
    ]);
    counting.client.destroy();
  });

  it('keeps the record for a week (expiresAtMs) and the due index apart per UTC day', async () => {
    const { deps, tableName, clock } = await setup({ script: [{ status: 500 }] });
    await notifyJobEnded(deps, event('jb_9'));
    // T0 is 22:00 UTC: the 2-hour retry (attempt 5) falls on the next day's partition.
    for (const delay of RETRY_DELAYS_MS.slice(0, 3)) {
      clock.t += delay;
      await drainDueWebhooks(deps, clock.t);
    }
    const [due] = await dueItems(tableName);
    expect(due?.pk?.S).toBe('whdue#2026-12-07');
    const out = await dynamo().client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: 'ws#acme' } },
      }),
    );
    expect(Number(out.Items?.[0]?.expiresAtMs?.N)).toBe(T0 + DELIVERY_RETENTION_MS);
  });
});

describe('webhook deliveries under faults', () => {
  /** A client that fails the `nth` request of `command` (1-based) with `timing`. */
  function failingNth(command: string, nth: number, timing: 'before' | 'after') {
    let seen = 0;
    return faultyClient(dynamo().endpoint, {
      decide: (_call, name) => (name === command && ++seen === nth ? { timing, error: networkError } : null),
    });
  }

  it.each([
    // The attempt's record write fails before it lands: the attempt is sent again after the claim lapses.
    ['UpdateItemCommand', 2, 'before', 2],
    // It lands and its answer is lost: the next drain sees it recorded and only schedules the retry.
    ['UpdateItemCommand', 2, 'after', 1],
    // The claim is lost: nothing was sent, the next drain sends.
    ['UpdateItemCommand', 1, 'before', 1],
    // The next attempt's due item is not written: the next drain finds the claimed item and writes it.
    ['PutItemCommand', 3, 'before', 1],
    // The claimed item is not deleted: the next drain finds the attempt recorded.
    ['DeleteItemCommand', 1, 'before', 1],
  ] as const)(
    'a failed %s #%i (%s) leaves the deliveries whole; sends of attempt 1: %i',
    async (command, nth, timing, sends) => {
      const client = failingNth(command, nth, timing);
      const { deps, rx, clock } = await setup({ client, script: [{ status: 500 }] });
      await expect(notifyJobEnded(deps, event('jb_f'))).rejects.toBeInstanceOf(StoreUnavailableError);
      // Drains until the second attempt has been made (its retry is due 5 s after the first).
      for (let i = 0; i < 4; i++) {
        clock.t += CLAIM_MS;
        await drainDueWebhooks({ ...deps, client: dynamo().client }, clock.t);
      }
      const attempts = await listDeliveries(deps, 'acme', 'jb_f');
      expect(attempts.slice(0, 2).map((a) => a.attempt)).toEqual([1, 2]);
      expect(new Set(attempts.map((a) => a.attempt)).size).toBe(attempts.length);
      expect(rx.got.length).toBe(attempts.length + (sends - 1));
      client.destroy();
    },
  );
});
