/**
 * Reads generated PDFs back with Debian's poppler-utils (pdftotext, pdfinfo), which CI
 * installs in .ci/run. A missing tool fails the test with the install command, never skips it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function run(tool: string, args: readonly string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') {
      throw new Error(`${tool} not found: install poppler-utils (apt-get install -y poppler-utils)`);
    }
    throw error;
  }
}

/** Writes `pdf` to a fresh temporary file and returns its path. */
export function tempPdf(pdf: Uint8Array, name = 'plan.pdf'): string {
  const path = join(mkdtempSync(join(tmpdir(), 'cutplan-pdf-')), name);
  writeFileSync(path, pdf);
  return path;
}

/**
 * The text of every page (pages separated by form feeds). `raw` keeps content-stream order, which is
 * the renderer's drawing order: headings, then tick boxes, then the cut table, row by row.
 */
export function pdfText(
  pdf: Uint8Array,
  options: { raw?: boolean; first?: number; last?: number } = {},
): string {
  const args = [
    ...(options.raw ? ['-raw'] : []),
    ...(options.first ? ['-f', String(options.first)] : []),
    ...(options.last ? ['-l', String(options.last)] : []),
    tempPdf(pdf),
    '-',
  ];
  return run('pdftotext', args);
}

/** pdfinfo's fields (`Pages`, `Page size`, `Title`, ...). */
export function pdfInfo(pdf: Uint8Array): Record<string, string> {
  const out = run('pdfinfo', [tempPdf(pdf)]);
  return Object.fromEntries(
    out
      .split('\n')
      .filter((line) => line.includes(':'))
      .map((line) => {
        const at = line.indexOf(':');
        return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
      }),
  );
}
