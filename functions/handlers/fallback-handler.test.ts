import { describe, expect, it } from 'vitest';
import { apiEvent, sampleEvent } from '../../test/support/api-event.ts';
import { testHandlers } from '../../test/support/handlers.ts';

describe('makeFallbackHandler', () => {
  it('answers an unknown route with 404 notFound listing the routes', async () => {
    const event = sampleEvent('fallback/unknown-route.json');
    const res = await testHandlers().fallback(event);
    expect(res.statusCode).toBe(404);
    expect(res.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      'X-Request-Id': event.requestContext.requestId,
    });
    expect(JSON.parse(res.body)).toEqual({
      error: 'notFound',
      detail:
        'no route GET /v1/optimize; routes: GET|POST /v1/optimise, POST /v1/optimise/pdf, GET /v1/health',
    });
  });

  it('answers a wrong method with 405 methodNotAllowed and Allow', async () => {
    const res = await testHandlers().fallback(sampleEvent('fallback/wrong-method.json'));
    expect(res.statusCode).toBe(405);
    expect(res.headers?.Allow).toBe('GET, POST, OPTIONS');
    expect(JSON.parse(res.body)).toEqual({
      error: 'methodNotAllowed',
      detail: 'DELETE is not allowed on /v1/optimise; use GET or POST',
    });
  });

  it('answers a preflight with 204 and the CORS headers', async () => {
    const event = sampleEvent('fallback/preflight.json');
    const res = await testHandlers().fallback(event);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers).toMatchObject({
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type, X-API-Key',
      'Access-Control-Max-Age': '86400',
      'X-Request-Id': event.requestContext.requestId,
    });
  });

  it('answers a preflight on an unknown route with 404', async () => {
    const res = await testHandlers().fallback(sampleEvent('fallback/preflight-unknown-route.json'));
    expect(res.statusCode).toBe(404);
    expect(res.headers?.['Access-Control-Allow-Origin']).toBeUndefined();
  });

  it('answers 500 and logs when a route that has its own function reaches it (wrong wiring)', async () => {
    const h = testHandlers();
    const res = await h.fallback(apiEvent({ method: 'GET', path: '/v1/health' }));
    expect(res.statusCode).toBe(500);
    expect(h.log.lines[0]?.fields.errorMessage).toContain('not health');
  });
});
