/**
 * The optimise bundle, built fresh into a temporary folder (esbuild takes about a second), then loaded
 * and run in a new Node process outside the project, as Lambda would, against a real limits table.
 */
import { readFile, rm } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile, transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundleReport, bundleFunctions, highsWasmPath, localOnly } from './bundle.ts';
import { META_DIR_NAME, PROJECT_ROOT } from './bundles.ts';
import { type FreshRun, type LimitsTable, runBundleFresh, startLimitsTable } from './fresh-process.ts';
import { addCompilationHints, eagerFunctionsFor, sha256 } from './highs-hints.ts';

const outDir = join(tmpdir(), `cutplan-bundle-test-${process.pid}`);
let report: BundleReport;
let metafile: Metafile;

beforeAll(async () => {
  [report] = (await bundleFunctions({ names: ['optimise'], outDir })) as [BundleReport];
  metafile = JSON.parse(await readFile(join(outDir, META_DIR_NAME, 'optimise.json'), 'utf8')) as Metafile;
});
afterAll(() => rm(outDir, { recursive: true, force: true }));

/** The bundle's JavaScript files: index.mjs and its chunks. */
const codeFiles = () => report.files.filter((f) => f.file.endsWith('.mjs')).map((f) => f.file);
const SOURCE_MAP_COMMENT = /\/\/# sourceMappingURL=(\S+)\s*$/;

describe('optimise bundle', () => {
  it.each([
    'node_modules/pdf-lib/',
    'node_modules/@pdf-lib/',
    'fontkit',
    'node_modules/glpk.js/',
    'core/pdf/',
    'dynalite',
    'functions/local/',
  ])('contains nothing from %s', (fragment) => {
    expect(report.inputs.length).toBeGreaterThan(50);
    expect(report.inputs.filter((input) => input.includes(fragment))).toEqual([]);
  });

  it('contains the HiGHS loader, the solver, the handler and the DynamoDB client', () => {
    expect(report.inputs.some((i) => i.endsWith('node_modules/highs/build/highs.mjs'))).toBe(true);
    expect(report.inputs).toContain('core/lp/highs.ts');
    expect(report.inputs).toContain('functions/optimise.ts');
    // Bundled, not left to the runtime's copy (docs/operations.md, "AWS SDK").
    expect(report.inputs.some((i) => i.includes('node_modules/@aws-sdk/client-dynamodb/'))).toBe(true);
    const externals = Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external));
    expect(externals.map((i) => i.path).filter((path) => !isBuiltin(path))).toEqual([]);
  });

  it("loads Node's built-ins through require, never as ES modules (their facades load undici)", async () => {
    const externals = Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external));
    expect(externals.filter((i) => isBuiltin(i.path)).length).toBeGreaterThan(5);
    expect(externals.filter((i) => isBuiltin(i.path) && i.kind !== 'require-call')).toEqual([]);
    for (const file of codeFiles()) {
      const text = await readFile(join(report.dir, file), 'utf8');
      // The banner's createRequire comes from process.getBuiltinModule; no import() of a built-in is left.
      expect(text, file).not.toMatch(/\bimport\s*\(\s*["'](node:)?[a-z0-9_/]+["']\s*\)/);
      expect(text, file).not.toMatch(/from\s*["']node:/);
    }
  });

  it('is index.mjs exporting the handler, its chunks, a source map for each, and highs.wasm', async () => {
    const files = report.files.map((f) => f.file);
    expect(files).toEqual(expect.arrayContaining(['highs.wasm', 'index.mjs', 'index.mjs.map']));
    for (const file of files)
      expect(file).toMatch(/^(highs\.wasm|index\.mjs(\.map)?|chunks\/[\w-]+\.mjs(\.map)?)$/);
    for (const file of codeFiles()) expect(files).toContain(`${file}.map`);
    // The package's wasm with its compilation hints (infra/highs-hints.ts), byte for byte.
    const packaged = await readFile(highsWasmPath());
    const shipped = await readFile(join(report.dir, 'highs.wasm'));
    expect(sha256(shipped)).toBe(sha256(addCompilationHints(packaged, eagerFunctionsFor(packaged))));
    expect(metafile.outputs[outputName('/index.mjs')]?.exports).toEqual(['handler']);
  });

  it('is minified: minifying its code again saves almost nothing', async () => {
    for (const file of codeFiles()) {
      const text = (await readFile(join(report.dir, file), 'utf8')).replace(SOURCE_MAP_COMMENT, '');
      const again = await transform(text, { minify: true, format: 'esm', target: 'node24' });
      // Unminified code would shrink by a third or more. Minified code shrinks by what esbuild's second
      // pass finds: under 1 %, plus a few dozen bytes in the tiny chunks (the banner's long name).
      expect(text.length - again.code.length, file).toBeLessThan(text.length * 0.01 + 100);
    }
  });

  it('maps every file back to the TypeScript sources without embedding them', async () => {
    const sources: string[] = [];
    for (const file of codeFiles()) {
      const text = await readFile(join(report.dir, file), 'utf8');
      expect(SOURCE_MAP_COMMENT.exec(text)?.[1], file).toBe(`${file.split('/').pop()}.map`);
      const map = JSON.parse(await readFile(join(report.dir, `${file}.map`), 'utf8'));
      expect(map.sourcesContent, file).toBeUndefined();
      sources.push(...map.sources);
    }
    // index.mjs itself is the entry's first lines (the rest is imported after HiGHS's compile starts).
    expect(sources.some((s) => s.endsWith('functions/optimise.ts'))).toBe(true);
    expect(sources.some((s) => s.endsWith('core/optimise.ts'))).toBe(true);
  });
});

describe('the build', () => {
  it.each([
    ["import '../functions/local/embedded-dynamo.ts';", 'functions/local/'],
    ["import 'dynalite';", 'dynalite'],
  ])('refuses Lambda code that reaches local-only code: %s', async (contents, named) => {
    const built = build({
      stdin: { contents, resolveDir: join(PROJECT_ROOT, 'infra'), sourcefile: 'entry.ts', loader: 'ts' },
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      plugins: [localOnly],
      logLevel: 'silent',
    });
    await expect(built).rejects.toThrow(named);
  });
});

describe('optimise bundle in a fresh Node process', () => {
  const events = ['post-long-form.json', 'post-shorthand.json', 'get-query.json'].map((f) =>
    join(PROJECT_ROOT, 'events', 'optimise', f),
  );
  let table: LimitsTable;
  let run: FreshRun;
  beforeAll(async () => {
    table = await startLimitsTable();
    run = await runBundleFresh(report.dir, events, await table.freshTable());
  });
  afterAll(() => table.close());

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

  it('admits each call through the DynamoDB table: counted, with a slot claimed and released', () => {
    // The three events come from one address: the public hourly counter goes 29, 28, 27.
    expect(run.answers.map((a) => a.result.headers?.['X-RateLimit-Remaining'])).toEqual(['29', '28', '27']);
    // Public call: both counters (one item) and the slot claim in one step, then the release.
    for (const answer of run.answers) expect(answer.http.requests).toBe(3);
  });
});

function outputName(suffix: string): string {
  return Object.keys(metafile.outputs).find((o) => o.endsWith(suffix)) ?? '';
}
