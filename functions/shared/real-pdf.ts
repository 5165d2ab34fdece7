/**
 * Production wiring of the PDF renderer. pdf-lib and fontkit cost about 0.6 s to import, so they load on
 * the first PDF request (and only in the PDF function). Font files are read when a job's text first needs
 * them (Inter's latin pair for every PDF, a Noto face for other scripts), then kept for the container's
 * life. A failed load is not cached: the next request tries again.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FontFile } from '../../core/pdf/index.ts';
import type { PdfJob, RenderPdf } from './core-port.ts';

/**
 * Where the font files are: `CUTPLAN_FONT_DIR` (set it when the bundle ships the fonts beside itself,
 * all in one folder), else undefined: each in its @fontsource package in node_modules.
 */
export function fontDirectory(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.CUTPLAN_FONT_DIR;
  return configured !== undefined && configured !== '' ? configured : undefined;
}

/** The path of one font file, in `dir` or in node_modules (see {@link fontDirectory}). */
export function fontPath(face: FontFile, dir: string | undefined): string {
  return dir === undefined
    ? fileURLToPath(import.meta.resolve(`${face.pkg}/files/${face.file}`))
    : join(dir, face.file);
}

/**
 * The renderer, loaded on first use and kept for the container's life. `load` is the real loader
 * (core/pdf and the fonts) unless a test passes another.
 */
export function lazyPdfRenderer(
  fontDir: () => string | undefined = () => fontDirectory(),
  load: (dir: string | undefined) => Promise<RenderPdf> = loadRenderer,
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

async function loadRenderer(dir: string | undefined): Promise<RenderPdf> {
  const { renderPlanPdf, cachedFontSource } = await import('../../core/pdf/index.ts');
  const fonts = cachedFontSource(async (face) => new Uint8Array(await readFile(fontPath(face, dir))));
  return (job) => renderPlanPdf({ ...job, fonts });
}
