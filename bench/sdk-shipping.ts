/**
 * How should the optimise bundle ship the AWS SDK? Builds it three ways and measures each one's size
 * and cold start (`measureColdStart`: fresh process, first call admitted through a real table):
 *
 * - `bundled`: in the bundle, from the SDK's ES build (what `npm run build` does);
 * - `bundled-cjs`: in the bundle, from its CommonJS build (esbuild's default for Node);
 * - `external`: not bundled; loaded from `node_modules/@aws-sdk/client-dynamodb` beside the bundle,
 *   linked to the project's copy. That stands in for the Lambda runtime's own SDK, which the nodejs24.x
 *   runtime resolves for ES modules through `NODE_PATH` (plain Node does not), and which, like ours,
 *   loads as CommonJS (`dist-cjs`).
 *
 * The variants take turns, run by run, so a change in the machine's load hits all three alike.
 * `npx tsx bench/sdk-shipping.ts [--runs 9]`
 */
import { mkdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Metafile } from 'esbuild';
import { type AwsSdkShipping, bundleFunctions } from '../infra/bundle.ts';
import { META_DIR_NAME, PROJECT_ROOT } from '../infra/bundles.ts';
import { type ColdStartRun, measureColdStart, medianRun } from './cold-start.ts';

const VARIANTS: readonly AwsSdkShipping[] = ['bundled', 'bundled-cjs', 'external'];

export interface ShippingResult {
  readonly variant: AwsSdkShipping;
  /** `index.mjs` plus the chunks it imports statically: what a cold start parses. */
  readonly eagerBytes: number;
  /** Every file of the function's folder (the deployment package, unzipped). */
  readonly totalBytes: number;
  readonly median: ColdStartRun;
}

export async function compareSdkShipping(runs: number): Promise<ShippingResult[]> {
  const base = join(tmpdir(), `cutplan-sdk-shipping-${process.pid}`);
  try {
    const built = await Promise.all(
      VARIANTS.map(async (variant) => {
        const outDir = join(base, variant);
        const [report] = await bundleFunctions({ names: ['optimise'], outDir, awsSdk: variant });
        if (report === undefined) throw new Error('no bundle built');
        if (variant === 'external') {
          const link = join(outDir, 'node_modules', '@aws-sdk', 'client-dynamodb');
          await mkdir(join(link, '..'), { recursive: true });
          await symlink(join(PROJECT_ROOT, 'node_modules', '@aws-sdk', 'client-dynamodb'), link);
        }
        const metafile = JSON.parse(
          await readFile(join(outDir, META_DIR_NAME, 'optimise.json'), 'utf8'),
        ) as Metafile;
        return { variant, dir: report.dir, totalBytes: report.totalBytes, eagerBytes: eagerBytes(metafile) };
      }),
    );
    const samples = new Map<AwsSdkShipping, ColdStartRun[]>(VARIANTS.map((v) => [v, []]));
    for (let i = 0; i < runs; i++) {
      for (const b of built) {
        const { runs: [run] = [] } = await measureColdStart({ dir: b.dir, runs: 1 });
        if (run !== undefined) samples.get(b.variant)?.push(run);
      }
    }
    return built.map((b) => {
      const rs = samples.get(b.variant) ?? [];
      return {
        variant: b.variant,
        eagerBytes: b.eagerBytes,
        totalBytes: b.totalBytes,
        median: medianRun(rs),
      };
    });
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

/** Bytes of `index.mjs` and of every chunk reachable from it through static imports. */
function eagerBytes(metafile: Metafile): number {
  const entry = Object.keys(metafile.outputs).find((o) => o.endsWith('/index.mjs'));
  const seen = new Set<string>();
  const visit = (path: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const i of metafile.outputs[path]?.imports ?? []) {
      if (i.kind === 'import-statement' && !i.external) visit(i.path);
    }
  };
  if (entry !== undefined) visit(entry);
  return [...seen].reduce((sum, path) => sum + (metafile.outputs[path]?.bytes ?? 0), 0);
}

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

export function formatShipping(results: readonly ShippingResult[], runs: number): string {
  const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(10);
  const lines = [
    `optimise bundle by AWS SDK shipping: medians of ${runs} fresh processes each (node ${process.version})`,
    `  ${'variant'.padEnd(12)}${['eager JS', 'folder', 'spawn→ans.', 'init', '1st answer'].map((c) => c.padStart(10)).join('  ')}`,
    ...results.map(
      (r) =>
        `  ${r.variant.padEnd(12)}${[
          size(r.eagerBytes).padStart(10),
          size(r.totalBytes).padStart(10),
          ms(r.median.wallMs),
          ms(r.median.initMs),
          ms(r.median.firstAnswerMs),
        ].join('  ')}`,
    ),
    "eager JS: index.mjs and the chunks it imports statically (external: the runtime's SDK comes on top);",
    'folder: the deployment package unzipped; init: importing the bundle; 1st answer: admitted, solved.',
  ];
  return `${lines.join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { runs: { type: 'string', default: '9' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    process.stderr.write(`--runs must be a whole number ≥ 1, got "${values.runs}"\n`);
    return 2;
  }
  process.stdout.write(formatShipping(await compareSdkShipping(runs), runs));
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
