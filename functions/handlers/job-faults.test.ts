/**
 * Nothing half-written: a job whose store fails on any one request, before it is sent or after it landed
 * (its answer lost), ends in a whole state. A submission is either accepted (a queued job, counted) or
 * refused 503 (no job, nothing counted). A run ends `succeeded` with its result and plan, or `failed`
 * and refunded, once the lease and the sweep have done their part; never `running` for ever, never a
 * success without its result, never counted twice. Against an embedded dynalite through a client that
 * fails the request the test picks.
 */
import { describe, expect, it } from 'vitest';
import { embeddedDynamoPerFile } from '../../test/support/dynamo-per-file.ts';
import { jobsWorld, SMALL_JOB } from '../../test/support/jobs-world.ts';
import {
  type FaultTiming,
  faultyClient,
  networkError,
  storedCount,
} from '../../test/support/limits-table.ts';
import { createDynamoJobStore } from '../shared/jobs/dynamo-job-store.ts';
import { JOB_QUEUE_MS, JOB_RUN_GRACE_MS, sweepJobs } from '../shared/jobs/jobs.ts';
import { createAdmitter } from '../shared/limits/admitter.ts';
import { createDynamoStore } from '../shared/limits/dynamo-store.ts';
import { countersFor } from '../shared/limits/rate-limits.ts';
import { createDynamoBodyStore } from '../shared/stored/dynamo-body-store.ts';
import { createWorkspaceState } from '../shared/stored/index.ts';
import { TIERS } from '../shared/tiers.ts';

const dynamo = embeddedDynamoPerFile();

/** A client whose `n`-th request after arming fails `timing`. */
function armedClient(endpoint: string) {
  let armedAt: number | null = null;
  let target = 0;
  let timing: FaultTiming = 'before';
  let seen = 0;
  const client = faultyClient(endpoint, {
    decide: (call) => {
      seen = call;
      if (armedAt === null || call - armedAt !== target) return null;
      return { timing, error: networkError };
    },
  });
  return {
    client,
    arm: (n: number, when: FaultTiming) => {
      armedAt = seen;
      target = n;
      timing = when;
    },
    disarm: () => {
      armedAt = null;
    },
    calls: () => seen - (armedAt ?? seen),
  };
}

const usageOf = async (w: Awaited<ReturnType<typeof jobsWorld>>, key: string) => {
  const usage = await w.admitter.usage?.({ ip: '198.51.100.1', apiKey: key, origin: undefined });
  if (usage === undefined || !usage.ok) throw new Error('no usage');
  return { minute: usage.value.windows[0]?.used, month: usage.value.month };
};

const settle = async (check: () => Promise<boolean>) => {
  // Clean-ups that failed are retried in the background after 1, 2, 4 s.
  for (let i = 0; i < 80 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
};

describe('a submission whose store fails once', () => {
  const cases = Array.from({ length: 8 }, (_, i) => i + 1).flatMap((n) =>
    (['before', 'after'] as const).map((timing) => ({ n, timing })),
  );
  it.each(cases)(
    'request $n failing $timing: accepted whole, or refused with nothing kept',
    async ({ n, timing }) => {
      const d = dynamo();
      const faults = armedClient(d.endpoint);
      const w = await jobsWorld(d, { client: faults.client });
      const key = await w.keyOf();
      faults.arm(n, timing);
      const res = await w.call('POST', '/v1/jobs', key, SMALL_JOB);
      faults.disarm();
      expect([202, 503]).toContain(res.status);
      const listed = (await w.call('GET', '/v1/jobs', key)).json.jobs as { id: string; status: string }[];
      if (res.status === 202) {
        expect(listed.map((j) => j.id)).toEqual([res.json.id]);
        expect(w.queued).toEqual([{ workspace: 'acme', id: res.json.id }]);
        expect((await usageOf(w, key)).minute).toBe(1);
      } else {
        expect(res.json.error).toBe('busy');
        expect(listed).toEqual([]);
        expect(w.queued).toEqual([]);
        await settle(async () => (await usageOf(w, key)).minute === 0);
        expect((await usageOf(w, key)).minute).toBe(0);
      }
    },
  );
});

describe('a run whose store fails once', () => {
  const cases = Array.from({ length: 14 }, (_, i) => i + 1).flatMap((n) =>
    (['before', 'after'] as const).map((timing) => ({ n, timing })),
  );
  it.each(cases)(
    'request $n failing $timing: succeeded with its result, or failed and refunded',
    async ({ n, timing }) => {
      const d = dynamo();
      const w = await jobsWorld(d, { startIso: new Date().toISOString() });
      const key = await w.keyOf();
      const acceptedAt = w.clock.now();
      const posted = await w.call('POST', '/v1/jobs', key, { ...SMALL_JOB, webhook: 'http://127.0.0.1:9/h' });
      const keyId = key.split('_')[2] ?? '';
      const [minuteCounter] = countersFor(TIERS.pro, { kind: 'key', keyId }, acceptedAt);
      if (minuteCounter === undefined) throw new Error('no counter');
      const countedInItsMinute = () => storedCount(w.client, w.tableName, minuteCounter);
      const ref = w.queued[0];
      if (ref === undefined) throw new Error('queued');
      // The worker's own stores, over the failing client.
      const faults = armedClient(d.endpoint);
      const jobs = createDynamoJobStore({ client: faults.client, tableName: w.tableName });
      const bodies = createDynamoBodyStore({ client: faults.client, tableName: w.tableName });
      const state = createWorkspaceState({
        client: faults.client,
        tableName: w.tableName,
        now: () => w.clock.now(),
      });
      const admitter = createAdmitter({
        store: createDynamoStore({ client: faults.client, tableName: w.tableName }),
        clock: w.clock,
        deadlineMs: 30_000,
      });
      const runner = await w.runner(undefined, { jobs, bodies, state, admitter });
      faults.arm(n, timing);
      await w.runJob(runner, ref).catch(() => 'threw');
      faults.disarm();
      // Its lease passes and the sweep runs: nothing may be left active or unsettled.
      w.clock.advance(JOB_QUEUE_MS + posted.json.budgetSeconds * 1000 + JOB_RUN_GRACE_MS + 60_000);
      await sweepJobs(w.deps);
      const got = await w.call('GET', `/v1/jobs/${posted.json.id}`, key);
      expect(['succeeded', 'failed']).toContain(got.json.status);
      const record = await w.jobs.get('acme', posted.json.id, w.clock.now());
      expect(record?.settled).toBe(true);
      await settle(async () => {
        const { month } = await usageOf(w, key);
        return month.used + (month.refunded ?? 0) === 1;
      });
      const { month } = await usageOf(w, key);
      const minute = await countedInItsMinute();
      if (got.json.status === 'succeeded') {
        expect(got.json.result?.plan?.id).toBe(got.json.planId);
        const plan = await w.state.getPlan('acme', got.json.planId);
        expect(plan.ok).toBe(true);
        expect(month).toEqual({ used: 1, refunded: 0 });
        expect(minute).toBe(1);
      } else {
        expect(got.json.result).toBeNull();
        expect(month).toEqual({ used: 0, refunded: 1 });
        expect(minute).toBe(0);
      }
      // Whatever happened, the webhook is told of the end the job shows (a settle redone by the sweep may
      // tell it again: notifyJobEnded keeps one delivery record per job, so the receiver gets it once).
      expect([...new Set(w.notified.map((e) => e.status))]).toEqual([got.json.status]);
    },
  );
});
