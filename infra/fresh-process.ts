/**
 * Runs a built bundle the way Lambda does, in a fresh Node process: import `index.mjs`, call its
 * handler on API Gateway events, report the answers and timings. The process runs in a folder outside
 * the project, so a bundle that still needs node_modules fails here as it would in Lambda. Used by the
 * bundle tests and the cold-start benchmark.
 *
 * The solving functions admit every call through the limits table, so they get a real one:
 * `startLimitsTable` serves DynamoDB's API from an embedded dynalite in the parent process, and hands
 * out the environment Lambda would give the function (table name, region, the role's keys), plus the
 * endpoint. The bundle then takes the path it takes in Lambda: the SDK's default credential chain, real
 * requests over HTTP, counters and slots written.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startEmbeddedDynamo } from '../functions/local/embedded-dynamo.ts';
import { createTable } from '../functions/shared/limits/index.ts';
import { BUNDLE_FILE } from './bundles.ts';

/** Prefixes the child's report line; the handlers write their own JSON log lines to stdout too. */
const MARKER = '@@cutplan-run ';

/**
 * The child, run with `--eval` (its arguments start at argv[1]). `performance.now()` counts from the
 * process's own start, so it times Node's boot too.
 */
const RUNNER = `
import { readFileSync } from 'node:fs';
import { subscribe } from 'node:diagnostics_channel';
const [bundleUrl, ...eventFiles] = process.argv.slice(1);
const startedMs = performance.now();
// CPU time of the main thread (what a quiet machine's wall time follows; a loaded one's does not).
const cpuMs = () => {
  const u = process.threadCpuUsage?.() ?? process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const startedCpuMs = cpuMs();
// The bundle's init marks (functions/shared/services.ts, INIT_MARKS), with the CPU time at each.
const marks = [];
const mark = performance.mark.bind(performance);
performance.mark = (name, options) => {
  if (typeof name === 'string' && name.startsWith('cutplan:')) marks.push({ name, atMs: performance.now(), cpuMs: cpuMs() });
  return mark(name, options);
};
// The runtime's awslambda global, as far as a streaming entry needs it (functions/local/awslambda-shim.ts
// is the full stand-in; this one keeps the child free of TypeScript so its boot is Node's alone).
const STREAMING = Symbol.for('aws.lambda.runtime.handler.streaming');
globalThis.awslambda = Object.assign(globalThis.awslambda ?? {}, {
  streamifyResponse: (h) => Object.assign(h, { [STREAMING]: 'response' }),
  HttpResponseStream: { from: (stream, prelude) => Object.assign(stream, { prelude }) },
});
const call = async (handler, event, context) => {
  if (!handler[STREAMING]) return handler(event, context);
  const chunks = [];
  const stream = { write: (c) => chunks.push(Buffer.from(c)), end: (done) => done?.(), uncork: () => {} };
  await handler(event, stream, context);
  const body = Buffer.concat(chunks);
  const type = stream.prelude?.headers?.['Content-Type'] ?? '';
  const text = type.startsWith('application/json') || type.startsWith('text/') || type.includes('charset=');
  return {
    statusCode: stream.prelude?.statusCode,
    headers: stream.prelude?.headers,
    body: body.toString(text ? 'utf8' : 'base64'),
    isBase64Encoded: !text,
    streamed: true,
  };
};
let calls;
subscribe('http.client.request.start', ({ request }) => calls?.push({ request, start: performance.now() }));
subscribe('http.client.response.finish', ({ request }) => {
  const call = calls?.find((c) => c.request === request && c.end === undefined);
  if (call) call.end = performance.now();
});
const { handler } = await import(bundleUrl);
const importedMs = performance.now();
const importedCpuMs = cpuMs();
const answers = [];
for (const file of eventFiles) {
  const event = JSON.parse(readFileSync(file, 'utf8'));
  const deadline = Date.now() + 30000;
  calls = [];
  const before = performance.now();
  const beforeCpu = cpuMs();
  const result = await call(handler, event, { getRemainingTimeInMillis: () => deadline - Date.now() });
  const ms = performance.now() - before;
  const answerCpuMs = cpuMs() - beforeCpu;
  const http = {
    requests: calls.length,
    firstSentMs: calls.length === 0 ? 0 : calls[0].start - before,
    // Time with at least one request in flight: requests sent together count once.
    inFlightMs: calls
      .map((c) => [c.start, c.end ?? performance.now()])
      .sort((a, b) => a[0] - b[0])
      .reduce((acc, [s, e]) => {
        const from = Math.max(s, acc.until);
        return { sum: acc.sum + Math.max(0, e - from), until: Math.max(acc.until, e) };
      }, { sum: 0, until: -Infinity }).sum,
  };
  answers.push({ result, ms, cpuMs: answerCpuMs, atMs: performance.now(), http });
}
process.stdout.write('\\n' + ${JSON.stringify(MARKER)} + JSON.stringify({ startedMs, importedMs, startedCpuMs, importedCpuMs, marks, answers }) + '\\n');
`;

export interface BundleAnswer {
  readonly result: {
    statusCode: number;
    headers?: Record<string, string>;
    body: string;
    isBase64Encoded?: boolean;
    /** The entry streamed its answer (read back here as Lambda would send it). */
    streamed?: boolean;
  };
  /** The handler call. */
  readonly ms: number;
  /** The handler call's CPU time on the main thread. */
  readonly cpuMs: number;
  /** Since the child process started. */
  readonly atMs: number;
  /** The HTTP requests the call made (to the limits table): seen through Node's `http.client` channels. */
  readonly http: HttpDuringCall;
}

export interface HttpDuringCall {
  readonly requests: number;
  /** From the handler call to the first request being sent (SDK set-up: credentials, endpoint, signing). */
  readonly firstSentMs: number;
  /** Time with at least one request in flight (sent → response headers); overlapping requests count once. */
  readonly inFlightMs: number;
}

export interface InitMark {
  readonly name: string;
  /** Since the process started. */
  readonly atMs: number;
  /** Main-thread CPU time since the process started. */
  readonly cpuMs: number;
}

export interface FreshRun {
  /** Module code started running, since the child process started (Node's own boot). */
  readonly startedMs: number;
  /** The bundle's import finished (init: module evaluation, wasm, LP engine), since the process started. */
  readonly importedMs: number;
  /**
   * Main-thread CPU time until `startedMs` and `importedMs`. On a loaded machine wall times stretch with
   * the load; CPU times much less, so they are what to compare there.
   */
  readonly startedCpuMs: number;
  readonly importedCpuMs: number;
  /** The bundle's `performance.mark`s named `cutplan:…` during init, in order: when, and the CPU time then. */
  readonly marks: readonly InitMark[];
  readonly answers: readonly BundleAnswer[];
  /** From `spawn` in the parent to the child's answer line arriving. */
  readonly wallMs: number;
}

/**
 * Imports `<bundleDir>/index.mjs` in a new `node` process and invokes its handler on each event file in
 * turn. `env` is the whole environment of the child (plus PATH), as in Lambda.
 */
export async function runBundleFresh(
  bundleDir: string,
  eventFiles: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<FreshRun> {
  const bundleUrl = pathToFileURL(join(bundleDir, BUNDLE_FILE)).href;
  const started = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '--eval', RUNNER, bundleUrl, ...eventFiles], {
    cwd: tmpdir(),
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let answeredAt: number | undefined;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (answeredAt === undefined && reportLine(stdout) !== undefined) answeredAt = performance.now();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const line = reportLine(stdout);
  if (code !== 0 || answeredAt === undefined || line === undefined) {
    throw new Error(`bundle run failed (exit ${code}): ${stderr.slice(0, 2000) || stdout.slice(0, 2000)}`);
  }
  const parsed = JSON.parse(line) as Omit<FreshRun, 'wallMs'>;
  return { ...parsed, wallMs: answeredAt - started };
}

/** The report, once its whole line has arrived. */
function reportLine(stdout: string): string | undefined {
  const at = stdout.indexOf(`\n${MARKER}`);
  if (at < 0) return undefined;
  const end = stdout.indexOf('\n', at + 1);
  return end < 0 ? undefined : stdout.slice(at + 1 + MARKER.length, end);
}

export interface LimitsTable {
  readonly endpoint: string;
  /** Creates a new, empty table and returns the environment for a function that uses it. */
  freshTable(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** An embedded DynamoDB in this process for bundles run by `runBundleFresh`; close it when done. */
export async function startLimitsTable(): Promise<LimitsTable> {
  const dynamo = await startEmbeddedDynamo();
  return {
    endpoint: dynamo.endpoint,
    async freshTable() {
      const tableName = `bundle-${randomBytes(6).toString('hex')}`;
      await createTable(dynamo.client, tableName);
      return {
        TABLE_NAME: tableName,
        DYNAMODB_ENDPOINT: dynamo.endpoint,
        AWS_REGION: 'eu-west-1',
        // Lambda gives the function its role's temporary keys in these three; dynalite accepts any.
        AWS_ACCESS_KEY_ID: 'ASIAFRESHPROCESS',
        AWS_SECRET_ACCESS_KEY: 'fresh-process-secret',
        AWS_SESSION_TOKEN: 'fresh-process-token',
      };
    },
    close: () => dynamo.close(),
  };
}
