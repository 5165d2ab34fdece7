/**
 * The whole delivery path as `npm start` runs it: the embedded DynamoDB, Node's DNS and HTTP, a receiver
 * on 127.0.0.1 (allowed locally), a retry made by the drain, and the TypeScript client's verifier on what
 * arrived.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@cutplan/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDynamoPerFile } from '../../../test/support/dynamo-per-file.ts';
import { freshTable } from '../../../test/support/limits-table.ts';
import {
  createWebhookDeps,
  drainDueWebhooks,
  listDeliveries,
  notifyJobEnded,
  RETRY_DELAYS_MS,
} from './index.ts';

const dynamo = embeddedDynamoPerFile();

/** A receiver that answers 503 to the first delivery and 204 after, keeping what it got. */
let server: Server;
let port = 0;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(received.length === 1 ? 503 : 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('a webhook to a local receiver', () => {
  it('arrives signed, is retried after a 503, and the client verifier accepts it (and refuses it changed)', async () => {
    const tableName = await freshTable(dynamo());
    let now = Date.now();
    const deps = createWebhookDeps({
      client: dynamo().client,
      tableName,
      allowPrivate: true,
      now: () => now,
    });
    const secret = await deps.secrets.getOrCreate('0123456789abcdef');
    await notifyJobEnded(deps, {
      jobId: 'jb_local',
      workspace: 'acme',
      keyId: '0123456789abcdef',
      status: 'succeeded',
      url: 'http://localhost:3000/v1/jobs/jb_local',
      webhook: `http://localhost:${port}/hooks/cutplan`,
    });
    now += RETRY_DELAYS_MS[0];
    expect(await drainDueWebhooks(deps, now)).toEqual({ due: 1, attempted: 1, delivered: 1 });

    expect(received).toHaveLength(2);
    const [first, second] = received;
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    const nowSeconds = Math.floor(now / 1000);
    const event = await verifyWebhook(secret, second?.headers ?? {}, second?.body ?? '', { nowSeconds });
    expect(event).toEqual({
      type: 'job.succeeded',
      data: { id: 'jb_local', status: 'succeeded', url: 'http://localhost:3000/v1/jobs/jb_local' },
    });
    await expect(
      verifyWebhook(secret, second?.headers ?? {}, (second?.body ?? '').replace('succeeded', 'failed'), {
        nowSeconds,
      }),
    ).rejects.toThrow('no signature matches');
    expect((await listDeliveries(deps, 'acme', 'jb_local')).map((a) => a.status)).toEqual([503, 204]);
  });

  it('is refused before sending when deployed', async () => {
    const tableName = await freshTable(dynamo());
    const deps = createWebhookDeps({ client: dynamo().client, tableName, allowPrivate: false });
    const before = received.length;
    await notifyJobEnded(deps, {
      jobId: 'jb_deployed',
      workspace: 'acme',
      keyId: '0123456789abcdef',
      status: 'failed',
      url: 'https://api.example.com/v1/jobs/jb_deployed',
      webhook: `http://localhost:${port}/hooks/cutplan`,
    });
    expect(received.length).toBe(before);
    const [attempt] = await listDeliveries(deps, 'acme', 'jb_deployed');
    expect(attempt?.error).toBe('webhook URL must use https');
  });
});
