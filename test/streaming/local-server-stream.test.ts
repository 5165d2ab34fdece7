/**
 * The streaming edge behind the local server, over a real socket: keep-alive spaces on the wire, then
 * the plan or a late failure. Keep-alive timing is shortened (tens of ms) so the test takes no 20 s.
 */

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { CutplanClient, CutplanError } from '../../clients/typescript/src/index.ts';
import { createLocalServer } from '../../functions/local/local-server.ts';
import type { ApiHandler, LambdaContextLike } from '../../functions/shared/http/index.ts';
import { readStreamedJson } from '../../functions/shared/http/stream.ts';
import { testHandlers } from '../support/handlers.ts';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => {
    server?.close(() => resolve());
    server?.closeAllConnections();
  });
});

/** A handler that is admitted, waits `ms` of wall time (its solve), then answers `result`. */
const slow =
  (ms: number, result: APIGatewayProxyResult): ApiHandler =>
  async (_event, context?: LambdaContextLike) => {
    context?.progress?.admitted({ 'X-RateLimit-Limit': '60', 'X-Request-Id': 'rid' });
    await new Promise((resolve) => setTimeout(resolve, ms));
    return result;
  };

async function serveOptimise(handler: ApiHandler): Promise<string> {
  server = createLocalServer({
    handlers: { ...testHandlers(), optimise: handler },
    trustProxy: 0,
    log: () => {},
    streamOptionsOf: (target) =>
      target === 'optimise' ? { keepAlive: { firstMs: 30, everyMs: 30 } } : undefined,
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const post = (url: string) =>
  fetch(`${url}/v1/optimise`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"parts":"500x4","stock":1000}',
  });

describe('local server, streamed answers', () => {
  it('sends keep-alive spaces on the wire, then the plan', async () => {
    const url = await serveOptimise(
      slow(200, {
        statusCode: 200,
        headers: { 'Content-Type': 'application/json' },
        body: '{"plan":{"verified":true}}',
      }),
    );
    const res = await post(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await res.text();
    expect(text).toMatch(/^ +\{"plan":/);
    expect(readStreamedJson(res.status, text)).toEqual({ status: 200, body: { plan: { verified: true } } });
  });

  it('sends a failure decided after the spaces as a late failure', async () => {
    const url = await serveOptimise(
      slow(200, { statusCode: 422, headers: {}, body: '{"error":"noPlanFound","detail":"no plan"}' }),
    );
    const res = await post(url);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).toMatch(/^ +\{/);
    expect(readStreamedJson(res.status, text)).toEqual({
      status: 422,
      body: { error: 'noPlanFound', detail: 'no plan', status: 422 },
    });
  });

  it('sends a quick answer whole, with its own status', async () => {
    const url = await serveOptimise(
      slow(0, { statusCode: 422, headers: {}, body: '{"error":"noPlanFound","detail":"x"}' }),
    );
    const res = await post(url);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'noPlanFound', detail: 'x' });
  });

  it('the TypeScript client reads the spaces and a late failure from the real edge', async () => {
    const plan = { plan: { verified: true } };
    const okUrl = await serveOptimise(
      slow(200, { statusCode: 200, headers: {}, body: JSON.stringify(plan) }),
    );
    const client = new CutplanClient({ baseUrl: okUrl, maxRetries: 0 });
    expect(await client.optimise({ parts: '500x4', stock: 1000 })).toEqual(plan);
    await new Promise<void>((resolve) => {
      server?.close(() => resolve());
      server?.closeAllConnections();
    });
    const failUrl = await serveOptimise(
      slow(200, { statusCode: 422, headers: {}, body: '{"error":"noPlanFound","detail":"no plan"}' }),
    );
    const failing = new CutplanClient({ baseUrl: failUrl, maxRetries: 0 });
    const error = await failing.optimise({ parts: '500x4', stock: 1000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CutplanError);
    expect(error).toMatchObject({ error: 'noPlanFound', status: 422, detail: 'no plan' });
  });
});
