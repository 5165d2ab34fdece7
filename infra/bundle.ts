/**
 * Builds the deployment bundles: one esbuild run per function into `dist/<name>/` (ESM, minified, source
 * maps, Node 24), plus the files the bundle reads at run time from beside itself. Used by `npm run build`
 * (`build.ts`), `npm run synth`, the bundle tests and the cold-start benchmark.
 */
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import {
  BUNDLE_FILE,
  BUNDLES,
  bundleDir,
  DIST_DIR,
  FUNCTION_NAMES,
  type FunctionName,
  META_DIR_NAME,
  PROJECT_ROOT,
} from './bundles.ts';
import { addCompilationHints, eagerFunctionsFor } from './highs-hints.ts';

/** The Lambda runtime's Node (infra/constructs/cutplan-function.ts), the same major as package.json pins. */
export const ESBUILD_TARGET = 'node24';

/**
 * CommonJS code inside an ESM bundle calls `require` (for Node built-ins); ESM has none, so each output
 * file makes one from its own URL. It takes `createRequire` from `process.getBuiltinModule`, not from an
 * ESM import of `node:module` (see `builtinsThroughRequire`).
 */
const REQUIRE_BANNER =
  "const __cutplanRequire=process.getBuiltinModule('node:module').createRequire(import.meta.url),require=__cutplanRequire;";

/**
 * Local-only code never ships: dynalite is a devDependency for the embedded DynamoDB, which lives in
 * `functions/local/` with the rest of the local shell. A Lambda entry that reaches either fails the build
 * here, rather than shipping a devDependency or failing at run time in Lambda.
 */
const LOCAL_DIR = join(PROJECT_ROOT, 'functions', 'local');

export const localOnly: Plugin = {
  name: 'cutplan-local-only',
  setup(b) {
    b.onResolve({ filter: /^dynalite(\/|$)|local\// }, (args) => {
      const dynalite = /^dynalite(\/|$)/.test(args.path);
      if (!dynalite && !join(args.resolveDir, args.path).startsWith(`${LOCAL_DIR}/`)) return undefined;
      const importer = relative(PROJECT_ROOT, args.importer);
      return {
        errors: [
          {
            text: `${importer} imports ${args.path}: Lambda code must not reach functions/local/ or dynalite`,
          },
        ],
      };
    });
  },
};

const BUILTIN = new Set(builtinModules);
const BUILTIN_NAMESPACE = 'cutplan-builtin';
/** `import("node:http")`, `import('fs')`, …: a dynamic import of a built-in, in a package's code. */
const DYNAMIC_BUILTIN_IMPORT = /\bimport\((["'])((?:node:)?[a-z0-9_/]+)\1\)/g;

/**
 * Node's built-in modules are loaded with `require` (the banner's), not with ESM `import`. An ESM import
 * of a built-in makes Node build its ESM facade, which reads every export: for `node:http` that runs the
 * lazy getters of its WebSocket and fetch classes and loads undici, which the bundle never uses. Measured
 * on Node 24 in fresh processes (docs/deploy.md, "Cold start"): loading the built-ins the SDK uses (http,
 * https, crypto, stream, zlib, …) took about 60 ms of CPU as ESM against about 20 ms through `require`.
 *
 * A static import of a built-in becomes a one-line CommonJS module `module.exports = require("node:…")`
 * inside the bundle. A dynamic one in a package (the SDK's HTTP handler imports `node:http` on its first
 * plain-HTTP request, HiGHS's loader `node:module`) becomes `Promise.resolve().then(() => require(…))`:
 * the module object instead of a namespace, which the call sites read by name (or through `.default ??`),
 * and no chunk of its own.
 */
export const builtinsThroughRequire: Plugin = {
  name: 'cutplan-builtins-through-require',
  setup(b) {
    b.onResolve({ filter: /^[a-z0-9_:/]+$/ }, (args) => {
      const name = args.path.startsWith('node:') ? args.path.slice(5) : args.path;
      if (!BUILTIN.has(name)) return undefined;
      if (args.namespace === BUILTIN_NAMESPACE) return { path: `node:${name}`, external: true };
      if (args.kind !== 'import-statement') return undefined;
      return { path: name, namespace: BUILTIN_NAMESPACE };
    });
    b.onLoad({ filter: /.*/, namespace: BUILTIN_NAMESPACE }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(`node:${args.path}`)});`,
      loader: 'js',
    }));
    b.onLoad({ filter: /\/node_modules\/.*\.m?js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      let rewritten = false;
      const contents = text.replace(DYNAMIC_BUILTIN_IMPORT, (call, _quote, specifier: string) => {
        if (!BUILTIN.has(specifier.replace(/^node:/, ''))) return call;
        rewritten = true;
        // The banner's name: a package may declare its own `require` in the same scope (HiGHS's loader does).
        return `Promise.resolve().then(() => __cutplanRequire(${JSON.stringify(specifier)}))`;
      });
      return rewritten ? { contents, loader: 'js', resolveDir: dirname(args.path) } : undefined;
    });
  },
};

export interface BundleFile {
  /** Path inside the function's folder. */
  readonly file: string;
  readonly bytes: number;
}

export interface BundleReport {
  readonly name: FunctionName;
  readonly dir: string;
  readonly files: readonly BundleFile[];
  readonly totalBytes: number;
  /** Source files esbuild put into the bundle, relative to the project root. */
  readonly inputs: readonly string[];
}

export interface BundleOptions {
  readonly names?: readonly FunctionName[];
  readonly outDir?: string;
  /**
   * How the AWS SDK ships. `bundled` (the deployment): in the bundle, from its ES build. The others are
   * for `bench/sdk-shipping.ts`, which measures the choice: `bundled-cjs` (its CommonJS build) and
   * `external` (left to the Lambda runtime's copy).
   */
  readonly awsSdk?: AwsSdkShipping;
  /**
   * Ship `highs.wasm` with its compilation hints (infra/highs-hints.ts; default true). Off only to record
   * them, from the package's own file.
   */
  readonly highsHints?: boolean;
}

export type AwsSdkShipping = 'bundled' | 'bundled-cjs' | 'external';

/** Builds the named functions (all by default) in parallel; each folder is emptied first. */
export async function bundleFunctions(options: BundleOptions = {}): Promise<BundleReport[]> {
  const outDir = options.outDir ?? DIST_DIR;
  const names = options.names ?? FUNCTION_NAMES;
  await mkdir(join(outDir, META_DIR_NAME), { recursive: true });
  const wasm = await shippedHighsWasm(options.highsHints ?? true);
  return Promise.all(names.map((name) => bundleOne(name, outDir, options.awsSdk ?? 'bundled', wasm)));
}

/** `highs.wasm` as the solving bundles ship it: with the recorded compilation hints (infra/highs-hints.ts). */
async function shippedHighsWasm(hints: boolean): Promise<Uint8Array> {
  const wasm = await readFile(highsWasmPath());
  return hints ? addCompilationHints(wasm, eagerFunctionsFor(wasm)) : wasm;
}

async function bundleOne(
  name: FunctionName,
  outDir: string,
  awsSdk: AwsSdkShipping,
  wasm: Uint8Array,
): Promise<BundleReport> {
  const spec = BUNDLES[name];
  const dir = bundleDir(name, outDir);
  await rm(dir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: { index: spec.entry, ...spec.threads },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Dynamic imports become chunks: the PDF renderer (pdf-lib, fontkit) loads on the first PDF request
    // instead of being parsed at every cold start.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: ESBUILD_TARGET,
    // The AWS SDK is bundled, from its ES build: its credential providers other than the environment's
    // (SSO, STS, INI, …) are dynamic imports there, so they become lazy chunks Lambda never loads, and the
    // eager code shrinks. Measured cold starts: docs/operations.md, "AWS SDK".
    ...(awsSdk === 'bundled-cjs' ? {} : { mainFields: ['module', 'main'] }),
    ...(awsSdk === 'external' ? { external: ['@aws-sdk/*'] } : {}),
    minify: true,
    // Stack traces map back to the TypeScript when they are formatted (functions/shared/source-maps.ts,
    // imported first by every entry); the sources themselves are in git, so the maps carry positions only.
    sourcemap: true,
    sourcesContent: false,
    banner: { js: REQUIRE_BANNER },
    metafile: true,
    // The solving functions load the SDK's built-ins (http, https, crypto, zlib, …); the light ones one
    // or two small ones, and would only grow by esbuild's CommonJS helpers (about 1 KiB).
    plugins: spec.wasm ? [localOnly, builtinsThroughRequire] : [localOnly],
    logLevel: 'warning',
  });
  await writeFile(join(outDir, META_DIR_NAME, `${name}.json`), JSON.stringify(result.metafile));
  if (spec.wasm) await writeFile(join(dir, 'highs.wasm'), wasm);
  if (spec.fonts) {
    const faces = await fontFaces();
    await Promise.all(faces.map((face) => copyFile(fontPath(face), join(dir, face.file))));
  }
  if (spec.playground === true) {
    const { buildPlaygroundPage } = await import('../web/build.ts');
    await writeFile(join(dir, 'playground.json'), JSON.stringify(await buildPlaygroundPage()));
  }
  const files = await listFiles(dir);
  return {
    name,
    dir,
    files,
    totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
    inputs: inputsOf(result.metafile),
  };
}

const require = createRequire(import.meta.url);

/** The wasm the `highs` package loads from beside its module (its `highs/runtime` export). */
export function highsWasmPath(): string {
  return require.resolve('highs/runtime');
}

function fontPath(face: { pkg: string; file: string }): string {
  return require.resolve(`${face.pkg}/files/${face.file}`);
}

/**
 * Every WOFF file the renderer may read, as its font catalog names them (one source of truth): Inter
 * and the Noto fallbacks, about 14 MB, read only when a PDF's text needs them.
 */
async function fontFaces(): Promise<readonly { pkg: string; file: string }[]> {
  const { allFaces } = await import('../core/pdf/font-catalog.ts');
  return allFaces();
}

function inputsOf(metafile: Metafile): string[] {
  return Object.keys(metafile.inputs).sort();
}

async function listFiles(dir: string): Promise<BundleFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: BundleFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.push({ file: relative(dir, path), bytes: (await stat(path)).size });
  }
  return files.sort((a, b) => a.file.localeCompare(b.file));
}

/** Whether every named function has a built `index.mjs` in `outDir`. */
export async function bundlesPresent(
  names: readonly FunctionName[] = FUNCTION_NAMES,
  outDir: string = DIST_DIR,
): Promise<boolean> {
  const present = await Promise.all(
    names.map((name) =>
      stat(join(bundleDir(name, outDir), BUNDLE_FILE)).then(
        (s) => s.isFile(),
        () => false,
      ),
    ),
  );
  return present.every(Boolean);
}
