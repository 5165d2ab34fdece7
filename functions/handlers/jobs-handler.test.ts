/**
 * Async jobs end to end over the real handler, stores and admitter on an embedded dynalite, with the real
 * core solving: accepted (202, Location behind the stage prefix, Retry-After, counted once), run by the
 * worker (at most once), read (result, plan stored and rendered by the plan routes), cancelled, forgotten,
 * listed and paginated, isolated per workspace, capped per key, and refunded when they end without a plan.
 */
import { describe, expect, it } from 'vitest';
import { NoPlanFoundError } from '../../core/errors.ts';
import { embeddedDynamoPerFile } from '../../test/support/dynamo-per-file.ts';
import { jobsWorld, SMALL_JOB } from '../../test/support/jobs-world.ts';
import { TIERS } from '../shared/tiers.ts';

const dynamo = embeddedDynamoPerFile();

describe('POST /v1/jobs', () => {
  it('needs a key: 401 keyRequired naming why, nothing stored', async () => {
    const w = await jobsWorld(dynamo());
    const res = await w.call('POST', '/v1/jobs', undefined, SMALL_JOB);
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ error: 'keyRequired' });
    expect(res.json.detail).toContain('async jobs belong to a workspace');
    expect(w.queued).toEqual([]);
  });

  it('accepts at once: 202, Location behind the stage prefix, Retry-After, counted once', async () => {
    const w = await jobsWorld(dynamo());
    const key = await w.keyOf();
    const res = await w.call('POST', '/v1/jobs', key, SMALL_JOB);
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ status: 'queued', progress: null, result: null });
    expect(res.headers.Location).toBe(`http://api.example.test/prod/v1/jobs/${res.json.id}`);
    expect(res.headers['Retry-After']).toBe('2');
    expect(res.headers['X-RateLimit-Remaining']).toBe(String(TIERS.pro.rateLimit - 1));
    expect(w.queued).toEqual([{ workspace: 'acme', id: res.json.id }]);
  });

  it.each([
    ['a bad part', { parts: 'banana', stock: 1000 }, 'parts'],
    ['a webhook that is not a string', { ...SMALL_JOB, webhook: 42 }, 'webhook'],
    ['a webhook that is not a URL', { ...SMALL_JOB, webhook: 'not a url' }, 'webhook'],
    ['an array body', [1, 2], ''],
  ])('refuses %s with 400 validation naming it, counting nothing', async (_what, body, field) => {
    const w = await jobsWorld(dynamo());
    const key = await w.keyOf();
    const res = await w.call('POST', '/v1/jobs', key, body);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('validation');
    if (field !== '') expect(res.json.detail).toContain(field);
    const usage = await w.admitter.usage?.({ ip: '198.51.100.1', apiKey: key, origin: undefined });
    expect(usage?.ok && usage.value.windows[0]?.used).toBe(0);
  });

  it('caps the jobs in flight per key: 429 naming the cap, refunded', async () => {
    const tiers = { ...TIERS, starter: { ...TIERS.starter, jobsInFlight: 2 } };
    const w = await jobsWorld(dynamo(), { tiers, tier: 'starter' });
    const key = await w.keyOf('acme', 'starter');
    for (let i = 0; i < 2; i++) expect((await w.call('POST', '/v1/jobs', key, SMALL_JOB)).status).toBe(202);
    const refused = await w.call('POST', '/v1/jobs', key, SMALL_JOB);
    expect(refused.status).toBe(429);
    expect(refused.json.detail).toContain('2 jobs queued or running');
    const usage = await w.admitter.usage?.({ ip: '198.51.100.1', apiKey: key, origin: undefined });
    expect(usage?.ok && usage.value.windows[0]?.used).toBe(2);
    // One ends: room for one more.
    const first = w.queued[0];
    if (first === undefined) throw new Error('queued');
    expect(await w.runJob(await w.runner(), first)).toBe('succeeded');
    expect((await w.call('POST', '/v1/jobs', key, SMALL_JOB)).status).toBe(202);
  });

  it('honours Idempotency-Key: a repeat gets the same job, counted once', async () => {
    const w = await jobsWorld(dynamo());
    const key = await w.keyOf();
    const headers = { 'Idempotency-Key': 'job-1' };
    const a = await w.call('POST', '/v1/jobs', key, SMALL_JOB, headers);
    const b = await w.call('POST', '/v1/jobs', key, SMALL_JOB, headers);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.json.id).toBe(a.json.id);
    expect(b.headers['Idempotent-Replayed']).toBe('true');
    expect(w.queued).toHaveLength(1);
    const reused = await w.call('POST', '/v1/jobs', key, { ...SMALL_JOB, stock: 1200 }, headers);
    expect([reused.status, reused.json.error]).toEqual([422, 'idempotencyKeyReused']);
  });
});

describe('a job run', () => {
  it('succeeds: GET shows the optimise body with its stored plan, which the plan routes read', async () => {
    const w = await jobsWorld(dynamo());
    const key = await w.keyOf();
    const posted = await w.call('POST', '/v1/jobs', key, {
      ...SMALL_JOB,
      webhook: 'http://127.0.0.1:9/hook',
    });
    const ref = w.queued[0];
    if (ref === undefined) throw new Error('queued');
    expect(await w.runJob(await w.runner(), ref)).toBe('succeeded');
    const got = await w.call('GET', `/v1/jobs/${posted.json.id}`, key);
    expect(got.status).toBe(200);
    expect(got.headers['Retry-After']).toBeUndefined();
    expect(got.json.status).toBe('succeeded');
    expect(got.json.result.plan.verified).toBe(true);
    expect(got.json.result.plan.id).toBe(got.json.planId);
    expect(got.json.result.plan.stockBarsUsed).toBeGreaterThan(0);
    // The solver's own last figures stay on the job: its best and bound are the plan's.
    expect(got.json.progress).toMatchObject({
      best: got.json.result.plan.stockBarsUsed,
      bound: got.json.result.plan.stockBarsLowerBound,
      unit: 'bars',
      budgetMs: got.json.budgetSeconds * 1000,
    });
    const plan = await w.state.getPlan('acme', got.json.planId);
    expect(plan.ok && (plan.value.plan.response as { plan: { id: string } }).plan.id).toBe(got.json.planId);
    // Its webhook was notified once, with the job's absolute URL.
    expect(w.notified).toEqual([
      expect.objectContaining({ jobId: posted.json.id, status: 'succeeded', url: posted.headers.Location }),
    ]);
    // A duplicate delivery does nothing.
    expect(await w.runJob(await w.runner(undefined, { workerId: 'worker-2' }), ref)).toBe('skipped');
    expect(w.notified).toHaveLength(1);
    // Counted once in the key's month, as used.
    const usage = await w.admitter.usage?.({ ip: '198.51.100.1', apiKey: key, origin: undefined });
    expect(usage?.ok && usage.value.month).toEqual({ used: 1, refunded: 0 });
  });

  it('ends without a plan: failed, refunded, its error named', async () => {
    const w = await jobsWorld(dynamo());
    const key = await w.keyOf();
    const posted = await w.call('POST', '/v1/jobs', key, SMALL_JOB);
    const ref = w.queued[0];
    if (ref === undefined) throw new Error('queued');
    // The solver port finds no plan, as the core does for a job whose offcuts cannot hold its parts.
    const none = await w.runner(async () => ({
      ok: false,
      error: new NoPlanFoundError('no plan within the budget'),
    }));
    expect(await w.runJob(none, ref)).toBe('failed');
    const got = await w.call('GET', `/v1/jobs/${posted.json.id}`, key);
    expect(got.json).toMatchObject({
      status: 'failed',
      result: null,
      error: { error: 'noPlanFound', detail: 'no plan within the budget' },
    });
    const usage = await w.admitter.usage?.({ ip: '198.51.100.1', apiKey: key, origin: undefined });
    expect(usage?.ok && usage.value.windows[0]?.used).toBe(0);
    expect(usage?.ok && usage.value.month).toEqual({ used: 0, refunded: 1 });
    expect(w.notified).toEqual([]);
  });

  it('is cancelled while queued: never solved, refunded; DELETE again forgets it', async () => {
    const w = await jobsWorld(dynamo());
    const key = await w.keyOf();
    const posted = await w.call('POST', '/v1/jobs', key, SMALL_JOB);
    const cancelled = await w.call('DELETE', `/v1/jobs/${posted.json.id}`, key);
    expect([cancelled.status, cancelled.json.status]).toEqual([200, 'cancelled']);
    const ref = w.queued[0];
    if (ref === undefined) throw new Error('queued');
    expect(await w.runJob(await w.runner(), ref)).toBe('skipped');
    const usage = await w.admitter.usage?.({ ip: '198.51.100.1', apiKey: key, origin: undefined });
    expect(usage?.ok && usage.value.month).toEqual({ used: 0, refunded: 1 });
    expect((await w.call('DELETE', `/v1/jobs/${posted.json.id}`, key)).status).toBe(204);
    expect((await w.call('GET', `/v1/jobs/${posted.json.id}`, key)).status).toBe(404);
  });

  it('is cancelled while running: the solve stops through its clock and its result is dropped', async () => {
    const w = await jobsWorld(dynamo());
    const key = await w.keyOf();
    const posted = await w.call('POST', '/v1/jobs', key, { ...SMALL_JOB, timeLimit: 60 });
    const ref = w.queued[0];
    if (ref === undefined) throw new Error('queued');
    let sawCancel = false;
    const runner = await w.runner(
      async (_request, options) => {
        // Stands in for a long solve: it reads its clock until the job is cancelled under it.
        await w.call('DELETE', `/v1/jobs/${posted.json.id}`, key);
        for (let i = 0; i < 200 && !options.cancelled(); i++) await new Promise((r) => setTimeout(r, 5));
        sawCancel = options.cancelled();
        return { ok: false, error: new NoPlanFoundError('stopped') };
      },
      { progressEveryMs: 10 },
    );
    expect(await w.runJob(runner, ref)).toBe('lost');
    expect(sawCancel).toBe(true);
    const got = await w.call('GET', `/v1/jobs/${posted.json.id}`, key);
    expect(got.json.status).toBe('cancelled');
  });
});

describe('a running job', () => {
  it('shows the progress its solver reports, written every few seconds, with Retry-After', async () => {
    const w = await jobsWorld(dynamo());
    const key = await w.keyOf();
    const posted = await w.call('POST', '/v1/jobs', key, { ...SMALL_JOB, timeLimit: 60 });
    const ref = w.queued[0];
    if (ref === undefined) throw new Error('queued');
    let seen: Record<string, unknown> | null = null;
    const runner = await w.runner(
      async (_request, options) => {
        options.onProgress({ elapsedMs: 10, budgetMs: options.budgetMs, best: 9, bound: 7, unit: 'bars' });
        // Stands in for a solve in a worker thread: this thread stays free while it runs.
        for (let i = 0; i < 200 && seen === null; i++) {
          await new Promise((r) => setTimeout(r, 10));
          const got = await w.call('GET', `/v1/jobs/${posted.json.id}`, key);
          if (got.json.progress?.best === 9) seen = { ...got.json, retryAfter: got.headers['Retry-After'] };
        }
        return { ok: false, error: new NoPlanFoundError('stopped') };
      },
      { progressEveryMs: 20 },
    );
    await w.runJob(runner, ref);
    expect(seen).toMatchObject({
      status: 'running',
      retryAfter: '2',
      progress: { best: 9, bound: 7, unit: 'bars', budgetMs: 60_000 },
    });
  });
});

describe('GET /v1/jobs', () => {
  it("lists the workspace's jobs newest first, paginated, never another workspace's", async () => {
    const w = await jobsWorld(dynamo());
    const key = await w.keyOf('acme');
    const other = await w.keyOf('globex');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await w.call('POST', '/v1/jobs', key, SMALL_JOB)).json.id);
      w.clock.advance(1000);
    }
    await w.call('POST', '/v1/jobs', other, SMALL_JOB);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await w.call('GET', `/v1/jobs`, key, undefined, {});
      void page;
      const res = await w.handler(
        (await import('../../test/support/api-event.ts')).apiEvent({
          path: '/v1/jobs',
          headers: { 'X-API-Key': key },
          query: cursor === null ? { limit: '2' } : { limit: '2', cursor },
        }),
        undefined,
      );
      const body = JSON.parse((res as { body: string }).body);
      seen.push(...body.jobs.map((j: { id: string }) => j.id));
      cursor = body.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual([...ids].reverse());
    // Another workspace's job is a 404 here, and the other way round.
    const theirs = (await w.call('GET', '/v1/jobs', other)).json.jobs[0].id;
    expect((await w.call('GET', `/v1/jobs/${theirs}`, key)).status).toBe(404);
    expect((await w.call('DELETE', `/v1/jobs/${theirs}`, key)).status).toBe(404);
    expect((await w.call('GET', `/v1/jobs/${ids[0]}`, other)).status).toBe(404);
  });

  it('refuses a bad limit or cursor naming it', async () => {
    const w = await jobsWorld(dynamo());
    const key = await w.keyOf();
    for (const query of [{ limit: '0' }, { limit: '101' }, { cursor: '!!' }, { size: '3' }]) {
      const res = await w.handler(
        (await import('../../test/support/api-event.ts')).apiEvent({
          path: '/v1/jobs',
          headers: { 'X-API-Key': key },
          query,
        }),
        undefined,
      );
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body).detail).toContain(Object.keys(query)[0]);
    }
  });
});
