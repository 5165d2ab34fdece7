/**
 * The optimise bundle, built fresh into a temporary folder (esbuild takes well under a second), then
 * loaded and run in a new Node process outside the project, as Lambda would.
 */
import { readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundleReport, bundleFunctions, highsWasmPath } from './bundle.ts';
import { META_DIR_NAME, PROJECT_ROOT } from './bundles.ts';
import { type FreshRun, runBundleFresh } from './fresh-process.ts';

const outDir = join(tmpdir(), `cutplan-bundle-test-${process.pid}`);
let report: BundleReport;
let metafile: Metafile;

beforeAll(async () => {
  [report] = (await bundleFunctions({ names: ['optimise'], outDir })) as [BundleReport];
  metafile = JSON.parse(await readFile(join(outDir, META_DIR_NAME, 'optimise.json'), 'utf8')) as Metafile;
});
afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('optimise bundle', () => {
  it.each([
    'node_modules/pdf-lib/',
    'node_modules/@pdf-lib/',
    'fontkit',
    'node_modules/glpk.js/',
    'core/pdf/',
  ])('contains nothing from %s', (fragment) => {
    expect(report.inputs.length).toBeGreaterThan(50);
    expect(report.inputs.filter((input) => input.includes(fragment))).toEqual([]);
  });

  it('contains the HiGHS loader, the solver and the handler', () => {
    expect(report.inputs.some((i) => i.endsWith('node_modules/highs/build/highs.mjs'))).toBe(true);
    expect(report.inputs).toContain('core/solver/lp/highs.ts');
    expect(report.inputs).toContain('functions/optimise.ts');
  });

  it('is one ESM file with its source map and highs.wasm beside it', async () => {
    expect(report.files.map((f) => f.file)).toEqual(['highs.wasm', 'index.mjs', 'index.mjs.map']);
    const wasm = report.files.find((f) => f.file === 'highs.wasm');
    expect(wasm?.bytes).toBe((await stat(highsWasmPath())).size);
    const output = metafile.outputs[Object.keys(metafile.outputs).find((o) => o.endsWith('index.mjs')) ?? ''];
    expect(output?.exports).toEqual(['handler']);
  });

  it('is minified and maps back to the TypeScript sources without embedding them', async () => {
    const code = await readFile(join(report.dir, 'index.mjs'), 'utf8');
    expect(code.split('\n').length).toBeLessThan(50);
    expect(code).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
    const map = JSON.parse(await readFile(join(report.dir, 'index.mjs.map'), 'utf8'));
    expect(map.sources.some((s: string) => s.endsWith('core/optimise.ts'))).toBe(true);
    expect(map.sourcesContent).toBeUndefined();
  });
});

describe('optimise bundle in a fresh Node process', () => {
  const events = ['post-long-form.json', 'post-shorthand.json', 'get-query.json'].map((f) =>
    join(PROJECT_ROOT, 'events', 'optimise', f),
  );
  let run: FreshRun;
  beforeAll(async () => {
    run = await runBundleFresh(report.dir, events);
  });

  it.each(events.map((file, i) => ({ file: file.slice(PROJECT_ROOT.length + 1), i })))(
    'answers $file with a verified plan',
    ({ i }) => {
      const answer = run.answers[i];
      expect(answer?.result.statusCode).toBe(200);
      expect(answer?.result.headers?.['Content-Type']).toMatch(/^application\/json/);
      const body = JSON.parse(answer?.result.body ?? '{}');
      expect(body.plan.verified).toBe(true);
      expect(body.plan.stockBarsUsed).toBeGreaterThan(0);
    },
  );
});
