import type { APIGatewayProxyResult } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { apiEvent } from '../../test/support/api-event.ts';
import { collectingLogger } from '../../test/support/handlers.ts';
import { TIERS } from '../shared/tiers.ts';
import { createSolverPool, queueWaitMs, type SolverPool } from './solver-pool.ts';

const STAND_IN = new URL('../../test/support/stand-in-worker.ts', import.meta.url);
const limits = { tableName: 't', endpoint: 'http://127.0.0.1:1', region: 'local' };
let pool: SolverPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

function start(size: number, mode: string, delayMs = 0, jobDeadlineMs?: number, queuePerWorker?: number) {
  const log = collectingLogger();
  pool = createSolverPool({
    size,
    workerData: { limits, tiers: TIERS, ...({ mode, delayMs } as object) } as never,
    log,
    workerUrl: STAND_IN,
    ...(jobDeadlineMs === undefined ? {} : { jobDeadlineMs }),
    ...(queuePerWorker === undefined ? {} : { queuePerWorker }),
  });
  return { pool, log };
}

const call = (p: SolverPool, path = '/v1/optimise', timeLimit?: number): Promise<APIGatewayProxyResult> =>
  p.handler('optimise')(
    apiEvent({
      method: 'POST',
      path,
      requestId: `id-${path}`,
      body: timeLimit === undefined ? null : JSON.stringify({ parts: '500x1', stock: 1000, timeLimit }),
    }),
  );

describe('the solver pool', () => {
  it('without a queue, answers 503 busy at once when every worker is solving', async () => {
    const { pool: p } = start(2, 'echo', 400, undefined, 0);
    await p.ready;
    const first = call(p, '/a');
    const second = call(p, '/b');
    const refused = await call(p, '/c');
    expect(refused.statusCode).toBe(503);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'busy', retryAfterSeconds: 1 });
    expect(refused.headers).toMatchObject({ 'Retry-After': '1', 'X-Request-Id': 'id-/c' });
    expect((await first).body).toBe('/a');
    expect((await second).body).toBe('/b');
    // Free again once the solves are done.
    expect((await call(p, '/d')).body).toBe('/d');
  });

  it('queues a call while every worker solves and serves it first come, first served', async () => {
    const { pool: p } = start(1, 'echo', 200);
    await p.ready;
    const order: string[] = [];
    const calls = ['/a', '/b', '/c'].map((path) =>
      call(p, path).then((r) => {
        order.push(r.body);
        return r.statusCode;
      }),
    );
    expect(await Promise.all(calls)).toEqual([200, 200, 200]);
    expect(order).toEqual(['/a', '/b', '/c']);
  });

  it('answers 503 busy at once when the queue of a few calls per worker is full', async () => {
    const { pool: p } = start(1, 'echo', 400, undefined, 1);
    await p.ready;
    const first = call(p, '/a');
    const queued = call(p, '/b');
    const sent = performance.now();
    const refused = await call(p, '/c');
    expect(refused.statusCode).toBe(503);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'busy', retryAfterSeconds: 1 });
    // At once: well before the running call ends.
    expect(performance.now() - sent).toBeLessThan(300);
    expect([(await first).body, (await queued).body]).toEqual(['/a', '/b']);
  });

  it('answers 503 busy once a queued call has waited its own time limit', async () => {
    const { pool: p } = start(1, 'echo', 3_000);
    await p.ready;
    const running = call(p, '/slow');
    const sent = performance.now();
    const refused = await call(p, '/quick', 0.2);
    const waited = performance.now() - sent;
    expect(refused.statusCode).toBe(503);
    expect(refused.headers).toMatchObject({ 'Retry-After': '1', 'X-Request-Id': 'id-/quick' });
    // It waited its 200 ms, not the running call's 3 s.
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(2_000);
    expect((await running).body).toBe('/slow');
  });

  it('reads the wait bound from the query or the body, else the automatic budget, capped by the tiers', () => {
    const wait = (spec: Parameters<typeof apiEvent>[0]) => queueWaitMs(apiEvent(spec), 300);
    expect(wait({ query: { timeLimit: '2' } })).toBe(2_000);
    expect(wait({ method: 'POST', body: '{"timeLimit": 0.5}' })).toBe(500);
    expect(wait({ method: 'POST', body: '{"timeLimit":3}', base64: true })).toBe(3_000);
    expect(wait({ method: 'POST', body: '{"timeLimit": 9000}' })).toBe(300_000);
    for (const body of ['not json', '{"timeLimit":"x"}', '{}', '[1]', null])
      expect(wait({ method: 'POST', body })).toBe(5_000);
  });

  it('answers the call of a worker that dies with a 500, and replaces the worker', async () => {
    const { pool: p, log } = start(1, 'crash');
    await p.ready;
    const res = await call(p, '/x');
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ error: 'internal', detail: 'internal error; request id id-/x' });
    expect(log.lines.map((l) => l.message)).toContain('solver worker exited; starting another');
    // The replacement starts and takes calls (and crashes again: this stand-in always does).
    await expect.poll(async () => (await call(p, '/y')).statusCode, { timeout: 10_000 }).toBe(500);
  });

  it('stops a worker that overruns the deadline, answers 500, and serves the next call', async () => {
    const { pool: p, log } = start(1, 'echo', 5_000, 300);
    await p.ready;
    const res = await call(p, '/slow');
    expect(res.statusCode).toBe(500);
    expect(log.lines.map((l) => l.message)).toContain(
      'a call overran its deadline; stopping its solver worker',
    );
    // The replacement answers (this one within its deadline: the stand-in is too slow, so again 500).
    await expect.poll(async () => (await call(p, '/next')).statusCode, { timeout: 10_000 }).toBe(500);
  });

  it('rejects ready when a worker cannot start', async () => {
    const { pool: p } = start(1, 'broken');
    await expect(p.ready).rejects.toThrow('a solver worker cannot start: no LP engine');
  });
});
