/**
 * At most once, and never left running: a worker process killed mid-solve (SIGKILL, no chance to clean
 * up) leaves its job `running` under a lease; once the lease passes, the next reader (a GET, the list or
 * the sweep) ends it `failed` with a clear error and refunds it, and a duplicate delivery of the same job
 * does nothing. Two workers racing for one job: one solves, the other skips. Against an embedded
 * dynalite, with real processes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { embeddedDynamoPerFile } from '../../test/support/dynamo-per-file.ts';
import { jobsWorld, SMALL_JOB } from '../../test/support/jobs-world.ts';
import { JOB_RUN_GRACE_MS, sweepJobs } from '../shared/jobs/jobs.ts';

const dynamo = embeddedDynamoPerFile();
const CHILD = fileURLToPath(new URL('../../test/support/job-worker-child.ts', import.meta.url));

function startWorker(env: Record<string, string>): {
  child: ChildProcess;
  said: (text: string) => Promise<string>;
} {
  const child = spawn(process.execPath, [CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const said = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        if (out.includes(text)) {
          clearInterval(timer);
          resolve(out);
        }
        if (child.exitCode !== null && !out.includes(text)) {
          clearInterval(timer);
          reject(new Error(`the worker exited without "${text}":\n${out}`));
        }
      }, 20);
    });
  return { child, said };
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('a worker killed mid-solve', () => {
  it('leaves the job running until its lease passes; then a GET ends it failed, refunded, and a repeat delivery does nothing', async () => {
    const d = dynamo();
    const w = await jobsWorld(d, { startIso: new Date().toISOString() });
    const key = await w.keyOf();
    const posted = await w.call('POST', '/v1/jobs', key, { ...SMALL_JOB, timeLimit: 30 });
    expect(posted.status).toBe(202);
    const env = {
      DYNAMODB_ENDPOINT: d.endpoint,
      TABLE_NAME: w.tableName,
      JOB_WORKSPACE: 'acme',
      JOB_ID: posted.json.id,
      WORKER_ID: 'doomed',
    };
    const worker = startWorker(env);
    await worker.said('solving');
    w.clock.advance(Date.now() - w.clock.now());
    const running = await w.call('GET', `/v1/jobs/${posted.json.id}`, key);
    expect(running.json.status).toBe('running');
    expect(running.headers['Retry-After']).toBe('2');
    await killed(worker.child);

    // Still within its lease: running, as nobody can tell a dead worker from a slow one.
    expect((await w.call('GET', `/v1/jobs/${posted.json.id}`, key)).json.status).toBe('running');
    w.clock.advance(30_000 + JOB_RUN_GRACE_MS + 1_000);
    const ended = await w.call('GET', `/v1/jobs/${posted.json.id}`, key);
    expect(ended.json.status).toBe('failed');
    expect(ended.json.error.detail).toContain('the worker solving the job stopped');
    expect(ended.json.result).toBeNull();
    const usage = await w.admitter.usage?.({ ip: '198.51.100.1', apiKey: key, origin: undefined });
    expect(usage?.ok && usage.value.month).toEqual({ used: 0, refunded: 1 });

    // A duplicate delivery of the same job finds it ended and does nothing.
    const again = startWorker({ ...env, WORKER_ID: 'second' });
    await again.said('outcome skipped');
    expect((await w.call('GET', `/v1/jobs/${posted.json.id}`, key)).json.status).toBe('failed');
  }, 60_000);

  it('is found by the sweep when nobody asks: never left running', async () => {
    const d = dynamo();
    const w = await jobsWorld(d, { startIso: new Date().toISOString() });
    const key = await w.keyOf();
    const posted = await w.call('POST', '/v1/jobs', key, SMALL_JOB);
    const worker = startWorker({
      DYNAMODB_ENDPOINT: d.endpoint,
      TABLE_NAME: w.tableName,
      JOB_WORKSPACE: 'acme',
      JOB_ID: posted.json.id,
      WORKER_ID: 'doomed',
    });
    await worker.said('solving');
    await killed(worker.child);
    w.clock.advance(Date.now() - w.clock.now() + 3_600_000);
    expect(await sweepJobs(w.deps)).toBe(1);
    const job = await w.jobs.get('acme', posted.json.id, w.clock.now());
    expect(job).toMatchObject({ status: 'failed', settled: true });
    // Settled jobs leave the sweep's index: a second sweep finds nothing to do.
    expect(await sweepJobs(w.deps)).toBe(0);
    expect(await w.jobs.live(10)).toEqual([]);
  }, 60_000);
});

describe('two workers racing for one job', () => {
  it('one solves it, the other skips it: one plan, one webhook, counted once', async () => {
    const w = await jobsWorld(dynamo());
    const key = await w.keyOf();
    const posted = await w.call('POST', '/v1/jobs', key, {
      ...SMALL_JOB,
      webhook: 'http://127.0.0.1:9/hook',
    });
    const ref = { workspace: 'acme', id: posted.json.id as string };
    const outcomes = await Promise.all([
      w.runJob(await w.runner(undefined, { workerId: 'a' }), ref),
      w.runJob(await w.runner(undefined, { workerId: 'b' }), ref),
      w.runJob(await w.runner(undefined, { workerId: 'c' }), ref),
    ]);
    expect(outcomes.filter((o) => o === 'succeeded')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'skipped')).toHaveLength(2);
    expect(w.notified).toHaveLength(1);
    const usage = await w.admitter.usage?.({ ip: '198.51.100.1', apiKey: key, origin: undefined });
    expect(usage?.ok && usage.value.month).toEqual({ used: 1, refunded: 0 });
  });
});
