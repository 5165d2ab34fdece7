import { describe, expect, it } from 'vitest';
import { sampleEvent } from '../../test/support/api-event.ts';
import { TEST_SOLVER, TEST_VERSION, testHandlers } from '../../test/support/handlers.ts';

describe('makeHealthHandler', () => {
  it('answers the sample event with status, version and solver', async () => {
    const event = sampleEvent('health/get.json');
    const res = await testHandlers().health(event);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok', version: TEST_VERSION, solver: TEST_SOLVER });
    expect(res.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      'X-Request-Id': event.requestContext.requestId,
    });
  });

  it('needs no key and ignores one, admitting nothing', async () => {
    const h = testHandlers();
    const event = sampleEvent('health/get.json');
    event.headers['X-API-Key'] = 'not-a-key';
    expect((await h.health(event)).statusCode).toBe(200);
    expect(h.core.solves).toHaveLength(0);
  });

  it('answers the wrong method with 405 and Allow', async () => {
    const res = await testHandlers().health(sampleEvent('health/post-wrong-method.json'));
    expect(res.statusCode).toBe(405);
    expect(res.headers?.Allow).toBe('GET, OPTIONS');
    expect(JSON.parse(res.body)).toEqual({
      error: 'methodNotAllowed',
      detail: 'POST is not allowed on /v1/health; use GET',
    });
  });
});
