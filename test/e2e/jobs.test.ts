/**
 * The done-when over `npm start` as a real process: with a local pro key, a job with a 60 s
 * budget and a webhook to a local receiver is accepted at once, polled to `succeeded` (its plan read back
 * through the stored-plan routes), its webhook arrives signed and the verifier accepts it (and refuses a
 * changed body); the same POST repeated with its `Idempotency-Key` gets the same job and the month's
 * `used` moves once. A running job cancelled by DELETE stops and is refunded.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../functions/shared/clock.ts';
import { createDynamoStore } from '../../functions/shared/limits/dynamo-store.ts';
import { createKey } from '../../functions/shared/limits/key-admin.ts';
import { createDynamoWebhookSecrets, verifyWebhook } from '../../functions/shared/webhooks/index.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

let server: ServerProcess;
let client: DynamoDBClient;
let key: string;
let keyId: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.writeHead(204).end();
  });
});

beforeAll(async () => {
  server = await startServerProcess({ env: { SOLVER_WORKERS: '1' } });
  if (server.dynamoEndpoint === undefined) throw new Error('no embedded DynamoDB');
  client = new DynamoDBClient({
    endpoint: server.dynamoEndpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const created = await createKey(
    { store: createDynamoStore({ client, tableName: 'cutplan-limits' }), clock: systemClock },
    { workspace: 'demo', tier: 'pro', origins: [], branding: null, expiresAtMs: null },
  );
  if (!created.ok) throw new Error(created.problem);
  key = created.value.key;
  keyId = created.value.record.keyId;
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
}, 120_000);

afterAll(async () => {
  receiver.close();
  await server?.stop();
});

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'X-API-Key': key,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text === '' ? null : JSON.parse(text) };
};

async function pollUntilEnded(location: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(location, { headers: { 'X-API-Key': key } });
    const job = (await res.json()) as Record<string, unknown>;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    const wait = Number(res.headers.get('retry-after') ?? '1');
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait * 1000, 200)));
  }
  throw new Error('the job did not end');
}

describe('async jobs on npm start', () => {
  it('accepts a job with a 60 s budget and a webhook at once, solves it, and signs the webhook', async () => {
    const { port } = receiver.address() as AddressInfo;
    const body = {
      parts: [[2400, 4, 'rail'], [1150, 6, 'post'], '600x10'],
      stock: 6000,
      kerf: 3,
      timeLimit: 60,
      webhook: `http://127.0.0.1:${port}/cutplan`,
    };
    const posted = await call('POST', '/v1/jobs', body, { 'Idempotency-Key': 'done-when-1' });
    expect(posted.status).toBe(202);
    // Accepted, not solved, before answering.
    expect(['queued', 'running']).toContain(posted.json.status);
    expect(posted.json.result).toBeNull();
    const location = posted.headers.get('location') ?? '';
    expect(location).toBe(`${server.url}/v1/jobs/${posted.json.id}`);
    const job = await pollUntilEnded(location);
    expect(job.status).toBe('succeeded');
    const result = job.result as { plan: { id: string; verified: boolean; stockBarsUsed: number } };
    expect(result.plan.verified).toBe(true);
    // The progress the solver reported from its worker thread, its last figures kept.
    expect(job.progress).toMatchObject({ best: result.plan.stockBarsUsed, unit: 'bars', budgetMs: 60_000 });
    // The plan renders through the stored-plan routes.
    const csv = await fetch(`${server.url}/v1/plans/${result.plan.id}/csv`, {
      headers: { 'X-API-Key': key },
    });
    expect(csv.status).toBe(200);

    // The webhook: thin, signed with the key's secret; a changed body fails the check.
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(1);
    const [delivery] = received;
    if (delivery === undefined) throw new Error('no delivery');
    expect(JSON.parse(delivery.body)).toEqual({
      type: 'job.succeeded',
      data: { id: posted.json.id, status: 'succeeded', url: location },
    });
    const secrets = createDynamoWebhookSecrets({ client, tableName: 'cutplan-limits', now: Date.now });
    const [secret] = await secrets.validSecrets(keyId, Date.now());
    if (secret === undefined) throw new Error('no secret');
    const headers = delivery.headers as Record<string, string>;
    expect(verifyWebhook(secret, headers, delivery.body).ok).toBe(true);
    expect(verifyWebhook(secret, headers, delivery.body.replace('succeeded', 'failed')).ok).toBe(false);
    const shown = await call('GET', `/v1/jobs/${posted.json.id}`);
    expect(shown.json.deliveries).toEqual([expect.objectContaining({ attempt: 1, status: 204 })]);

    // The same POST with its key: the same job, counted once in the month.
    const before = (await call('GET', '/v1/usage')).json.month.used;
    const again = await call('POST', '/v1/jobs', body, { 'Idempotency-Key': 'done-when-1' });
    expect([again.status, again.json.id]).toEqual([202, posted.json.id]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await call('GET', '/v1/usage')).json.month.used).toBe(before);
    expect(before).toBe(1);
  }, 120_000);

  it('MCP over HTTP: start_job answers at once, get_job comes back for the plan, get_usage counts nothing', async () => {
    const tool = async (name: string, args: unknown, id: number) => {
      const res = await fetch(`${server.url}/v1/mcp`, {
        method: 'POST',
        headers: {
          'X-API-Key': key,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        result: { isError?: boolean; structuredContent: Record<string, unknown> };
      };
      return body.result;
    };
    const usageBefore = await tool('get_usage', {}, 1);
    const used = (usageBefore.structuredContent.month as { used: number }).used;
    const args = { parts: '2400x4, 1150x6', stock: 6000, timeLimit: 60, idempotencyKey: 'agent-job-1' };
    const started = await tool('start_job', args, 2);
    expect(started.isError).toBeUndefined();
    const id = started.structuredContent.id as string;
    // The agent's retry under its idempotencyKey gets the same job, not a second one (nor a second count).
    const retried = await tool('start_job', args, 3);
    expect(retried).toEqual(started);
    let job: Record<string, unknown> = started.structuredContent;
    for (let i = 0; i < 300 && (job.status === 'queued' || job.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await tool('get_job', { jobId: id }, 4 + i)).structuredContent;
    }
    expect(job.status).toBe('succeeded');
    expect((job.result as { plan: { verified: boolean } }).plan.verified).toBe(true);
    // The job was counted once; the reads and the usage calls not at all.
    const usageAfter = await tool('get_usage', {}, 999);
    expect((usageAfter.structuredContent.month as { used: number }).used).toBe(used + 1);
  }, 120_000);
});
