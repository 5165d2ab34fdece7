/**
 * Runs a built bundle the way Lambda does, in a fresh Node process: import `index.mjs`, call its
 * handler on API Gateway events, report the answers and timings. The process runs in a folder outside
 * the project, so a bundle that still needs node_modules fails here as it would in Lambda. Used by the
 * bundle tests and the cold-start benchmark.
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE_FILE } from './bundles.ts';

/** Prefixes the child's report line; the handlers write their own JSON log lines to stdout too. */
const MARKER = '@@cutplan-run ';

/**
 * The child, run with `--eval` (its arguments start at argv[1]). `performance.now()` counts from the
 * process's own start, so it times Node's boot too.
 */
const RUNNER = `
import { readFileSync } from 'node:fs';
const [bundleUrl, ...eventFiles] = process.argv.slice(1);
const startedMs = performance.now();
const { handler } = await import(bundleUrl);
const importedMs = performance.now();
const answers = [];
for (const file of eventFiles) {
  const event = JSON.parse(readFileSync(file, 'utf8'));
  const deadline = Date.now() + 30000;
  const before = performance.now();
  const result = await handler(event, { getRemainingTimeInMillis: () => deadline - Date.now() });
  answers.push({ result, ms: performance.now() - before, atMs: performance.now() });
}
process.stdout.write('\\n' + ${JSON.stringify(MARKER)} + JSON.stringify({ startedMs, importedMs, answers }) + '\\n');
`;

export interface BundleAnswer {
  readonly result: {
    statusCode: number;
    headers?: Record<string, string>;
    body: string;
    isBase64Encoded?: boolean;
  };
  /** The handler call. */
  readonly ms: number;
  /** Since the child process started. */
  readonly atMs: number;
}

export interface FreshRun {
  /** Module code started running, since the child process started (Node's own boot). */
  readonly startedMs: number;
  /** The bundle's import finished (init: module evaluation, wasm, LP engine), since the process started. */
  readonly importedMs: number;
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
