/**
 * `node infra/record-highs-hints.ts`: records which of HiGHS's wasm functions a container's init compiles
 * (infra/highs-hints.ts), into `infra/highs-eager-functions.json`. Run it after the highs package changes
 * (the bundle build says so).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleFunctions, highsWasmPath } from './bundle.ts';
import { bundleDir } from './bundles.ts';
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
  const run = spawnSync(
    process.execPath,
    ['--trace-wasm-compilation-times', '--input-type=module', '--eval', script],
    // No table answers: the warm-up read fails fast and is only logged.
    {
      cwd: tmpdir(),
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        TABLE_NAME: 'none',
        AWS_REGION: 'local',
        DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
      },
    },
  );
  const text = `${run.stdout}`;
  const end = text.indexOf('@@imported');
  if (end < 0) throw new Error(`the bundle did not load: ${run.stderr.slice(0, 2000)}`);
  const functions = [...text.slice(0, end).matchAll(/^Compiled function \S+#(\d+) using Liftoff/gm)]
    .map((m) => Number(m[1]))
    .filter((f, i, all) => all.indexOf(f) === i)
    .sort((a, b) => a - b);
  const wasm = readFileSync(highsWasmPath());
  const recorded: EagerFunctions = { highsWasmSha256: sha256(wasm), functions };
  writeFileSync(EAGER_FUNCTIONS_FILE, `${JSON.stringify(recorded)}\n`);
  process.stdout.write(`${functions.length} functions recorded in ${EAGER_FUNCTIONS_FILE}\n`);
}

await record();
