/**
 * Production wiring of the PDF renderer. pdf-lib and fontkit cost about 0.6 s to import, so they load on
 * the first PDF request (and only in the PDF function), together with the two Inter WOFF files, once per
 * container. A failed load is not cached: the next request tries again.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PdfJob, RenderPdf } from './core-port.ts';

/**
 * Where the Inter WOFF files are: `CUTPLAN_FONT_DIR` (set it when the bundle ships the fonts beside
 * itself), else `@fontsource/inter/files` in node_modules.
 */
export function fontDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.CUTPLAN_FONT_DIR;
  if (configured !== undefined && configured !== '') return configured;
  // The package exports only CSS entry points; its main file sits beside the `files/` folder.
  return join(dirname(fileURLToPath(import.meta.resolve('@fontsource/inter'))), 'files');
}

/**
 * The renderer, loaded on first use and kept for the container's life. `load` is the real loader
 * (core/pdf and the fonts) unless a test passes another.
 */
export function lazyPdfRenderer(
  fontDir: () => string = () => fontDirectory(),
  load: (dir: string) => Promise<RenderPdf> = loadRenderer,
): RenderPdf {
  let loading: Promise<RenderPdf> | undefined;
  return async (job: PdfJob) => {
    loading ??= load(fontDir()).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const render = await loading;
    return render(job);
  };
}

async function loadRenderer(dir: string): Promise<RenderPdf> {
  const [{ renderPlanPdf }, { INTER_FONT_FILES }] = await Promise.all([
    import('../../core/pdf/index.ts'),
    import('../../core/pdf/fonts.ts'),
  ]);
  const [regular, bold] = await Promise.all([
    readFile(join(dir, INTER_FONT_FILES.regular)),
    readFile(join(dir, INTER_FONT_FILES.bold)),
  ]);
  const fonts = { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
  return (job) => renderPlanPdf({ ...job, fonts });
}
