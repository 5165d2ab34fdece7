/**
 * The Lambda functions and what each deployment bundle ships beside its `index.mjs`. The build
 * (`bundle.ts`), the stack (`stack.ts`) and the benchmark read this one list.
 */
import { join } from 'node:path';

export const FUNCTION_NAMES = [
  'optimise',
  'optimise-pdf',
  'mcp',
  'optimise-labels',
  'optimise-csv',
  'rack',
  'plans',
  'jobs',
  'job-worker',
  'health',
  'usage',
  'docs',
  'fallback',
  'synthetic-check',
  'webhook-retry',
] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

export interface BundleSpec {
  /** The Lambda entry file, relative to the project root. */
  readonly entry: string;
  /** Ships `highs.wasm` beside the bundle: the HiGHS loader reads it from `new URL('highs.wasm', import.meta.url)`. */
  readonly wasm: boolean;
  /** Ships the renderer's WOFF files beside the bundle (the function sets `CUTPLAN_FONT_DIR` to its folder). */
  readonly fonts: boolean;
  /** Ships the built playground page (`web/build.ts`) beside the bundle as `playground.json`. */
  readonly playground?: boolean;
  /** More entries built beside `index.mjs` (`<name>.mjs`): worker threads the function starts. */
  readonly threads?: Readonly<Record<string, string>>;
}

export const BUNDLES: Readonly<Record<FunctionName, BundleSpec>> = {
  optimise: { entry: 'functions/optimise.ts', wasm: true, fonts: false },
  'optimise-pdf': { entry: 'functions/optimise-pdf.ts', wasm: true, fonts: true },
  // The MCP tools solve and render PDFs: the PDF function's files.
  mcp: { entry: 'functions/mcp.ts', wasm: true, fonts: true },
  'optimise-labels': { entry: 'functions/optimise-labels.ts', wasm: true, fonts: true },
  'optimise-csv': { entry: 'functions/optimise-csv.ts', wasm: true, fonts: false },
  rack: { entry: 'functions/rack.ts', wasm: false, fonts: false },
  // A stored plan's PDF and labels are rendered again: the PDF function's fonts, no solver.
  plans: { entry: 'functions/plans.ts', wasm: false, fonts: true },
  // Parses and stores jobs, never solves: no wasm.
  jobs: { entry: 'functions/jobs.ts', wasm: false, fonts: false },
  // Solves jobs: the optimise function's files.
  'job-worker': {
    entry: 'functions/job-worker.ts',
    wasm: true,
    fonts: false,
    threads: { 'solve-thread': 'functions/handlers/solve-thread.ts' },
  },
  health: { entry: 'functions/health.ts', wasm: false, fonts: false },
  usage: { entry: 'functions/usage.ts', wasm: false, fonts: false },
  docs: { entry: 'functions/docs.ts', wasm: false, fonts: false, playground: true },
  fallback: { entry: 'functions/fallback.ts', wasm: false, fonts: false },
  'synthetic-check': { entry: 'functions/synthetic-check.ts', wasm: false, fonts: false },
  'webhook-retry': { entry: 'functions/webhook-retry.ts', wasm: false, fonts: false },
};

export const PROJECT_ROOT = join(import.meta.dirname, '..');

/** Where `npm run build` writes: `dist/<function>/index.mjs` plus its files. */
export const DIST_DIR = join(PROJECT_ROOT, 'dist');

/** esbuild's metafiles (what went into each bundle), kept out of the deployed folders. */
export const META_DIR_NAME = '.meta';

/** The file Lambda loads: handler `index.handler`. */
export const BUNDLE_FILE = 'index.mjs';
export const HANDLER = 'index.handler';

export function bundleDir(name: FunctionName, distDir: string = DIST_DIR): string {
  return join(distDir, name);
}

export function isFunctionName(value: string): value is FunctionName {
  return (FUNCTION_NAMES as readonly string[]).includes(value);
}
