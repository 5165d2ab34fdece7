/**
 * `npm run build [-- <function> …]`: bundles every Lambda function (or the ones named) into
 * `dist/<function>/` and prints what each folder holds.
 */
import { relative } from 'node:path';
import { type BundleReport, bundleFunctions } from './bundle.ts';
import { FUNCTION_NAMES, type FunctionName, isFunctionName, PROJECT_ROOT } from './bundles.ts';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

const sumBytes = (files: readonly { bytes: number }[]) => files.reduce((sum, f) => sum + f.bytes, 0);

/**
 * The folder's total, then one line per file beside `index.mjs`; the chunks (lazy code-split parts,
 * named by hash) are summed into one line for the code and one for their maps.
 */
export function formatReport(reports: readonly BundleReport[]): string {
  const lines: string[] = [];
  const line = (name: string, bytes: number) => `  ${name.padEnd(44)} ${formatBytes(bytes).padStart(10)}`;
  for (const r of reports) {
    lines.push(`${relative(PROJECT_ROOT, r.dir)}/  ${formatBytes(r.totalBytes)} in ${r.files.length} files`);
    const chunks = r.files.filter((f) => f.file.startsWith('chunks/'));
    for (const f of r.files) if (!chunks.includes(f)) lines.push(line(f.file, f.bytes));
    for (const ext of ['.mjs', '.mjs.map']) {
      const some = chunks.filter((f) => f.file.endsWith(ext));
      if (some.length > 0) lines.push(line(`chunks/*${ext} (${some.length} files)`, sumBytes(some)));
    }
  }
  return `${lines.join('\n')}\n`;
}

async function main(args: readonly string[]): Promise<number> {
  const named = args.filter(isFunctionName);
  const unknown = args.filter((a) => !isFunctionName(a));
  if (unknown.length > 0) {
    process.stderr.write(`unknown function ${unknown.join(', ')}; functions: ${FUNCTION_NAMES.join(', ')}\n`);
    return 2;
  }
  const names: readonly FunctionName[] = named.length > 0 ? named : FUNCTION_NAMES;
  const started = performance.now();
  let reports: BundleReport[];
  try {
    reports = await bundleFunctions({ names });
  } catch (error: unknown) {
    // esbuild has already printed its errors with their source positions.
    if (error instanceof Error && 'errors' in error) {
      process.stderr.write(`build failed: ${error.message.split('\n')[0]}\n`);
      return 1;
    }
    throw error;
  }
  process.stdout.write(formatReport(reports));
  process.stdout.write(`built ${reports.length} bundles in ${Math.round(performance.now() - started)} ms\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
