/**
 * Production wiring of the label renderer (core/labels): pdf-lib, fontkit and bwip-js load on the first
 * label request, in the labels function only; font files as for the plan PDF (real-pdf.ts), read when a
 * job's text first needs them and kept for the container's life. A failed load is not cached.
 */
import { readFile } from 'node:fs/promises';
import type { RenderLabels } from './core-port.ts';
import { fontDirectory, fontPath } from './real-pdf.ts';

/** The renderer, loaded on first use; `load` is the real loader unless a test passes another. */
export function lazyLabelsRenderer(
  fontDir: () => string | undefined = () => fontDirectory(),
  load: (dir: string | undefined) => Promise<RenderLabels> = loadRenderer,
): RenderLabels {
  let loading: Promise<RenderLabels> | undefined;
  return async (job, output) => {
    loading ??= load(fontDir()).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const render = await loading;
    return render(job, output);
  };
}

async function loadRenderer(dir: string | undefined): Promise<RenderLabels> {
  const [{ renderLabelsPdf, renderLabelsZpl }, { cachedFontSource }] = await Promise.all([
    import('../../core/labels/index.ts'),
    import('../../core/pdf/index.ts'),
  ]);
  const fonts = cachedFontSource(async (face) => new Uint8Array(await readFile(fontPath(face, dir))));
  return (job, output) =>
    output === 'zpl' ? renderLabelsZpl({ ...job, fonts }) : renderLabelsPdf({ ...job, fonts });
}
