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

/** One line per file, then the folder's total. */
export function formatReport(reports: readonly BundleReport[]): string {
  const lines: string[] = [];
  for (const r of reports) {
    lines.push(`${relative(PROJECT_ROOT, r.dir)}/  ${formatBytes(r.totalBytes)} in ${r.files.length} files`);
    for (const f of r.files) lines.push(`  ${f.file.padEnd(44)} ${formatBytes(f.bytes).padStart(10)}`);
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
