/**
 * Cold start of a function bundle: a new Node process imports `index.mjs` (module evaluation, HiGHS
 * wasm, the LP engine, the DynamoDB client) and answers one small job, as a fresh Lambda container does,
 * admission included: the call is counted and holds a solve slot in a real limits table (an embedded
 * dynalite in this process, a new table per run), reached through the SDK's default credential chain.
 * Timed from `spawn` to the answer arriving in the parent; repeated, median reported, with the
 * main-thread CPU time of each section and init split at the bundle's marks. Goal for the optimise
 * bundle (issue 33): under 300 ms on a quiet machine, the priming counted. The PDF bundle's first answer also loads pdf-lib and fontkit (a lazy
 * chunk) and reads the font files the job's text needs from beside the bundle; its size counts them.
 *
 * `npx tsx bench/cold-start.ts [--target optimise|pdf|pdf-world] [--runs 7] [--dir dist/optimise]`
 * prints the figures; `--first-lp` prints instead the first answer of a job that needs an LP, with the
 * solver primed at init and without (`--event events/optimise/post-needs-lp-highs.json`: a `fewest_setups`
 * job, whose masters run on HiGHS, where the default job's run on the dense simplex). By default the bundle is built fresh into a temporary folder, so the figures are
 * for the code as it is now.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleFunctions } from '../infra/bundle.ts';
import { bundleDir, type FunctionName, PROJECT_ROOT } from '../infra/bundles.ts';
import { type FreshRun, runBundleFresh, startLimitsTable } from '../infra/fresh-process.ts';

export const COLD_START_GOAL_MS = 300;

/** A small job: 20 pieces of three lengths from 6 m bars (`events/optimise/post-shorthand.json`). */
export const COLD_START_EVENT = join(PROJECT_ROOT, 'events', 'optimise', 'post-shorthand.json');

/** What a cold start is measured on: a function bundle, the event it answers, and what a right answer is. */
export interface ColdStartTarget {
  readonly function: FunctionName;
  readonly event: string;
  /** Why the answer is wrong, or null when it is right. */
  check(statusCode: number, body: string, isBase64Encoded: boolean): string | null;
}

const isPdf = (status: number, body: string, base64: boolean): string | null =>
  status === 200 && base64 && Buffer.from(body, 'base64').subarray(0, 5).toString('latin1') === '%PDF-'
    ? null
    : `not a PDF: ${status} ${body.slice(0, 300)}`;

export const COLD_START_TARGETS = {
  /** The JSON endpoint on a small job (the 300 ms goal). */
  optimise: {
    function: 'optimise',
    event: COLD_START_EVENT,
    check: (status, body) =>
      status === 200 && JSON.parse(body)?.plan?.verified === true
        ? null
        : `not a verified plan: ${body.slice(0, 300)}`,
  },
  /** The PDF endpoint, Latin labels: Inter's two latin files are all it reads. */
  pdf: {
    function: 'optimise-pdf',
    event: join(PROJECT_ROOT, 'events', 'optimise-pdf', 'post-job-name.json'),
    check: isPdf,
  },
  /** The PDF endpoint with Polish, Cyrillic, Greek, Hebrew, Arabic, Chinese, Japanese and Korean text. */
  'pdf-world': {
    function: 'optimise-pdf',
    event: join(PROJECT_ROOT, 'events', 'optimise-pdf', 'post-world-labels.json'),
    check: isPdf,
  },
} as const satisfies Record<string, ColdStartTarget>;

export type ColdStartTargetName = keyof typeof COLD_START_TARGETS;

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
  /**
   * Main-thread CPU time of the boot, the init and the first answer. On a loaded machine wall times
   * stretch with the load (the figures in docs/bench.md were taken at load averages of 10 to 20 on 2
   * cores); CPU times much less, so they are what to compare there. Boot's CPU counts from the process's
   * start, its wall from `performance.timeOrigin` (a little later), so boot CPU may exceed boot wall.
   */
  readonly bootCpuMs: number;
  readonly initCpuMs: number;
  readonly firstAnswerCpuMs: number;
  /** Init split at the bundle's marks (functions/shared/services.ts, INIT_MARKS): wall and CPU each. */
  readonly initSections: Readonly<Record<InitSection, { readonly ms: number; readonly cpuMs: number }>>;
}

/** Init's sections, in order: each ends at the mark of its name (the last one at the import's end). */
export const INIT_SECTIONS = ['modules', 'clients', 'lp-engine', 'primed', 'warm', 'rest'] as const;
export type InitSection = (typeof INIT_SECTIONS)[number];

/** Splits init at the marks; a section whose mark is missing (an older bundle) gets NaN. */
export function initSectionsOf(run: FreshRun): ColdStartRun['initSections'] {
  let at = run.startedMs;
  let cpu = run.startedCpuMs;
  const sections = {} as Record<InitSection, { ms: number; cpuMs: number }>;
  for (const name of INIT_SECTIONS) {
    const mark =
      name === 'rest'
        ? { atMs: run.importedMs, cpuMs: run.importedCpuMs }
        : run.marks.find((m) => m.name === `cutplan:init:${name}`);
    if (mark === undefined) {
      sections[name] = { ms: Number.NaN, cpuMs: Number.NaN };
      continue;
    }
    sections[name] = { ms: mark.atMs - at, cpuMs: mark.cpuMs - cpu };
    at = mark.atMs;
    cpu = mark.cpuMs;
  }
  return sections;
}

export interface ColdStartResult {
  readonly target: ColdStartTargetName;
  readonly function: FunctionName;
  /** The bundle folder as deployed: code, source maps, wasm and (PDF) font files. */
  readonly bundleBytes: number;
  readonly bundleFiles: number;
  readonly runs: readonly ColdStartRun[];
  readonly median: ColdStartRun;
  /** The optimise bundle's goal; null for the PDF bundle, whose figures are tracked, not bounded. */
  readonly goalMs: number | null;
  readonly metGoal: boolean | null;
  readonly nodeVersion: string;
  /** `os.loadavg()[0]` when the runs ended, and the machine's CPU count: how loaded the figures are. */
  readonly loadAverage: number;
  readonly cpus: number;
}

export interface ColdStartOptions {
  /** Default `optimise`. */
  readonly target?: ColdStartTargetName;
  readonly runs?: number;
  /** An existing bundle folder to measure; by default one is built into a temporary folder. */
  readonly dir?: string;
  /**
   * Run with `NODE_OPTIONS=--enable-source-maps` (Node reads every source map at load), as the stack set
   * it before the bundle mapped its own stack traces (default false: as Lambda runs it now, no NODE_OPTIONS).
   */
  readonly nodeSourceMaps?: boolean;
}

export async function measureColdStart(options: ColdStartOptions = {}): Promise<ColdStartResult> {
  const targetName = options.target ?? 'optimise';
  const target: ColdStartTarget = COLD_START_TARGETS[targetName];
  const runsWanted = options.runs ?? 7;
  let dir = options.dir;
  let cleanup: string | undefined;
  if (dir === undefined) {
    cleanup = join(tmpdir(), `cutplan-cold-start-${process.pid}`);
    await bundleFunctions({ names: [target.function], outDir: cleanup });
    dir = bundleDir(target.function, cleanup);
  }
  const nodeOptions: Record<string, string> = {
    ...(options.nodeSourceMaps === true ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
    // As the stack sets it for the PDF function: the fonts sit beside index.mjs.
    ...(target.function === 'optimise-pdf' ? { CUTPLAN_FONT_DIR: dir } : {}),
  };
  const size = await folderSize(dir);
  const table = await startLimitsTable();
  try {
    const runs: ColdStartRun[] = [];
    for (let i = 0; i < runsWanted; i++) {
      const env = { ...nodeOptions, ...(await table.freshTable()) };
      const run = await runBundleFresh(dir, [target.event], env);
      const [answer] = run.answers;
      if (answer === undefined) throw new Error(`cold-start run ${i} (${targetName}): no answer`);
      const { statusCode, body, isBase64Encoded } = answer.result;
      const wrong = target.check(statusCode, body, isBase64Encoded === true);
      if (wrong !== null) throw new Error(`cold-start run ${i} (${targetName}): ${wrong}`);
      runs.push({
        wallMs: run.wallMs,
        bootMs: run.startedMs,
        initMs: run.importedMs - run.startedMs,
        firstAnswerMs: answer.ms,
        firstRequestMs: answer.http.firstSentMs,
        dynamoMs: answer.http.inFlightMs,
        dynamoRequests: answer.http.requests,
        bootCpuMs: run.startedCpuMs,
        initCpuMs: run.importedCpuMs - run.startedCpuMs,
        firstAnswerCpuMs: answer.cpuMs,
        initSections: initSectionsOf(run),
      });
    }
    const median = medianRun(runs);
    return {
      target: targetName,
      function: target.function,
      bundleBytes: size.bytes,
      bundleFiles: size.files,
      runs,
      median,
      goalMs: targetName === 'optimise' ? COLD_START_GOAL_MS : null,
      metGoal: targetName === 'optimise' ? median.wallMs < COLD_START_GOAL_MS : null,
      nodeVersion: process.version,
      loadAverage: loadavg()[0] ?? Number.NaN,
      cpus: availableParallelism(),
    };
  } finally {
    await table.close();
    if (cleanup !== undefined) await rm(cleanup, { recursive: true, force: true });
  }
}

/** A job whose plan needs the LP (root column generation); the priming job at init is a different one. */
export const NEEDS_LP_EVENT = join(PROJECT_ROOT, 'events', 'optimise', 'post-needs-lp.json');
/** The same job by `fewest_setups`: its masters run on HiGHS (`denseServes`), the default job's do not. */
export const NEEDS_HIGHS_EVENT = join(PROJECT_ROOT, 'events', 'optimise', 'post-needs-lp-highs.json');

export interface FirstLpAnswer {
  readonly primed: boolean;
  /** Medians over the runs: init, the first call (cold), the same job's second call (warm). */
  readonly initMs: number;
  readonly firstMs: number;
  readonly warmMs: number;
  /** The first call's extra time over the warm one's. */
  readonly extraMs: number;
  readonly runs: number;
  /** The event answered (a path under the project). */
  readonly event: string;
}

/**
 * The first answer of a job that needs an LP, after init, with the solver primed at init and without
 * (`CUTPLAN_PRIME=0`), in fresh processes taking turns so machine load hits both alike. Each process
 * answers the job twice: the second answer is the warm reference.
 */
export async function measureFirstLpAnswer(
  options: { readonly runs?: number; readonly dir?: string; readonly event?: string } = {},
): Promise<readonly FirstLpAnswer[]> {
  const runsWanted = options.runs ?? 5;
  const event = options.event ?? NEEDS_LP_EVENT;
  let dir = options.dir;
  let cleanup: string | undefined;
  if (dir === undefined) {
    cleanup = join(tmpdir(), `cutplan-first-lp-${process.pid}`);
    await bundleFunctions({ names: ['optimise'], outDir: cleanup });
    dir = bundleDir('optimise', cleanup);
  }
  const table = await startLimitsTable();
  try {
    const samples = { true: [] as FreshRun[], false: [] as FreshRun[] };
    for (let i = 0; i < runsWanted; i++) {
      for (const primed of [false, true]) {
        const env = {
          ...(primed ? {} : { CUTPLAN_PRIME: '0' }),
          ...(await table.freshTable()),
        };
        const run = await runBundleFresh(dir, [event, event], env);
        for (const answer of run.answers) {
          const wrong = COLD_START_TARGETS.optimise.check(answer.result.statusCode, answer.result.body);
          if (wrong !== null) throw new Error(`first-LP run ${i}: ${wrong}`);
        }
        samples[`${primed}`].push(run);
      }
    }
    return [false, true].map((primed) => {
      const runs = samples[`${primed}`];
      const firstMs = medianOf(runs.map((r) => r.answers[0]?.ms ?? Number.NaN));
      const warmMs = medianOf(runs.map((r) => r.answers[1]?.ms ?? Number.NaN));
      return {
        primed,
        initMs: medianOf(runs.map((r) => r.importedMs - r.startedMs)),
        firstMs,
        warmMs,
        extraMs: medianOf(
          runs.map((r) => (r.answers[0]?.ms ?? Number.NaN) - (r.answers[1]?.ms ?? Number.NaN)),
        ),
        runs: runs.length,
        event: relative(PROJECT_ROOT, event),
      };
    });
  } finally {
    await table.close();
    if (cleanup !== undefined) await rm(cleanup, { recursive: true, force: true });
  }
}

export function formatFirstLpAnswer(results: readonly FirstLpAnswer[]): string {
  const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(10);
  return `${[
    `first answer of a job that needs an LP (${results[0]?.event ?? ''}), medians of ${results[0]?.runs ?? 0} fresh processes each`,
    `  ${''.padEnd(10)}${['init', '1st answer', 'warm', 'extra'].map((c) => c.padStart(10)).join('  ')}`,
    ...results.map(
      (r) =>
        `  ${(r.primed ? 'primed' : 'unprimed').padEnd(10)}${[r.initMs, r.firstMs, r.warmMs, r.extraMs].map(ms).join('  ')}`,
    ),
    'extra: the first answer minus the same job answered again in the same process (median of the differences).',
  ].join('\n')}\n`;
}

async function folderSize(dir: string): Promise<{ bytes: number; files: number }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  const sizes = await Promise.all(files.map(async (f) => (await stat(f)).size));
  return { bytes: sizes.reduce((a, b) => a + b, 0), files: files.length };
}

/** Each figure's median over the runs (figure by figure, so not one of the runs). */
export function medianRun(runs: readonly ColdStartRun[]): ColdStartRun {
  return {
    wallMs: medianOf(runs.map((r) => r.wallMs)),
    bootMs: medianOf(runs.map((r) => r.bootMs)),
    initMs: medianOf(runs.map((r) => r.initMs)),
    firstAnswerMs: medianOf(runs.map((r) => r.firstAnswerMs)),
    firstRequestMs: medianOf(runs.map((r) => r.firstRequestMs)),
    dynamoMs: medianOf(runs.map((r) => r.dynamoMs)),
    dynamoRequests: medianOf(runs.map((r) => r.dynamoRequests)),
    bootCpuMs: medianOf(runs.map((r) => r.bootCpuMs)),
    initCpuMs: medianOf(runs.map((r) => r.initCpuMs)),
    firstAnswerCpuMs: medianOf(runs.map((r) => r.firstAnswerCpuMs)),
    initSections: Object.fromEntries(
      INIT_SECTIONS.map((name) => [
        name,
        {
          ms: medianOf(runs.map((r) => r.initSections[name].ms)),
          cpuMs: medianOf(runs.map((r) => r.initSections[name].cpuMs)),
        },
      ]),
    ) as ColdStartRun['initSections'],
  };
}

export function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const hi = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 === 1 ? hi : ((sorted[mid - 1] ?? Number.NaN) + hi) / 2;
}

const COLUMNS = ['spawn→ans.', 'node boot', 'init', '1st answer', '↳ 1st req.', '↳ DB I/O'];

const SECTION_NOTES: Readonly<Record<InitSection, string>> = {
  modules:
    "reading highs.wasm and starting its compile; loading, compiling and evaluating the bundle's modules",
  clients: 'Powertools Logger and Metrics; the DynamoDB client and its warm-up request started',
  'lp-engine':
    "waiting for HiGHS's compile (hinted functions included); instantiating it; its runtime initialised",
  primed: 'the priming solve (functions/shared/prime.ts)',
  warm: "waiting for the table's warm-up request",
  rest: 'the handler built, the import done',
};

export function formatColdStart(result: ColdStartResult): string {
  const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(10);
  const row = (label: string, r: ColdStartRun) =>
    `  ${label.padEnd(8)}${[r.wallMs, r.bootMs, r.initMs, r.firstAnswerMs, r.firstRequestMs, r.dynamoMs].map(ms).join('  ')}`;
  const lines = [
    `${result.function} bundle (${(result.bundleBytes / 1e6).toFixed(2)} MB in ${result.bundleFiles} files) cold start on ` +
      `${result.target}, ${result.runs.length} fresh processes (node ${result.nodeVersion}),`,
    `admission through an embedded DynamoDB (${result.median.dynamoRequests} requests in the first call)`,
    `  ${''.padEnd(8)}${COLUMNS.map((c) => c.padStart(10)).join('  ')}`,
    ...result.runs.map((r, i) => row(`run ${i + 1}`, r)),
    row('median', result.median),
    result.goalMs === null
      ? 'goal: none (tracked for the PDF function)'
      : `goal: spawn→answer < ${result.goalMs} ms on a quiet machine, priming counted (issue 33): ` +
        `${result.metGoal ? 'met' : 'NOT met'} here (median ${result.median.wallMs.toFixed(1)} ms, load average ${result.loadAverage.toFixed(1)} on ${result.cpus} CPUs)`,
    'init: importing the bundle (module evaluation, wasm, LP engine, priming, DynamoDB client and warm-up);',
    '↳ 1st req.: from the call to its first DynamoDB request leaving (SDK set-up, credentials, signing);',
    "↳ DB I/O: time with one of the call's DynamoDB requests in flight; both are part of the 1st answer.",
    '',
    `main-thread CPU (what a quiet machine's wall time follows; load stretches wall times far more than these):`,
    `  ${''.padEnd(8)}${['boot', 'init', '1st answer', 'total'].map((c) => c.padStart(10)).join('  ')}`,
    ...[...result.runs.map((r, i) => [`run ${i + 1}`, r] as const), ['median', result.median] as const].map(
      ([label, r]) =>
        `  ${label.padEnd(8)}${[r.bootCpuMs, r.initCpuMs, r.firstAnswerCpuMs, r.bootCpuMs + r.initCpuMs + r.firstAnswerCpuMs].map(ms).join('  ')}`,
    ),
    '',
    "init by section (median wall / main-thread CPU; each ends at the bundle's mark of that name):",
    ...INIT_SECTIONS.map((name) => {
      const section = result.median.initSections[name];
      return `  ${name.padEnd(10)}${ms(section.ms)} /${ms(section.cpuMs)}  ${SECTION_NOTES[name]}`;
    }),
  ];
  return `${lines.join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      target: { type: 'string', default: 'optimise' },
      runs: { type: 'string', default: '7' },
      dir: { type: 'string' },
      'enable-source-maps': { type: 'boolean', default: false },
      'first-lp': { type: 'boolean', default: false },
      event: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    process.stderr.write(`--runs must be a whole number ≥ 1, got "${values.runs}"\n`);
    return 2;
  }
  if (values['first-lp']) {
    const dir = values.dir === undefined ? {} : { dir: values.dir };
    const event = values.event === undefined ? {} : { event: resolve(values.event) };
    process.stdout.write(formatFirstLpAnswer(await measureFirstLpAnswer({ runs, ...dir, ...event })));
    return 0;
  }
  const target = values.target;
  if (!(target in COLD_START_TARGETS)) {
    process.stderr.write(
      `--target must be one of ${Object.keys(COLD_START_TARGETS).join(', ')}, got "${target}"\n`,
    );
    return 2;
  }
  const result = await measureColdStart({
    target: target as ColdStartTargetName,
    runs,
    ...(values.dir === undefined ? {} : { dir: values.dir }),
    nodeSourceMaps: values['enable-source-maps'],
  });
  process.stdout.write(formatColdStart(result));
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
