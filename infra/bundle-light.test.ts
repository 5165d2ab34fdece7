/**
 * The functions that never touch the limits table (health, fallback, synthetic check) stay small: no
 * AWS SDK, no solver, no PDF code in their bundles, and they answer in a fresh Node process with no
 * table and no AWS settings at all.
 */
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundleReport, bundleFunctions } from './bundle.ts';
import { PROJECT_ROOT } from './bundles.ts';
import { runBundleFresh } from './fresh-process.ts';

const LIGHT = ['health', 'fallback', 'synthetic-check'] as const;
const outDir = join(tmpdir(), `cutplan-light-bundle-test-${process.pid}`);
let reports: Record<(typeof LIGHT)[number], BundleReport>;

beforeAll(async () => {
  const built = await bundleFunctions({ names: LIGHT, outDir });
  reports = Object.fromEntries(built.map((r) => [r.name, r])) as typeof reports;
});
afterAll(() => rm(outDir, { recursive: true, force: true }));

describe.each(LIGHT)('%s bundle', (name) => {
  it.each([
    'node_modules/@aws-sdk/',
    'node_modules/@smithy/',
    'dynalite',
    'functions/shared/limits/',
    'highs',
  ])('reaches nothing from %s', (fragment) => {
    expect(reports[name].inputs).toContain(`functions/${name}.ts`);
    expect(reports[name].inputs.filter((input) => input.includes(fragment))).toEqual([]);
  });

  // 16 KiB before the request line and metrics (functions/shared/telemetry.ts) came in: about 8 KiB
  // more with its source map; about 2.5 KiB more for the stack-trace mapping that replaced
  // --enable-source-maps (functions/shared/source-maps.ts). Powertools itself (about 34 KiB minified)
  // stays out of these bundles. About 1 KiB more for the rack and plan routes (path templates) in the
  // route table every function reads, and 1 KiB more for idempotency and usage (two error codes, the
  // /v1/usage route, the longer CORS header lists): health is 33,642 bytes with both. About 1.8 KiB
  // more for the job routes and the stage prefix every request reads (`basePath`, for a job's
  // `Location`): health is 35,420 bytes with them.
  it('is index.mjs and its map, under 35 KiB together', () => {
    expect(reports[name].files.map((f) => f.file)).toEqual(['index.mjs', 'index.mjs.map']);
    expect(reports[name].totalBytes).toBeLessThan(35 * 1024);
  });

  it('reaches nothing from Powertools', () => {
    expect(reports[name].inputs.filter((input) => input.includes('@aws-lambda-powertools'))).toEqual([]);
  });
});

describe('light bundles in a fresh Node process, with no table configured', () => {
  const event = (fn: string, file: string) => join(PROJECT_ROOT, 'events', fn, file);

  it('health answers ok', async () => {
    const run = await runBundleFresh(reports.health.dir, [event('health', 'get.json')]);
    expect(run.answers[0]?.result.statusCode).toBe(200);
    expect(JSON.parse(run.answers[0]?.result.body ?? '{}').status).toBe('ok');
  });

  it('fallback answers a preflight with the CORS headers and an unknown route with 404', async () => {
    const run = await runBundleFresh(reports.fallback.dir, [
      event('fallback', 'preflight.json'),
      event('fallback', 'unknown-route.json'),
    ]);
    const [preflight, unknown] = run.answers;
    expect(preflight?.result.statusCode).toBe(204);
    expect(preflight?.result.headers?.['Access-Control-Allow-Headers']).toBe(
      'Content-Type, X-API-Key, Idempotency-Key',
    );
    expect(unknown?.result.statusCode).toBe(404);
    expect(unknown?.result.headers?.['Access-Control-Allow-Origin']).toBe('*');
  });
});

describe('usage bundle: the limits table, nothing of the solver', () => {
  const usageDir = join(tmpdir(), `cutplan-usage-bundle-test-${process.pid}`);
  let usage: BundleReport;
  beforeAll(async () => {
    [usage] = (await bundleFunctions({ names: ['usage'], outDir: usageDir })) as [BundleReport];
  });
  afterAll(() => rm(usageDir, { recursive: true, force: true }));

  it.each(['highs', 'core/solver', 'core/plan', 'pdf-lib', '@aws-lambda-powertools', 'dynalite'])(
    'reaches nothing from %s',
    (fragment) => {
      expect(usage.inputs).toContain('functions/usage.ts');
      expect(usage.inputs.filter((input) => input.includes(fragment))).toEqual([]);
    },
  );

  it('reaches the admitter and the DynamoDB client', () => {
    expect(usage.inputs).toContain('functions/shared/limits/admitter.ts');
    expect(usage.inputs.some((input) => input.includes('@aws-sdk/client-dynamodb'))).toBe(true);
  });
});
