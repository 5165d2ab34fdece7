/**
 * The job worker's bundle, built fresh: its solve thread ships beside `index.mjs` (a second entry), no
 * local-only code is in either, and the bundle, run in a new Node process as Lambda would, takes a stored
 * job by its id, solves it in its thread and ends it `succeeded` with its result and plan stored.
 */
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDynamoPerFile } from '../test/support/dynamo-per-file.ts';
import { jobsWorld, SMALL_JOB } from '../test/support/jobs-world.ts';
import { type BundleReport, bundleFunctions } from './bundle.ts';
import { runBundleFresh } from './fresh-process.ts';

const outDir = join(tmpdir(), `cutplan-job-worker-test-${process.pid}`);
let report: BundleReport;
const dynamo = embeddedDynamoPerFile();

beforeAll(async () => {
  [report] = (await bundleFunctions({ names: ['job-worker'], outDir })) as [BundleReport];
}, 120_000);
afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('job-worker bundle', () => {
  it('ships its solve thread and the wasm beside index.mjs, and nothing local-only', () => {
    const files = report.files.map((f) => f.file);
    expect(files).toEqual(expect.arrayContaining(['index.mjs', 'solve-thread.mjs', 'highs.wasm']));
    for (const fragment of ['dynalite', 'functions/local/']) {
      expect(report.inputs.filter((i) => i.includes(fragment))).toEqual([]);
    }
  });

  it('runs a stored job by its id in a fresh process: succeeded, with its result', async () => {
    const d = dynamo();
    const w = await jobsWorld(d, { startIso: new Date().toISOString() });
    const key = await w.keyOf();
    const posted = await w.call('POST', '/v1/jobs', key, SMALL_JOB);
    const event = join(outDir, 'job-event.json');
    await writeFile(event, JSON.stringify({ kind: 'job', workspace: 'acme', id: posted.json.id }));
    const run = await runBundleFresh(report.dir, [event], {
      TABLE_NAME: w.tableName,
      DYNAMODB_ENDPOINT: d.endpoint,
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'ASIAFRESHPROCESS',
      AWS_SECRET_ACCESS_KEY: 'fresh-process-secret',
      AWS_SESSION_TOKEN: 'fresh-process-token',
    });
    w.clock.advance(Date.now() - w.clock.now());
    const got = await w.call('GET', `/v1/jobs/${posted.json.id}`, key);
    expect(run.answers[0]?.result, JSON.stringify(got.json.error)).toEqual({ outcome: 'succeeded' });
    expect(got.json.status).toBe('succeeded');
    expect(got.json.result.plan.verified).toBe(true);
    expect(got.json.progress).toMatchObject({ best: got.json.result.plan.stockBarsUsed, unit: 'bars' });
  }, 120_000);
});
