/**
 * The local server over real HTTP, with the production handler factories over a fake core and the real
 * admitter over an embedded DynamoDB: every route, every bad input, and the headers each answer must
 * carry. Limits and keys end to end, over the real core, are in `limits.test.ts`.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedDynamo, startEmbeddedDynamo } from '../../functions/local/embedded-dynamo.ts';
import { MAX_BODY_BYTES } from '../../functions/shared/http/index.ts';
import { TEST_SOLVER, TEST_VERSION, testHandlers } from '../support/handlers.ts';
import { realAdmitter } from '../support/limits.ts';
import { type RunningServer, startServer } from '../support/local-server.ts';

let dynamo: EmbeddedDynamo;
let server: RunningServer;
let handlers: ReturnType<typeof testHandlers>;

beforeAll(async () => {
  dynamo = await startEmbeddedDynamo();
  handlers = testHandlers({ admitter: (await realAdmitter(dynamo)).admitter });
  server = await startServer(handlers);
});
afterAll(async () => {
  await server.close();
  await dynamo.close();
});

const remaining = (res: Response) => Number(res.headers.get('x-ratelimit-remaining'));

const post = (path: string, body: string, contentType = 'application/json') =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': contentType }, body });

async function expectError(res: Response, status: number, error: string, detail: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  const body = (await res.json()) as { error: string; detail: string };
  expect(body.error).toBe(error);
  expect(body.detail).toContain(detail);
}

describe('local server', () => {
  it('answers GET /v1/health', async () => {
    const res = await fetch(`${server.url}/v1/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toEqual({ status: 'ok', version: TEST_VERSION, solver: TEST_SOLVER });
  });

  it('gives every response its own request id', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async () => (await fetch(`${server.url}/v1/health`)).headers.get('x-request-id')),
    );
    expect(new Set(ids).size).toBe(3);
  });

  it('solves POST /v1/optimise in long form and in shorthand', async () => {
    const long = await post(
      '/v1/optimise',
      JSON.stringify({ parts: [{ length: 500, quantity: 4 }], stockLength: 1000 }),
    );
    const short = await post('/v1/optimise', JSON.stringify({ parts: '500x4', stock: 1000 }));
    for (const res of [long, short]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toMatchObject({ plan: { verified: true, optimal: true, stockBarsUsed: 2 } });
    }
  });

  it('solves GET /v1/optimise from the query string with the same body as the POST', async () => {
    const get = await fetch(`${server.url}/v1/optimise?parts=500x4,300x2&stock=1000`);
    const byPost = await post('/v1/optimise', JSON.stringify({ parts: '500x4,300x2', stock: 1000 }));
    expect(get.status).toBe(200);
    expect(await get.text()).toBe(await byPost.text());
  });

  it('answers POST /v1/optimise/pdf with the PDF bytes', async () => {
    const res = await post(
      '/v1/optimise/pdf',
      JSON.stringify({ parts: '500x4', stock: 1000, jobName: 'Shelf 2' }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('filename="cutting-plan-Shelf-2.pdf"');
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
    expect(text).toMatch(/^%PDF-1\.7\n% fake plan: Shelf 2 \/ null \/ .* \/ 2 bars\n%%EOF\n$/);
  });

  it('counts the caller by its socket address, ignoring X-Forwarded-For', async () => {
    const job = `${server.url}/v1/optimise?parts=500x4&stock=1000`;
    const plain = await fetch(job);
    const forwarded = await fetch(job, { headers: { 'X-Forwarded-For': '198.51.100.7' } });
    expect([plain.status, forwarded.status]).toEqual([200, 200]);
    expect(remaining(forwarded)).toBe(remaining(plain) - 1);
  });

  it.each([
    ['malformed JSON', () => post('/v1/optimise', '{"parts": "500x4",'), 400, 'validation', 'not valid JSON'],
    [
      'a wrong content type',
      () => post('/v1/optimise', '{}', 'text/plain'),
      400,
      'validation',
      'application/json',
    ],
    ['an empty body', () => post('/v1/optimise/pdf', ''), 400, 'validation', 'empty'],
    [
      'an invalid part',
      () => post('/v1/optimise', '{"parts":[[0,1]],"stock":10}'),
      400,
      'validation',
      'parts[0].length',
    ],
    ['too many parts', () => post('/v1/optimise', '{"parts":"1x301","stock":10}'), 413, 'partsLimit', '300'],
    ['an unknown route', () => fetch(`${server.url}/v1/optimize`), 404, 'notFound', 'GET|POST /v1/optimise'],
    [
      'a trailing slash',
      () => fetch(`${server.url}/v1/health/`),
      404,
      'notFound',
      'no route GET /v1/health/',
    ],
  ])('answers %s cleanly', async (_, send, status, error, detail) => {
    await expectError(await send(), status, error, detail);
  });

  it('answers a body over 1 MiB with 413 payloadTooLarge', async () => {
    const body = JSON.stringify({ parts: '500x4', stock: 1000, pad: 'x'.repeat(MAX_BODY_BYTES) });
    await expectError(await post('/v1/optimise', body), 413, 'payloadTooLarge', '1 MiB');
  });

  it('answers a GET whose query is over 8 KiB with 414 queryTooLong, saying to POST', async () => {
    const parts = Array.from({ length: 1500 }, () => '500x1').join(',');
    const res = await fetch(`${server.url}/v1/optimise?parts=${parts}&stock=1000`);
    await expectError(res, 414, 'queryTooLong', 'send the job as JSON in the body of POST /v1/optimise');
  });

  it('answers a request line and headers over 16 KiB with 431 headersTooLarge as JSON, not a bare 431', async () => {
    const parts = Array.from({ length: 3000 }, () => '500x1').join(',');
    const res = await fetch(`${server.url}/v1/optimise?parts=${parts}&stock=1000`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    await expectError(res, 431, 'headersTooLarge', 'POST /v1/optimise');
  });

  it('answers a request that is not HTTP with 400 as JSON', async () => {
    const { port } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('HELLO / WORLD\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'validation',
      detail: 'the request is not valid HTTP/1.1',
    });
  });

  it('accepts a body of exactly 1 MiB', async () => {
    const head = JSON.stringify({ parts: '500x4', stock: 1000, pad: '' });
    const body = head.replace('"pad":""', `"pad":"${'x'.repeat(MAX_BODY_BYTES - head.length)}"`);
    expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES);
    expect((await post('/v1/optimise', body)).status).toBe(200);
  });

  it.each([
    ['DELETE', '/v1/optimise', 'GET, POST, OPTIONS'],
    ['GET', '/v1/optimise/pdf', 'POST, OPTIONS'],
    ['POST', '/v1/health', 'GET, OPTIONS'],
    ['PUT', '/v1/health', 'GET, OPTIONS'],
  ])('answers %s %s with 405 and Allow', async (method, path, allow) => {
    const res = await fetch(`${server.url}${path}`, { method });
    expect(res.headers.get('allow')).toBe(allow);
    await expectError(res, 405, 'methodNotAllowed', `${method} is not allowed on ${path}`);
  });

  it.each([
    ['/v1/optimise', 'GET, POST, OPTIONS'],
    ['/v1/optimise/pdf', 'POST, OPTIONS'],
    ['/v1/health', 'GET, OPTIONS'],
  ])('answers the preflight of %s', async (path, methods) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-api-key',
      },
    });
    expect(res.status).toBe(204);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'access-control-allow-origin': 'https://shop.example.com',
      vary: 'Origin',
      'access-control-allow-methods': methods,
      'access-control-allow-headers': 'Content-Type, X-API-Key, Idempotency-Key',
      'access-control-max-age': '86400',
    });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('content-length')).toBeNull();
    expect(await res.text()).toBe('');
  });

  it('answers OPTIONS on an unknown route with 404', async () => {
    await expectError(await fetch(`${server.url}/nope`, { method: 'OPTIONS' }), 404, 'notFound', 'no route');
  });

  it('leaves the request line to the handler: one record per request, none from the server', async () => {
    const beforeLines = server.lines.length;
    const beforeRecords = handlers.telemetry.records.length;
    const res = await fetch(`${server.url}/v1/health?probe=1`);
    expect(server.lines.slice(beforeLines)).toEqual([]);
    expect(handlers.telemetry.records.slice(beforeRecords)).toEqual([
      expect.objectContaining({
        requestId: res.headers.get('x-request-id'),
        route: 'GET /v1/health',
        status: 200,
      }),
    ]);
  });
});

describe('local server behind a trusted proxy', () => {
  it('counts the caller by the X-Forwarded-For hop the proxy appended (TRUST_PROXY=1), never a forged one', async () => {
    const { admitter } = await realAdmitter(dynamo);
    const proxied = await startServer(testHandlers({ admitter }), 1);
    const from = (chain: string) =>
      fetch(`${proxied.url}/v1/optimise?parts=500x4&stock=1000`, { headers: { 'X-Forwarded-For': chain } });
    try {
      const seen = [];
      for (const chain of [
        '10.0.0.2, 198.51.100.7',
        '10.0.0.2, 198.51.100.8',
        '10.0.0.3, 198.51.100.7',
        // The forged hops of issue 32: neither is a new subject; both count as the socket's 127.0.0.1.
        '1.2.3.4, 127.0.0.1',
        'not-an-ip',
        '5.6.7.8, 127.0.0.1',
      ]) {
        seen.push(remaining(await from(chain)));
      }
      expect(seen).toEqual([29, 29, 28, 29, 28, 27]);
    } finally {
      await proxied.close();
    }
  });
});
