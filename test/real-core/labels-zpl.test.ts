import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { pieceLabels, renderLabelsZpl } from '../../core/labels/index.ts';
import { crc16ccitt } from '../../core/labels/z64.ts';
import { parseOptimiseBody } from '../../core/request/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../../core/types.ts';
import { loadInterFonts } from '../support/inter-fonts.ts';
import { planOf } from '../support/solver.ts';
import { MITRED_WORLD } from './labels-fixture.ts';

/**
 * ZPL labels of the mitred plan with Greek, Chinese, Hebrew and Arabic labels: a `^XA … ^XZ` block per
 * piece in saw order; Latin-1 text in the resident font under `^CI28`; everything else as `^GFA` bitmaps
 * drawn with the PDF's fonts; the printer's own Code 128 of the piece id. LABELS_PNG=dir writes each
 * bitmap of the first label as a PBM image to look at.
 */
let request: OptimiseRequest;
let response: OptimiseResponse;
let zpl: string;
let blocks: string[];
/** The `~DG` downloads before the first label (the job line, drawn once). */
let downloads: string[];

/** The bitmaps a label prints: its `^GFA` fields, then the `~DG` downloads it recalls with `^XG`. */
function rastersOf(block: string): string[] {
  const inline = block
    .split('^FO')
    .filter((f) => f.includes('^GFA'))
    .map((f) => f.slice(f.indexOf('^GFA')).replace(/\^FS\n?$/, ''));
  const recalled = [...block.matchAll(/\^XG(R:[A-Z0-9]+\.GRF),1,1\^FS/g)].map((m) => {
    const download = downloads.find((d) => d.startsWith(`~DG${m[1]},`));
    if (download === undefined) throw new Error(`${m[1]} is recalled but never downloaded`);
    return download;
  });
  return [...inline, ...recalled];
}

/**
 * A `^GFA` field or `~DG` download back as rows of dots ('#' black): its `:Z64:` data is Base64 of a zlib stream, checked
 * here with Node's own inflate and the CRC-16/XMODEM of the Base64 text (whose check value is tested in
 * core/labels/z64.test.ts), independently of the encoder.
 */
function bitmapOf(field: string): string[] {
  const m = /(?:^\^GFA,\d+|^~DGR:[A-Z0-9]+\.GRF),(\d+),(\d+),:Z64:([A-Za-z0-9+/=]+):([0-9A-F]{4})$/.exec(
    field,
  );
  if (m === null) throw new Error(`not a ^GFA field or ~DG download: ${field.slice(0, 40)}`);
  const [, total, perRow, base64 = '', crc] = m;
  expect(crc).toBe(crc16ccitt(base64).toString(16).toUpperCase().padStart(4, '0'));
  const bytes = inflateSync(Buffer.from(base64, 'base64'));
  expect(bytes.length).toBe(Number(total));
  const rows: string[] = [];
  for (let r = 0; r < Number(total) / Number(perRow); r++) {
    let row = '';
    for (let b = 0; b < Number(perRow); b++) {
      const byte = bytes[r * Number(perRow) + b] ?? 0;
      for (let bit = 7; bit >= 0; bit--) row += (byte >> bit) & 1 ? '#' : '.';
    }
    rows.push(row);
  }
  return rows;
}

beforeAll(async () => {
  const parsed = parseOptimiseBody({ ...MITRED_WORLD, labelFormat: 'thermal-100x50' }, 'labels');
  if (!parsed.ok) throw new Error(parsed.error.message);
  request = parsed.value;
  const { jobName: _, ...body } = MITRED_WORLD;
  response = await planOf(body);
  zpl = await renderLabelsZpl({ request, response, jobName: request.jobName, fonts: loadInterFonts() });
  blocks = zpl
    .split('^XZ\n')
    .map((b) => b.slice(b.indexOf('^XA')))
    .filter((b) => b.startsWith('^XA'));
  downloads = zpl.split('\n').filter((line) => line.startsWith('~DG'));
  const dir = process.env.LABELS_PNG;
  if (dir !== undefined) {
    rastersOf(blocks[0] ?? '').forEach((f, i) => {
      const rows = bitmapOf(f);
      const pbm = `P1\n${rows[0]?.length ?? 0} ${rows.length}\n${rows.map((r) => r.replaceAll('#', '1 ').replaceAll('.', '0 ')).join('\n')}\n`;
      writeFileSync(join(dir, `zpl-${i}.pbm`), pbm);
    });
  }
});

describe('ZPL labels of a mitred plan with non-Latin labels', () => {
  it('prints one 100 × 50 mm label at 203 dpi per piece, in saw order, under UTF-8', () => {
    const labels = pieceLabels(request, response, request.jobName);
    expect(blocks).toHaveLength(labels.length);
    blocks.forEach((block, i) => {
      const label = labels[i];
      expect(block.startsWith('^XA\n^CI28\n^PW800\n^LL400\n')).toBe(true);
      expect(block).toContain(`^BCN,100,N,N,N^FD${label?.id}^FS`);
      expect(block).toContain(`^FH^FD${label?.length}^FS`);
      expect(block).toContain(`Bar ${label?.bar}/${label?.bars}`);
      if (label?.angles) expect(block).toContain(`^FH^FD${label.angles}^FS`);
    });
    expect(zpl.endsWith('^XZ\n')).toBe(true);
  });

  it('sends Latin-1 text to the resident font and every other script as a bitmap', () => {
    // The job name has a CJK character, so its line is a bitmap, downloaded once (`~DG`) and recalled
    // on every label (`^XG`); the Greek, Chinese, Hebrew and Arabic labels are bitmaps in the label;
    // no non-Latin-1 character reaches the printer as text.
    expect(Array.from(zpl).every((c) => (c.codePointAt(0) ?? 0) <= 0xff)).toBe(true);
    expect(downloads).toHaveLength(1);
    expect(zpl.startsWith('~DGR:CPJOB1.GRF,')).toBe(true);
    for (const block of blocks) {
      expect((block.match(/\^GFA,/g) ?? []).length).toBe(1);
      expect(block).toContain('^FO28,156^XGR:CPJOB1.GRF,1,1^FS');
    }
    expect(zpl).toContain('^FH^FDBar 1/4');
  });

  it('draws bitmap text with ink, inside its field, as tall as its font size', () => {
    const rasters = rastersOf(blocks[0] ?? '');
    expect(rasters).toHaveLength(2);
    for (const f of rasters) {
      const rows = bitmapOf(f);
      const ink = rows.join('').split('#').length - 1;
      const dots = rows.length * (rows[0]?.length ?? 0);
      expect(ink / dots).toBeGreaterThan(0.04);
      expect(ink / dots).toBeLessThan(0.6);
      expect(rows.length).toBeGreaterThanOrEqual(28);
      expect(rows[0]?.length).toBeLessThanOrEqual(800);
    }
  });

  it('escapes ZPL’s reserved characters in text', async () => {
    const parsed = parseOptimiseBody(
      { parts: [[500, 1, 'A^B~C_D\\&E']], stock: 1000, jobName: 'x' },
      'labels',
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    const plan = await planOf({ parts: [[500, 1, 'A^B~C_D\\&E']], stock: 1000 });
    const text = await renderLabelsZpl({
      request: parsed.value,
      response: plan,
      jobName: 'x',
      fonts: loadInterFonts(),
    });
    expect(text).toContain('^FH^FDA_5EB_7EC_5FD_5C&E^FS');
    expect((text.match(/\^XA/g) ?? []).length).toBe(1);
  });
});
