/**
 * HiGHS's wasm compiled while a container loads the rest of its bundle. A solving function's entry
 * starts this before it imports anything heavy: the compile runs on V8's background threads, and the
 * functions the bundle's `highs.wasm` marks in its compilation hints (infra/highs-hints.ts: HiGHS's
 * start-up and what the priming solve runs) are compiled there with it, instead of lazily on the main
 * thread at their first call, during the init's LP engine and priming (figures in docs/deploy.md,
 * "Cold start").
 *
 * V8 reads the hints under `--experimental-wasm-compilation-hints`. The flag is set only around the
 * `WebAssembly.compile` call: V8 takes the features a compile uses when it starts, and Node accepts the
 * code cache of its own built-in modules only while V8's flags are as they were at start-up (loading
 * `node:https` and the others the SDK needs took twice the CPU time with the flag left on). A Node
 * without the feature ignores the flag and the section, and one that rejects the section gets the module
 * compiled again without the flag: HiGHS then compiles lazily, as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import type { HighsWasmModule } from '../../core/optimise.ts';

/** The wasm beside the bundle, where HiGHS's loader would read it. */
const HIGHS_WASM = 'highs.wasm';

const wasmApi = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<object> } })
  .WebAssembly;

/**
 * Starts compiling the `highs.wasm` beside the bundle at `bundleUrl` (an entry's `import.meta.url`), or
 * returns undefined when there is none (the TypeScript sources are running: the loader compiles it).
 */
export function startHighsCompile(bundleUrl: string): Promise<HighsWasmModule> | undefined {
  const file = new URL(HIGHS_WASM, bundleUrl);
  if (!existsSync(file)) return undefined;
  const bytes = readFileSync(file);
  let hinted: Promise<HighsWasmModule>;
  setFlagsFromString('--experimental-wasm-compilation-hints');
  try {
    hinted = wasmApi.compile(bytes);
  } finally {
    setFlagsFromString('--no-experimental-wasm-compilation-hints');
  }
  // A V8 that reads the hints section differently rejects the module under the flag (a malformed section
  // does here): then it is compiled as any engine would, the section ignored, lazily.
  const compiling = hinted.catch(() => wasmApi.compile(bytes));
  // Node does not count a wasm compile as pending work: without a timer, a process with nothing else to
  // do would exit while its init awaits the compile.
  const pending = setInterval(() => {}, 60_000);
  // Awaited once the bundle has loaded; a failure then fails the init, as the loader's own would.
  compiling.then(
    () => clearInterval(pending),
    () => clearInterval(pending),
  );
  return compiling;
}
