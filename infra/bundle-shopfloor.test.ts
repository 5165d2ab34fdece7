/**
 * The shop-floor bundles, built fresh. Labels: pdf-lib, fontkit and bwip-js sit in chunks loaded on the
 * first label request (not in `index.mjs`), the fonts ship beside it, and it answers a label PDF and ZPL for
 * a mitred job with non-Latin labels in a fresh Node process. Saw list: no pdf-lib, fontkit or bwip-js at
 * all, and it answers the CSV.
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

const outDir = join(tmpdir(), `cutplan-shopfloor-bundle-test-${process.pid}`);
let labels: BundleReport;
let csv: BundleReport;
let labelsMeta: Metafile;
let csvMeta: Metafile;

beforeAll(async () => {
  [labels, csv] = (await bundleFunctions({ names: ['optimise-labels', 'optimise-csv'], outDir })) as [
    BundleReport,
    BundleReport,
  ];
  const meta = async (name: string) =>
    JSON.parse(await readFile(join(outDir, META_DIR_NAME, `${name}.json`), 'utf8')) as Metafile;
  [labelsMeta, csvMeta] = await Promise.all([meta('optimise-labels'), meta('optimise-csv')]);
}, 120_000);
afterAll(() => rm(outDir, { recursive: true, force: true }));

const HEAVY = /node_modules\/(pdf-lib|@pdf-lib\/fontkit|bwip-js)\//;

describe('optimise-labels bundle', () => {
  it('ships highs.wasm and the font catalog beside index.mjs', () => {
    expect(labels.files.map((f) => f.file)).toEqual(
      expect.arrayContaining(['index.mjs', 'highs.wasm', ...allFaces().map((face) => face.file)]),
    );
  });

  it('keeps pdf-lib, fontkit and bwip-js out of what init loads, in chunks imported only on first use', () => {
    const name = Object.keys(labelsMeta.outputs).find((o) => o.endsWith('/index.mjs')) ?? '';
    const index = labelsMeta.outputs[name];
    expect(Object.keys(index?.inputs ?? {}).filter((i) => HEAVY.test(i))).toEqual([]);
    const loaded = (from: readonly string[], all: boolean) => loadedOutputs(labelsMeta, from, all);
    const holds = (paths: Set<string>, pkg: string) =>
      [...paths].some((p) =>
        Object.keys(labelsMeta.outputs[p]?.inputs ?? {}).some((i) => i.includes(`node_modules/${pkg}/`)),
      );
    // The entry awaits its own dynamic imports at init (it starts HiGHS's compile first): they load then.
    const entryImports = (index?.imports ?? []).filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
    const atInit = loaded([name, ...entryImports], false);
    const reachable = loaded([name], true);
    for (const pkg of ['pdf-lib', 'bwip-js', '@pdf-lib/fontkit']) {
      expect(holds(atInit, pkg)).toBe(false);
      expect(holds(reachable, pkg)).toBe(true);
    }
  });

  it('answers a label PDF and ZPL for the mitred non-Latin job in a fresh Node process', async () => {
    const events = ['post-mitred-world.json', 'post-zpl.json'].map((f) =>
      join(PROJECT_ROOT, 'events', 'optimise-labels', f),
    );
    const table = await startLimitsTable();
    const env = { ...(await table.freshTable()), CUTPLAN_FONT_DIR: labels.dir };
    const run = await runBundleFresh(labels.dir, events, env).finally(() => table.close());
    const [pdf, zpl] = run.answers;
    expect(pdf?.result).toMatchObject({ statusCode: 200, isBase64Encoded: true });
    expect(
      Buffer.from(pdf?.result.body ?? '', 'base64')
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    expect(zpl?.result).toMatchObject({ statusCode: 200, isBase64Encoded: false });
    expect(zpl?.result.body.match(/\^XA/g)).toHaveLength(11);
    expect(zpl?.result.body).toContain('^GFA,');
  }, 60_000);
});

describe('optimise-csv bundle', () => {
  it('holds no pdf-lib, fontkit or bwip-js, and ships no fonts', () => {
    const inputs = Object.values(csvMeta.outputs).flatMap((o) => Object.keys(o.inputs));
    expect(inputs.filter((i) => HEAVY.test(i))).toEqual([]);
    expect(csv.files.map((f) => f.file).filter((f) => f.endsWith('.woff'))).toEqual([]);
  });

  it('answers the saw list in a fresh Node process', async () => {
    const event = join(PROJECT_ROOT, 'events', 'optimise-csv', 'post-shorthand.json');
    const table = await startLimitsTable();
    const run = await runBundleFresh(csv.dir, [event], await table.freshTable()).finally(() => table.close());
    const [answer] = run.answers;
    expect(answer?.result.statusCode).toBe(200);
    expect(answer?.result.body.split('\r\n')[0]).toMatch(/^layout,copies,cut,position,top,bottom,piece,/);
  }, 60_000);
});
