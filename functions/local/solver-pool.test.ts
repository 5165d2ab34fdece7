import type { APIGatewayProxyResult } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { apiEvent } from '../../test/support/api-event.ts';
import { collectingLogger } from '../../test/support/handlers.ts';
import { TIERS } from '../shared/tiers.ts';
import { createSolverPool, type SolverPool } from './solver-pool.ts';

const STAND_IN = new URL('../../test/support/stand-in-worker.ts', import.meta.url);
const limits = { tableName: 't', endpoint: 'http://127.0.0.1:1', region: 'local' };
let pool: SolverPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

function start(size: number, mode: string, delayMs = 0, jobDeadlineMs?: number) {
  const log = collectingLogger();
  pool = createSolverPool({
    size,
    workerData: { limits, tiers: TIERS, ...({ mode, delayMs } as object) } as never,
    log,
    workerUrl: STAND_IN,
    ...(jobDeadlineMs === undefined ? {} : { jobDeadlineMs }),
  });
  return { pool, log };
}

const call = (p: SolverPool, path = '/v1/optimise'): Promise<APIGatewayProxyResult> =>
  p.handler('optimise')(apiEvent({ method: 'POST', path, requestId: `id-${path}` }));

describe('the solver pool', () => {
  it('serves one call per worker and answers 503 busy at once when every worker is solving', async () => {
    const { pool: p } = start(2, 'echo', 400);
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
