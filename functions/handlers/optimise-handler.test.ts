import type { APIGatewayProxyResult } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { InternalError } from '../../core/errors.ts';
import { apiEvent, postJson, sampleEvent } from '../../test/support/api-event.ts';
import { fakeCore } from '../../test/support/fake-core.ts';
import { recordingAdmitter, testHandlers } from '../../test/support/handlers.ts';
import { RateLimitedError } from '../shared/errors.ts';
import { MAX_BODY_BYTES } from '../shared/http/index.ts';

const json = (res: APIGatewayProxyResult): Record<string, unknown> => JSON.parse(res.body);

describe('makeOptimiseHandler', () => {
  it.each([
    ['optimise/post-long-form.json', 200, 20],
    ['optimise/post-shorthand.json', 200, 20],
    ['optimise/post-base64.json', 200, 4],
    ['optimise/post-keyed.json', 200, 10],
    ['optimise/get-query.json', 200, 20],
    ['optimise/post-time-limit-capped.json', 200, 10],
  ])('answers %s with %i and a verified plan of all its parts', async (file, status, parts) => {
    const event = sampleEvent(file);
    const res = await testHandlers().optimise(event);
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      'X-Request-Id': event.requestContext.requestId,
      'Cache-Control': 'no-store',
    });
    const body = json(res);
    expect(body.plan).toMatchObject({ verified: true });
    expect(body.stats).toMatchObject({ totalParts: parts });
    expect(body.meta).toMatchObject({ tier: 'public', poweredBy: 'cutplan test' });
  });

  it('says in Server-Timing where the call spent its time, and health does not', async () => {
    const h = testHandlers();
    const res = await h.optimise(sampleEvent('optimise/post-long-form.json'));
    const names = String(res.headers?.['Server-Timing'])
      .split(', ')
      .map((entry) => entry.split(';')[0]);
    // The fake core reports no search or verify times; the real one does (core/optimise.test.ts).
    expect(names).toEqual(['parse', 'admit', 'serialise', 'release', 'total']);
    const health = await h.health(apiEvent({ method: 'GET', path: '/v1/health' }));
    expect(health.headers?.['Server-Timing']).toBeUndefined();
  });

  it.each([
    ['optimise/post-malformed-json.json', 'body: the request body is not valid JSON'],
    ['optimise/post-wrong-content-type.json', 'send the header "Content-Type: application/json"'],
    ['optimise/post-invalid-part.json', 'parts[1].length'],
    ['optimise/get-missing-parts.json', 'parts'],
  ])('answers %s with 400 validation naming the problem, and never admits it', async (file, detail) => {
    const h = testHandlers();
    const res = await h.optimise(sampleEvent(file));
    expect(res.statusCode).toBe(400);
    expect(res.headers?.['X-Request-Id']).toBe(sampleEvent(file).requestContext.requestId);
    expect(json(res)).toMatchObject({ error: 'validation' });
    expect(json(res).detail).toContain(detail);
    expect(h.core.solves).toHaveLength(0);
    expect((h.admitter as ReturnType<typeof recordingAdmitter>).calls).toHaveLength(0);
  });

  it('refuses a body over 1 MiB with 413 payloadTooLarge before parsing or admitting', async () => {
    const h = testHandlers();
    const big = postJson('/v1/optimise', { parts: '500x4', stock: 1000, pad: 'x'.repeat(MAX_BODY_BYTES) });
    const res = await h.optimise(big);
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({ error: 'payloadTooLarge' });
    expect((h.admitter as ReturnType<typeof recordingAdmitter>).calls).toHaveLength(0);
  });

  it('admits the caller by IP, key, origin and host with the job size', async () => {
    const admitter = recordingAdmitter();
    await testHandlers({ admitter }).optimise(sampleEvent('optimise/post-keyed.json'));
    expect(admitter.calls).toEqual([
      {
        caller: {
          ip: '203.0.113.24',
          apiKey: 'cp_live_5f0c2b7e9d1a4c3b_sampleKeyNotIssuedAnywhere000001',
          origin: 'https://shop.example.com',
          host: 'a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com',
        },
        size: { totalParts: 10, distinctLines: 2 },
      },
    ]);
    expect(admitter.releases).toEqual(['succeeded']);
  });

  it('hands a present but empty X-API-Key to the admitter as an empty key, not as no key', async () => {
    const admitter = recordingAdmitter();
    const event = postJson('/v1/optimise', { parts: '500x4', stock: 1000 }, { 'X-API-Key': '' });
    await testHandlers({ admitter }).optimise(event);
    expect(admitter.calls.map((c) => c.caller.apiKey)).toEqual(['']);
  });

  it.each([
    ['a 200', { parts: '500x4', stock: 1000 }, 200],
    ['a 400 raised before admission', { parts: '500x0', stock: 1000 }, 400],
  ])(
    'lets any web page read %s to a keyless call (Access-Control-Allow-Origin: *)',
    async (_, body, status) => {
      const event = postJson('/v1/optimise', body, { Origin: 'https://any-shop.example' });
      const res = await testHandlers().optimise(event);
      expect(res.statusCode).toBe(status);
      expect(res.headers).toMatchObject({
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Expose-Headers': expect.stringContaining('X-RateLimit-Remaining'),
      });
    },
  );

  it('echoes the origin of an admitted keyed call (the admitter checked it against the key)', async () => {
    const admitter = recordingAdmitter({ tier: 'pro' });
    const res = await testHandlers({ admitter }).optimise(sampleEvent('optimise/post-keyed.json'));
    expect(res.headers).toMatchObject({
      'Access-Control-Allow-Origin': 'https://shop.example.com',
      Vary: 'Origin',
    });
  });

  it.each([
    ['automatic on public', {}, 'public', undefined, 5_000],
    ['a timeLimit capped by the public tier', { timeLimit: 30 }, 'public', undefined, 20_000],
    ['a timeLimit within the pro tier', { timeLimit: 30 }, 'pro', undefined, 30_000],
    ['the Lambda time left minus 1 s headroom', { timeLimit: 30 }, 'pro', 12_000, 11_000],
  ] as const)('solves with the budget of %s', async (_, extra, tier, remaining, budgetMs) => {
    const h = testHandlers({ admitter: recordingAdmitter({ tier }) });
    const context = remaining === undefined ? undefined : { getRemainingTimeInMillis: () => remaining };
    const res = await h.optimise(
      postJson('/v1/optimise', { parts: '500x4', stock: 1000, ...extra }),
      context,
    );
    expect(res.statusCode).toBe(200);
    expect(h.core.solves.map((s) => [s.budgetMs, s.tier])).toEqual([[budgetMs, tier]]);
    expect(json(res).meta).toMatchObject({ tier });
  });

  it('puts the admission headers on the answer', async () => {
    const admitter = recordingAdmitter({
      rateLimit: { limit: 30, remaining: 29, resetAtMs: Date.UTC(2026, 0, 1, 1) },
    });
    const res = await testHandlers({ admitter }).optimise(sampleEvent('optimise/post-shorthand.json'));
    expect(res.headers).toMatchObject({
      'X-RateLimit-Limit': '30',
      'X-RateLimit-Remaining': '29',
      'X-RateLimit-Reset': String(Date.UTC(2026, 0, 1, 1) / 1000),
    });
  });

  it('answers a refused admission with its status, body extras and headers, and solves nothing', async () => {
    const refuse = new RateLimitedError(
      '30 requests per hour from 203.0.113.24',
      Date.UTC(2026, 0, 1, 1),
      1800,
      { limit: 30, remaining: 0, resetAtMs: Date.UTC(2026, 0, 1, 1) },
    );
    const h = testHandlers({ admitter: recordingAdmitter({ refuse }) });
    const res = await h.optimise(sampleEvent('optimise/post-shorthand.json'));
    expect(res.statusCode).toBe(429);
    expect(res.headers).toMatchObject({ 'Retry-After': '1800', 'X-RateLimit-Limit': '30' });
    expect(json(res)).toEqual({
      error: 'rateLimited',
      detail: '30 requests per hour from 203.0.113.24',
      retryAfterSeconds: 1800,
      resetAt: '2026-01-01T01:00:00.000Z',
    });
    expect(h.core.solves).toHaveLength(0);
  });

  it('answers 413 partsLimit above the tier cap, before solving', async () => {
    const h = testHandlers();
    const res = await h.optimise(postJson('/v1/optimise', { parts: '10x301', stock: 1000 }));
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({ error: 'partsLimit' });
    expect(json(res).detail).toContain('300');
    expect(h.core.solves).toHaveLength(0);
  });

  it('releases as failed (a refund) when the solve answers an error, keeping the admission headers', async () => {
    const admitter = recordingAdmitter({ rateLimit: { limit: 60, remaining: 3, resetAtMs: 0 } });
    const res = await testHandlers({ admitter }).optimise(
      postJson('/v1/optimise', { parts: '1200x1', stock: 1000 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers?.['X-RateLimit-Remaining']).toBe('3');
    expect(admitter.releases).toEqual(['failed']);
  });

  it.each([
    ['throws an Error', { throws: new Error('boom at solver.ts:42') }],
    ['throws a string', { throws: 'boom' }],
    ['returns an unverified plan', { unverified: true }],
  ])('answers 500 with a generic body when the core %s, logs it, and refunds', async (_, options) => {
    const admitter = recordingAdmitter();
    const h = testHandlers({ core: fakeCore(options), admitter });
    const event = sampleEvent('optimise/post-shorthand.json');
    const res = await h.optimise(event);
    const id = event.requestContext.requestId;
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({ error: 'internal', detail: `internal error; request id ${id}` });
    expect(res.headers?.['X-Request-Id']).toBe(id);
    expect(admitter.releases).toEqual(['failed']);
    expect(h.log.lines).toMatchObject([{ level: 'error', fields: { requestId: id } }]);
  });

  it('answers 500 when the core returns an internal error, without its detail', async () => {
    const core = fakeCore();
    const h = testHandlers({
      core: {
        ...core,
        optimise: async () => ({ ok: false, error: new InternalError('verifier: bar 3 overfull') }),
      },
    });
    const res = await h.optimise(sampleEvent('optimise/post-shorthand.json'));
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('overfull');
    expect(h.log.lines[0]?.fields).toMatchObject({
      code: 'internal',
      errorMessage: 'verifier: bar 3 overfull',
    });
  });

  it('rejects jobName on the JSON endpoint (the parser is told which endpoint it serves)', async () => {
    const res = await testHandlers().optimise(
      postJson('/v1/optimise', { parts: '500x4', stock: 1000, jobName: 'A' }),
    );
    expect(res.statusCode).toBe(400);
    expect(json(res).detail).toContain('jobName');
  });

  it.each([
    ['PUT', 405, 'GET, POST, OPTIONS'],
    ['DELETE', 405, 'GET, POST, OPTIONS'],
    ['OPTIONS', 204, 'GET, POST, OPTIONS'],
  ])('answers %s on its own route with %i and Allow', async (method, status, allow) => {
    const res = await testHandlers().optimise(apiEvent({ method, path: '/v1/optimise' }));
    expect(res.statusCode).toBe(status);
    expect(res.headers?.Allow).toBe(allow);
  });
});
