/**
 * The MCP bundle, built fresh: the SDK bundles with the function, the solver's wasm and the PDF fonts
 * ship beside it, and it answers the sample tools/call in a fresh Node process, admitted and counted
 * through a real limits table as in Lambda.
 */
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allFaces } from '../core/pdf/font-catalog.ts';
import { type BundleReport, bundleFunctions } from './bundle.ts';
import { PROJECT_ROOT } from './bundles.ts';
import { runBundleFresh, startLimitsTable } from './fresh-process.ts';

const outDir = join(tmpdir(), `cutplan-mcp-bundle-test-${process.pid}`);
let report: BundleReport;

beforeAll(async () => {
  [report] = (await bundleFunctions({ names: ['mcp'], outDir })) as [BundleReport];
});
afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('mcp bundle', () => {
  it('ships highs.wasm and the fonts beside index.mjs, and no local-server code', () => {
    const files = report.files.map((f) => f.file);
    expect(files).toEqual(
      expect.arrayContaining(['index.mjs', 'highs.wasm', ...allFaces().map((face) => face.file)]),
    );
    expect(report.inputs.filter((i) => i.includes('dynalite') || i.startsWith('functions/local/'))).toEqual(
      [],
    );
  });

  it('lists the tools and solves a tools/call in a fresh Node process, counted once', async () => {
    const events = ['post-tools-list.json', 'post-tools-call.json'].map((f) =>
      join(PROJECT_ROOT, 'events', 'mcp', f),
    );
    const table = await startLimitsTable();
    const env = { ...(await table.freshTable()), CUTPLAN_FONT_DIR: report.dir };
    const run = await runBundleFresh(report.dir, events, env).finally(() => table.close());
    const [list, call] = run.answers;
    expect(list?.result.statusCode).toBe(200);
    const tools = (JSON.parse(list?.result.body ?? '{}') as { result: { tools: { name: string }[] } }).result
      .tools;
    expect(tools.map((t) => t.name).sort()).toEqual([
      'book_plan',
      'cutting_plan_pdf',
      'get_job',
      'get_usage',
      'list_offcuts',
      'optimise_cut_list',
      'piece_labels',
      'saw_list',
      'start_job',
    ]);
    expect(list?.result.headers?.['X-RateLimit-Remaining']).toBeUndefined();
    expect(call?.result.statusCode).toBe(200);
    expect(call?.result.headers?.['X-RateLimit-Remaining']).toBe('29');
    const result = (JSON.parse(call?.result.body ?? '{}') as { result: { structuredContent: unknown } })
      .result;
    expect(result.structuredContent).toMatchObject({
      plan: { verified: true, optimal: true, stockBarsUsed: 4 },
    });
  });
});
