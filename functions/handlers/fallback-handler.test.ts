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
        'no route GET /v1/optimize; routes: GET|POST /v1/optimise, POST /v1/optimise/pdf, POST /v1/mcp, POST /v1/optimise/labels, POST /v1/optimise/csv, GET /v1/usage, GET|POST /v1/offcuts, PATCH|DELETE /v1/offcuts/{id}, GET|DELETE /v1/plans/{id}, POST /v1/plans/{id}/cut, GET /v1/plans/{id}/pdf, GET /v1/plans/{id}/labels, GET /v1/plans/{id}/csv, GET|POST /v1/jobs, GET|DELETE /v1/jobs/{id}, GET /v1/health, GET /v1/openapi.json, GET /',
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

  it('answers a preflight with 204 and the CORS headers of the limits module, for the asking origin', async () => {
    const event = sampleEvent('fallback/preflight.json');
    const res = await testHandlers().fallback(event);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers).toMatchObject({
      Allow: 'GET, POST, OPTIONS',
      'Access-Control-Allow-Origin': 'https://shop.example.com',
      Vary: 'Origin',
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type, X-API-Key, Idempotency-Key',
      'Access-Control-Max-Age': '86400',
      'X-Request-Id': event.requestContext.requestId,
    });
  });

  it('answers a preflight without an Origin for any origin', async () => {
    const event = sampleEvent('fallback/preflight.json');
    delete event.headers.Origin;
    delete event.multiValueHeaders.Origin;
    const res = await testHandlers().fallback(event);
    expect(res.statusCode).toBe(204);
    expect(res.headers?.['Access-Control-Allow-Origin']).toBe('*');
    expect(res.headers?.Vary).toBeUndefined();
  });

  it('answers a preflight on an unknown route with 404, which fails the preflight, with no methods allowed', async () => {
    const res = await testHandlers().fallback(sampleEvent('fallback/preflight-unknown-route.json'));
    expect(res.statusCode).toBe(404);
    // A readable error (CORS headers like every answer), but a preflight needs a 2xx: the browser stops here.
    expect(res.headers?.['Access-Control-Allow-Origin']).toBe('*');
    expect(res.headers?.['Access-Control-Allow-Methods']).toBeUndefined();
  });

  it.each([
    ['no key', {}, '*'],
    ['a key (checked only once it is admitted)', { 'X-API-Key': 'cp_live_x' }, 'https://shop.example.com'],
  ])('puts CORS headers on a 404 to a browser call with %s', async (_, extra, allowed) => {
    const event = apiEvent({
      path: '/v1/optimize',
      headers: { Origin: 'https://shop.example.com', ...extra },
    });
    const res = await testHandlers().fallback(event);
    expect(res.statusCode).toBe(404);
    expect(res.headers?.['Access-Control-Allow-Origin']).toBe(allowed);
    expect(res.headers?.['Access-Control-Expose-Headers']).toContain('X-Request-Id');
  });

  it('answers 500 and logs when a route that has its own function reaches it (wrong wiring)', async () => {
    const h = testHandlers();
    const res = await h.fallback(apiEvent({ method: 'GET', path: '/v1/health' }));
    expect(res.statusCode).toBe(500);
    expect(h.log.lines[0]?.fields.errorMessage).toContain('not health');
  });
});
