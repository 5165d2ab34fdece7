import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allFaces } from '../../core/pdf/font-catalog.ts';
import type { PdfJob, RenderPdf } from './core-port.ts';
import { fontDirectory, fontPath, lazyPdfRenderer } from './real-pdf.ts';

describe('fontDirectory', () => {
  it('finds every font file of the catalog in node_modules by default', () => {
    const dir = fontDirectory({});
    expect(dir).toBeUndefined();
    const missing = allFaces().filter((face) => !existsSync(fontPath(face, dir)));
    expect(missing.map((f) => f.file)).toEqual([]);
    expect(fontPath({ pkg: '@fontsource/inter', file: 'a.woff' }, '/opt/fonts')).toBe(
      join('/opt/fonts', 'a.woff'),
    );
  });

  it('uses CUTPLAN_FONT_DIR when set', () => {
    expect(fontDirectory({ CUTPLAN_FONT_DIR: '/opt/fonts' })).toBe('/opt/fonts');
  });
});

describe('lazyPdfRenderer', () => {
  const job = {} as PdfJob;

  it('loads once for every render, and only when first asked', async () => {
    const loads: string[] = [];
    const render = lazyPdfRenderer(
      () => '/fonts',
      async (dir) => {
        loads.push(dir ?? 'node_modules');
        return async () => new Uint8Array([loads.length]);
      },
    );
    expect(loads).toEqual([]);
    expect([...(await render(job)), ...(await render(job))]).toEqual([1, 1]);
    expect(loads).toEqual(['/fonts']);
  });

  it('tries again after a failed load instead of failing for the container life', async () => {
    let attempts = 0;
    const render: RenderPdf = lazyPdfRenderer(
      () => '/fonts',
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('ENOENT: font missing');
        return async () => new Uint8Array([7]);
      },
    );
    await expect(render(job)).rejects.toThrow('ENOENT');
    expect([...(await render(job))]).toEqual([7]);
    expect(attempts).toBe(2);
  });
});
