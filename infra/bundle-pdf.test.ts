/**
 * The PDF bundle, built fresh: pdf-lib and fontkit sit in a chunk loaded on the first PDF request (not
 * in `index.mjs`), the fonts and the wasm ship beside it, and it renders a PDF in a fresh Node process,
 * admitted through a real limits table as in Lambda.
 */
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allFaces } from '../core/pdf/font-catalog.ts';
import { loadedOutputs } from '../test/support/bundle-outputs.ts';
import { type BundleReport, bundleFunctions } from './bundle.ts';
import { META_DIR_NAME, PROJECT_ROOT } from './bundles.ts';
import { runBundleFresh, startLimitsTable } from './fresh-process.ts';

const outDir = join(tmpdir(), `cutplan-pdf-bundle-test-${process.pid}`);
let report: BundleReport;
let metafile: Metafile;

beforeAll(async () => {
  [report] = (await bundleFunctions({ names: ['optimise-pdf'], outDir })) as [BundleReport];
  metafile = JSON.parse(await readFile(join(outDir, META_DIR_NAME, 'optimise-pdf.json'), 'utf8')) as Metafile;
});
afterAll(() => rm(outDir, { recursive: true, force: true }));

/** The output file whose name ends with `suffix` and its metafile entry. */
function output(suffix: string) {
  const name = Object.keys(metafile.outputs).find((o) => o.endsWith(suffix));
  const entry = name === undefined ? undefined : metafile.outputs[name];
  if (name === undefined || entry === undefined) throw new Error(`no output ${suffix}`);
  return { name, entry };
}

describe('optimise-pdf bundle', () => {
  it('ships highs.wasm and every WOFF file of the font catalog beside index.mjs', () => {
    const files = report.files.map((f) => f.file);
    expect(files).toEqual(
      expect.arrayContaining(['index.mjs', 'highs.wasm', ...allFaces().map((face) => face.file)]),
    );
  });

  it('holds no dynalite and nothing from functions/local/', () => {
    expect(report.inputs.filter((i) => i.includes('dynalite') || i.startsWith('functions/local/'))).toEqual(
      [],
    );
  });

  it('keeps pdf-lib and fontkit out of what init loads, in a chunk imported only on first use', () => {
    const index = output('/index.mjs');
    const indexInputs = Object.keys(index.entry.inputs);
    expect(indexInputs.filter((i) => /pdf-lib|fontkit|core\/pdf\//.test(i))).toEqual([]);
    const loaded = (from: readonly string[], all: boolean) => loadedOutputs(metafile, from, all);
    const holdsPdfLib = (path: string) =>
      Object.keys(metafile.outputs[path]?.inputs ?? {}).some((i) => i.includes('node_modules/pdf-lib/'));
    // The entry awaits its own dynamic imports at init (it starts HiGHS's compile first): they load then.
    const entryImports = index.entry.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
    expect([...loaded([index.name, ...entryImports], false)].filter(holdsPdfLib)).toEqual([]);
    expect([...loaded([index.name], true)].some(holdsPdfLib)).toBe(true);
  });

  it('renders a PDF in a fresh Node process with the fonts from beside the bundle', async () => {
    const event = join(PROJECT_ROOT, 'events', 'optimise-pdf', 'post-job-name.json');
    const table = await startLimitsTable();
    const env = { ...(await table.freshTable()), CUTPLAN_FONT_DIR: report.dir };
    const run = await runBundleFresh(report.dir, [event], env).finally(() => table.close());
    const [answer] = run.answers;
    expect(answer?.result.headers?.['X-RateLimit-Remaining']).toBe('29');
    expect(answer?.result.statusCode).toBe(200);
    expect(answer?.result.headers?.['Content-Type']).toBe('application/pdf');
    expect(answer?.result.isBase64Encoded).toBe(true);
    expect(
      Buffer.from(answer?.result.body ?? '', 'base64')
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });
});
