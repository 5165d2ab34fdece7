import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeSend } from './transport.ts';

/** A loopback receiver whose answer each test sets; it keeps what it got. */
let server: Server;
let port = 0;
let answer: (req: IncomingMessage, res: import('node:http').ServerResponse) => void;
const got: { headers: IncomingMessage['headers']; body: string; url: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body, url: req.url ?? '' });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request = (path: string, timeoutMs = 5_000) => ({
  // A name no resolver knows: the sender must connect to the pinned address, not look the name up.
  url: new URL(`http://receiver.invalid:${port}${path}`),
  addresses: ['127.0.0.1'],
  headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' },
  body: '{"type":"job.succeeded"}',
  timeoutMs,
});

describe('the Node sender', () => {
  it('POSTs the body and headers to the pinned address and reports the status', async () => {
    answer = (_req, res) => res.writeHead(204).end();
    got.length = 0;
    expect(await nodeSend(request('/hook?a=1'))).toEqual({ status: 204 });
    expect(got).toHaveLength(1);
    expect(got[0]?.url).toBe('/hook?a=1');
    expect(got[0]?.body).toBe('{"type":"job.succeeded"}');
    expect(got[0]?.headers['webhook-id']).toBe('msg_1');
    expect(got[0]?.headers['content-type']).toBe('application/json');
    expect(got[0]?.headers.host).toBe(`receiver.invalid:${port}`);
  });

  it('follows no redirect', async () => {
    answer = (_req, res) => res.writeHead(307, { location: `http://127.0.0.1:${port}/elsewhere` }).end();
    got.length = 0;
    expect(await nodeSend(request('/hook'))).toEqual({ status: 307 });
    expect(got.map((g) => g.url)).toEqual(['/hook']);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    answer = () => {}; // never answers
    const outcome = await nodeSend(request('/slow', 200));
    expect(outcome.status).toBeNull();
    expect('error' in outcome && outcome.error).toContain('no answer within 0.2 s');
  });

  it('reports a refused connection as an error, not a status', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await nodeSend({ ...request('/'), url: new URL(`http://receiver.invalid:${freePort}/`) });
    expect(outcome.status).toBeNull();
    expect('error' in outcome && outcome.error).toMatch(/ECONNREFUSED/);
  });
});
