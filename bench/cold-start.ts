/**
 * Cold start of the optimise bundle: a new Node process imports `index.mjs` (module evaluation, HiGHS
 * wasm, the LP engine, the DynamoDB client) and answers one small job, as a fresh Lambda container does,
 * admission included: the call is counted and holds a solve slot in a real limits table (an embedded
 * dynalite in this process, a new table per run), reached through the SDK's default credential chain.
 * Timed from `spawn` to the answer arriving in the parent; repeated, median reported. Goal: under 300 ms.
 *
 * `npx tsx bench/cold-start.ts [--runs 7] [--dir dist/optimise]` prints the figures. By default the
 * bundle is built fresh into a temporary folder, so the figures are for the code as it is now.
 */
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleFunctions } from '../infra/bundle.ts';
import { bundleDir, PROJECT_ROOT } from '../infra/bundles.ts';
import { runBundleFresh, startLimitsTable } from '../infra/fresh-process.ts';

export const COLD_START_GOAL_MS = 300;

/** A small job: 20 pieces of three lengths from 6 m bars (`events/optimise/post-shorthand.json`). */
export const COLD_START_EVENT = join(PROJECT_ROOT, 'events', 'optimise', 'post-shorthand.json');

export interface ColdStartRun {
  /** spawn → answer received by the parent. */
  readonly wallMs: number;
  /** Node's own start-up, until the first line of the runner script. */
  readonly bootMs: number;
  /** Import of the bundle: module evaluation, wasm compilation, LP engine creation. */
  readonly initMs: number;
  /** The first handler call (admission, parse, solve, verify, release, respond). */
  readonly firstAnswerMs: number;
  /** Of the first call: until its first DynamoDB request went out (SDK set-up, credentials, signing). */
  readonly firstRequestMs: number;
  /** Of the first call: time with a DynamoDB request in flight (sent → response headers; overlapping ones once). */
  readonly dynamoMs: number;
  readonly dynamoRequests: number;
}

export interface ColdStartResult {
  readonly runs: readonly ColdStartRun[];
  readonly median: ColdStartRun;
  readonly goalMs: number;
  readonly metGoal: boolean;
  readonly nodeVersion: string;
}

export interface ColdStartOptions {
  readonly runs?: number;
  /** An existing bundle folder to measure; by default one is built into a temporary folder. */
  readonly dir?: string;
  /** As Lambda runs it: `NODE_OPTIONS=--enable-source-maps` (default true). */
  readonly sourceMaps?: boolean;
}

export async function measureColdStart(options: ColdStartOptions = {}): Promise<ColdStartResult> {
  const runsWanted = options.runs ?? 7;
  let dir = options.dir;
  let cleanup: string | undefined;
  if (dir === undefined) {
    cleanup = join(tmpdir(), `cutplan-cold-start-${process.pid}`);
    await bundleFunctions({ names: ['optimise'], outDir: cleanup });
    dir = bundleDir('optimise', cleanup);
  }
  const nodeOptions: Record<string, string> =
    options.sourceMaps === false ? {} : { NODE_OPTIONS: '--enable-source-maps' };
  const table = await startLimitsTable();
  try {
    const runs: ColdStartRun[] = [];
    for (let i = 0; i < runsWanted; i++) {
      const env = { ...nodeOptions, ...(await table.freshTable()) };
      const run = await runBundleFresh(dir, [COLD_START_EVENT], env);
      const [answer] = run.answers;
      const body = answer === undefined ? undefined : JSON.parse(answer.result.body);
      if (answer?.result.statusCode !== 200 || body?.plan?.verified !== true) {
        throw new Error(
          `cold-start run ${i} did not answer a verified plan: ${answer?.result.body.slice(0, 300)}`,
        );
      }
      runs.push({
        wallMs: run.wallMs,
        bootMs: run.startedMs,
        initMs: run.importedMs - run.startedMs,
        firstAnswerMs: answer.ms,
        firstRequestMs: answer.http.firstSentMs,
        dynamoMs: answer.http.inFlightMs,
        dynamoRequests: answer.http.requests,
      });
    }
    const median: ColdStartRun = {
      wallMs: medianOf(runs.map((r) => r.wallMs)),
      bootMs: medianOf(runs.map((r) => r.bootMs)),
      initMs: medianOf(runs.map((r) => r.initMs)),
      firstAnswerMs: medianOf(runs.map((r) => r.firstAnswerMs)),
      firstRequestMs: medianOf(runs.map((r) => r.firstRequestMs)),
      dynamoMs: medianOf(runs.map((r) => r.dynamoMs)),
      dynamoRequests: medianOf(runs.map((r) => r.dynamoRequests)),
    };
    return {
      runs,
      median,
      goalMs: COLD_START_GOAL_MS,
      metGoal: median.wallMs < COLD_START_GOAL_MS,
      nodeVersion: process.version,
    };
  } finally {
    await table.close();
    if (cleanup !== undefined) await rm(cleanup, { recursive: true, force: true });
  }
}

export function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const hi = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 === 1 ? hi : ((sorted[mid - 1] ?? Number.NaN) + hi) / 2;
}

const COLUMNS = ['spawn→ans.', 'node boot', 'init', '1st answer', '↳ 1st req.', '↳ DB I/O'];

export function formatColdStart(result: ColdStartResult): string {
  const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(10);
  const row = (label: string, r: ColdStartRun) =>
    `  ${label.padEnd(8)}${[r.wallMs, r.bootMs, r.initMs, r.firstAnswerMs, r.firstRequestMs, r.dynamoMs].map(ms).join('  ')}`;
  const lines = [
    `optimise bundle cold start, ${result.runs.length} fresh processes (node ${result.nodeVersion}),`,
    `admission through an embedded DynamoDB (${result.median.dynamoRequests} requests in the first call)`,
    `  ${''.padEnd(8)}${COLUMNS.map((c) => c.padStart(10)).join('  ')}`,
    ...result.runs.map((r, i) => row(`run ${i + 1}`, r)),
    row('median', result.median),
    `goal: spawn→answer < ${result.goalMs} ms: ${result.metGoal ? 'met' : 'NOT met'}`,
    'init: importing the bundle (module evaluation, wasm, LP engine, DynamoDB client);',
    '↳ 1st req.: from the call to its first DynamoDB request leaving (SDK set-up, credentials, signing);',
    "↳ DB I/O: time with one of the call's DynamoDB requests in flight; both are part of the 1st answer.",
  ];
  return `${lines.join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '7' },
      dir: { type: 'string' },
      'no-source-maps': { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    process.stderr.write(`--runs must be a whole number ≥ 1, got "${values.runs}"\n`);
    return 2;
  }
  const result = await measureColdStart({
    runs,
    ...(values.dir === undefined ? {} : { dir: values.dir }),
    sourceMaps: !values['no-source-maps'],
  });
  process.stdout.write(formatColdStart(result));
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
