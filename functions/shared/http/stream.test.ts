import type { APIGatewayProxyResult } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { apiEvent } from '../../../test/support/api-event.ts';
import type { LambdaContextLike } from './request.ts';
import type { ApiHandler } from './serve.ts';
import {
  JSON_KEEP_ALIVE,
  lateFailureBody,
  readStreamedJson,
  type StreamSink,
  streamAnswer,
} from './stream.ts';

/** A sink that records what was sent. */
function recordingSink() {
  const sent: { status?: number; headers?: Readonly<Record<string, string>>; body: string; ended: boolean } =
    {
      body: '',
      ended: false,
    };
  const sink: StreamSink = {
    head: (status, headers) => {
      if (sent.status !== undefined) throw new Error('head twice');
      sent.status = status;
      sent.headers = headers;
    },
    write: (chunk) => {
      if (sent.status === undefined) throw new Error('write before head');
      sent.body += Buffer.from(chunk).toString('utf8');
    },
    end: async () => {
      sent.ended = true;
    },
  };
  return { sent, sink };
}

/**
 * A handler that is admitted, then "solves" for `solveMs` on the test clock (beating as the solver's
 * clock readings do, one per second), then answers `result`.
 */
function slowHandler(
  clock: { t: number },
  solveMs: number,
  result: APIGatewayProxyResult,
  admit = true,
): ApiHandler {
  return async (_event, context?: LambdaContextLike) => {
    if (admit) context?.progress?.admitted({ 'X-RateLimit-Limit': '60', 'X-Request-Id': 'rid' });
    for (let spent = 0; spent < solveMs; spent += 1_000) {
      clock.t += 1_000;
      context?.progress?.beat();
    }
    return result;
  };
}

const noPlan = {
  statusCode: 422,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': 'rid' },
  body: JSON.stringify({ error: 'noPlanFound', detail: 'no plan found within the budget' }),
};

async function run(
  handler: ApiHandler,
  clock: { t: number },
  keepAlive = JSON_KEEP_ALIVE as typeof JSON_KEEP_ALIVE | null,
) {
  const { sent, sink } = recordingSink();
  await streamAnswer(handler, apiEvent(), undefined, sink, { keepAlive, now: () => clock.t, timer: false });
  return sent;
}

describe('streamAnswer', () => {
  it('sends an answer that comes before the first keep-alive as it is', async () => {
    const clock = { t: 0 };
    const sent = await run(slowHandler(clock, 5_000, noPlan), clock);
    expect(sent).toMatchObject({ status: 422, ended: true });
    expect(JSON.parse(sent.body)).toEqual({
      error: 'noPlanFound',
      detail: 'no plan found within the budget',
    });
  });

  it('commits a 200 with the admitted headers after 20 s, then a space every 15 s', async () => {
    const clock = { t: 0 };
    const ok = { statusCode: 200, headers: {}, body: '{"plan":{"verified":true}}' };
    const sent = await run(slowHandler(clock, 60_000, ok), clock);
    expect(sent.status).toBe(200);
    expect(sent.headers).toMatchObject({
      'X-RateLimit-Limit': '60',
      'Content-Type': 'application/json; charset=utf-8',
    });
    // Spaces at 20, 35 and 50 s; the body at 60 s.
    expect(sent.body).toBe(`   ${ok.body}`);
    expect(JSON.parse(sent.body)).toEqual({ plan: { verified: true } });
  });

  it.each([
    [422, { error: 'noPlanFound', detail: 'no plan found within the budget' }],
    [500, { error: 'internal', detail: 'internal error; request id rid' }],
  ])('writes a failure decided after the commit as a late failure with status %i', async (status, error) => {
    const clock = { t: 0 };
    const result = { statusCode: status, headers: {}, body: JSON.stringify(error) };
    const sent = await run(slowHandler(clock, 40_000, result), clock);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatch(/^ +\{/);
    const parsed = JSON.parse(sent.body);
    expect(parsed).toEqual({ ...error, status });
    expect(parsed).not.toHaveProperty('plan');
    expect(readStreamedJson(200, sent.body)).toEqual({ status, body: { ...error, status } });
  });

  it('writes nothing early for a call that was never admitted (a refusal stays whole)', async () => {
    const clock = { t: 0 };
    const refusal = { statusCode: 429, headers: { 'Retry-After': '30' }, body: '{"error":"rateLimited"}' };
    const sent = await run(slowHandler(clock, 40_000, refusal, false), clock);
    expect(sent).toMatchObject({
      status: 429,
      headers: { 'Retry-After': '30' },
      body: '{"error":"rateLimited"}',
    });
  });

  it('writes no keep-alive at all without keep-alive (a PDF begins with %PDF-)', async () => {
    const clock = { t: 0 };
    const pdf = {
      statusCode: 200,
      headers: { 'Content-Type': 'application/pdf' },
      body: Buffer.from('%PDF-1.7 …').toString('base64'),
      isBase64Encoded: true,
    };
    const sent = await run(slowHandler(clock, 200_000, pdf), clock, null);
    expect(sent.status).toBe(200);
    expect(sent.body.startsWith('%PDF-')).toBe(true);
  });
});

describe('the late-failure format', () => {
  it('keeps the error object, drops any plan, and sets status', () => {
    expect(JSON.parse(lateFailureBody(422, '{"error":"noPlanFound","detail":"d","plan":{}}'))).toEqual({
      error: 'noPlanFound',
      detail: 'd',
      status: 422,
    });
    expect(JSON.parse(lateFailureBody(500, 'not json'))).toEqual({
      error: 'internal',
      detail: 'internal error',
      status: 500,
    });
  });

  it('is told apart from a plan by a reader', () => {
    expect(readStreamedJson(200, '  {"plan":{}}')).toEqual({ status: 200, body: { plan: {} } });
    expect(readStreamedJson(400, '{"error":"validation","detail":"x"}').status).toBe(400);
  });
});
