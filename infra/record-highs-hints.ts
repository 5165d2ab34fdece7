/**
 * `node infra/record-highs-hints.ts`: records which of HiGHS's wasm functions a container's init compiles
 * (infra/highs-hints.ts), into `infra/highs-eager-functions.json`. Run it after the highs package changes
 * (the bundle build says so).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleFunctions, highsWasmPath } from './bundle.ts';
import { bundleDir, PROJECT_ROOT } from './bundles.ts';
import { EAGER_FUNCTIONS_FILE, type EagerFunctions, sha256 } from './highs-hints.ts';

/**
 * Records the functions the optimise bundle's init compiles: builds the bundle with an unhinted wasm,
 * imports it in a fresh Node with `--trace-wasm-compilation-times` (V8 prints each function it compiles),
 * and keeps those compiled with Liftoff before the import ends.
 */
async function record(): Promise<void> {
  const out = join(tmpdir(), `cutplan-highs-hints-${process.pid}`);
  await bundleFunctions({ names: ['optimise'], outDir: out, highsHints: false });
  const entry = pathToFileURL(join(bundleDir('optimise', out), 'index.mjs')).href;
  const script = `globalThis.awslambda={streamifyResponse:(h)=>h,HttpResponseStream:{from:(s)=>s}};await import(${JSON.stringify(entry)});console.log('@@imported');`;
  // V8 prints its trace through C's stdout. Into a pipe, which Node makes non-blocking, whole buffers of
  // it were lost whenever the pipe was full (265 to 368 functions found in ten runs): into a file, none.
  const traceFile = join(out, 'trace.txt');
  const trace = openSync(traceFile, 'w');
  let run: ReturnType<typeof spawnSync>;
  try {
    run = spawnSync(
      process.execPath,
      ['--trace-wasm-compilation-times', '--input-type=module', '--eval', script],
      {
        cwd: tmpdir(),
        stdio: ['ignore', trace, 'pipe'],
        // No table answers: the warm-up read fails fast and is only logged.
        env: {
          PATH: process.env.PATH ?? '',
          TABLE_NAME: 'none',
          AWS_REGION: 'local',
          DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
        },
      },
    );
  } finally {
    closeSync(trace);
  }
  const text = readFileSync(traceFile, 'utf8');
  await rm(out, { recursive: true, force: true });
  const end = text.indexOf('@@imported');
  if (end < 0)
    throw new Error(`the bundle did not load: ${run.error?.message ?? String(run.stderr).slice(0, 2000)}`);
  // HiGHS's module is the first one compiled; the marker (Node's) and V8's lines may arrive in any order.
  const compiled = [...text.matchAll(/Compiled function (0x[0-9a-f]+)#(\d+) using Liftoff/g)].map((m) => ({
    module: m[1],
    index: Number(m[2]),
  }));
  const highs = compiled[0]?.module;
  const functions = compiled
    .filter((c) => c.module === highs)
    .map((c) => c.index)
    .filter((f, i, all) => all.indexOf(f) === i)
    .sort((a, b) => a - b);
  const wasm = readFileSync(highsWasmPath());
  const recorded: EagerFunctions = { highsWasmSha256: sha256(wasm), functions };
  writeFileSync(EAGER_FUNCTIONS_FILE, `${JSON.stringify(recorded)}\n`);
  // As `npm run format` would leave it (biome's layout of a long number array), so lint stays clean.
  spawnSync(
    join(PROJECT_ROOT, 'node_modules', '.bin', 'biome'),
    ['format', '--write', EAGER_FUNCTIONS_FILE],
    {
      stdio: 'ignore',
    },
  );
  process.stdout.write(`${functions.length} functions recorded in ${EAGER_FUNCTIONS_FILE}\n`);
}

await record();
