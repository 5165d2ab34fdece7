/**
 * The docs function's bundle: the OpenAPI document bundled in, the built playground page shipped beside it,
 * no AWS SDK, solver or PDF code, and both answers in a fresh Node process with nothing configured.
 */
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundleReport, bundleFunctions } from './bundle.ts';
import { PROJECT_ROOT } from './bundles.ts';
import { runBundleFresh } from './fresh-process.ts';

const outDir = join(tmpdir(), `cutplan-docs-bundle-test-${process.pid}`);
let report: BundleReport;

beforeAll(async () => {
  [report] = (await bundleFunctions({ names: ['docs'], outDir })) as [BundleReport];
});
afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('docs bundle', () => {
  it('ships index.mjs, its map and the built page, and reaches no AWS SDK, solver, PDF or limits code', () => {
    expect(report.files.map((f) => f.file)).toEqual(['index.mjs', 'index.mjs.map', 'playground.json']);
    for (const fragment of [
      '@aws-sdk/',
      'highs',
      'pdf-lib',
      'core/square/',
      'core/angle/',
      'core/master/',
      'core/lp/',
      'functions/shared/limits/',
      'esbuild',
    ]) {
      expect(
        report.inputs.filter((input) => input.includes(fragment)),
        fragment,
      ).toEqual([]);
    }
    expect(report.inputs).toContain('docs/openapi.json');
  });

  it('answers GET / with the page and GET /v1/openapi.json with the committed document, in a fresh process', async () => {
    const event = (file: string) => join(PROJECT_ROOT, 'events', 'docs', file);
    const run = await runBundleFresh(report.dir, [event('get-playground.json'), event('get-openapi.json')]);
    const [page, doc] = run.answers;
    expect(page?.result.statusCode).toBe(200);
    expect(page?.result.headers?.['Content-Type']).toBe('text/html; charset=utf-8');
    expect(page?.result.headers?.['Content-Security-Policy']).toMatch(
      /^default-src 'none'; script-src 'sha256-/,
    );
    expect(page?.result.body).toContain('<form id="job"');
    expect(doc?.result.statusCode).toBe(200);
    expect(doc?.result.headers?.['Cache-Control']).toBe('public, max-age=3600');
    const committed = JSON.parse(await readFile(join(PROJECT_ROOT, 'docs', 'openapi.json'), 'utf8'));
    expect(JSON.parse(doc?.result.body ?? '{}')).toEqual(committed);
  });
});
