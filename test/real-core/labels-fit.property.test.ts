import { inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labelPages, type PieceLabel, pieceLabels, renderLabelsZpl } from '../../core/labels/index.ts';
import { RESIDENT_ELLIPSIS, ZPL_FIELDS, ZPL_LABEL } from '../../core/labels/zpl.ts';
import { FontSet, Pen, stringsIn } from '../../core/pdf/index.ts';
import type { TextOp } from '../../core/pdf/model.ts';
import { parseOptimiseBody } from '../../core/request/index.ts';
import { loadInterFonts } from '../support/inter-fonts.ts';
import { planOf } from '../support/solver.ts';

/**
 * Any label, material and job name, in any script, lands inside its field on both label formats: in the
 * ZPL by the written rule (docs/pdf.md, "Piece labels": characters × `w` ≤ `^FB` width × lines, characters
 * counted as code points) and bitmaps' ink inside their field's box; in the PDF by the measured width of
 * every text within its label's box. Texts up to the request's limits, from Latin (with ZPL's reserved
 * `^ ~ _`), Greek, Cyrillic, CJK, Hebrew, Arabic and emoji / astral characters.
 */
const fonts = loadInterFonts();
const MM = 72 / 25.4;

const POOLS = [
  'aAmMwW0 ^~_\\&-.,/éßÆ',
  'αβγΩΣκάσπ',
  'жЩЫФяю',
  '窗框竖左右中国漢字',
  'שלוםמשקוף',
  'عارضةسلام',
  '😀🪟🔩𝐀𠀀',
].map((p) => Array.from(p));
const text = (max: number): fc.Arbitrary<string> =>
  fc
    .array(fc.constantFrom(...POOLS.flat()), { minLength: 1, maxLength: max })
    .map((cs) => cs.join(''))
    .filter((s) => s.trim() !== '');

const jobs = fc.record({
  labels: fc.array(text(100), { minLength: 1, maxLength: 2 }),
  material: fc.option(text(64), { nil: undefined }),
  jobName: text(200),
  lengths: fc.constantFrom([1200, 633.5], [12345.125, 250], [999, 301]),
  mitred: fc.boolean(),
});

type Job = typeof jobs extends fc.Arbitrary<infer T> ? T : never;

function bodyOf(job: Job): Record<string, unknown> {
  const [a, b] = job.lengths;
  return {
    parts: job.labels.map((label, i) => ({
      length: i === 0 ? a : b,
      quantity: 2,
      label,
      ...(job.material === undefined ? {} : { material: job.material }),
      ...(job.mitred ? { leftAngle: -35, rightAngle: 135 } : {}),
    })),
    stocks: [{ length: 30000, ...(job.material === undefined ? {} : { material: job.material }) }],
    kerf: 2.5,
    ...(job.mitred ? { angleCuts: { enabled: true, width: 40 } } : {}),
  };
}

async function labelsOf(job: Job, labelFormat: string) {
  const body = bodyOf(job);
  const parsed = parseOptimiseBody({ ...body, jobName: job.jobName, labelFormat }, 'labels');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const response = await planOf(body);
  return { request: parsed.value, response, labels: pieceLabels(parsed.value, response, job.jobName) };
}

/** `^FH` data back to its text. */
const fieldText = (data: string): string =>
  data.replace(/_([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The columns of a Z64 raster (`^GFA` field or `~DG` download: `…,<bytes a row>,:Z64:…`) that carry ink. */
function inkColumns(field: string): number[] {
  const m = /,(\d+),:Z64:([A-Za-z0-9+/=]+):[0-9A-F]{4}/.exec(field);
  if (m === null) throw new Error(`no Z64 raster in: ${field.slice(0, 60)}`);
  const perRow = Number(m[1]);
  const bytes = inflateSync(Buffer.from(m[2] ?? '', 'base64'));
  const columns = new Set<number>();
  bytes.forEach((byte, i) => {
    for (let bit = 0; bit < 8; bit++) if ((byte >> (7 - bit)) & 1) columns.add((i % perRow) * 8 + bit);
  });
  return [...columns];
}

/** The document's `~DG` downloads by name, and its label blocks. */
function zplParts(zpl: string): { stored: Map<string, string>; blocks: string[] } {
  const stored = new Map<string, string>();
  for (const m of zpl.matchAll(/^~DG(R:[A-Z0-9]+\.GRF),(.*)$/gm)) stored.set(m[1] ?? '', m[0]);
  const blocks = zpl
    .split('^XZ\n')
    .map((b) => b.slice(b.indexOf('^XA')))
    .filter((b) => b.startsWith('^XA'));
  return { stored, blocks };
}

/** Every text field of one ZPL label keeps to the rule; every bitmap's ink stays in its field's box. */
function checkZplLabel(block: string, label: PieceLabel, stored: Map<string, string>): void {
  const fields = block.split('^FO').slice(1);
  let texts = 0;
  for (const f of fields) {
    const [x = 0, y = 0] = (/^(\d+),(\d+)/.exec(f) ?? []).slice(1).map(Number);
    const resident = /\^A0N,(\d+),(\d+)\^FB(\d+),(\d+),0,[LR]\^FH\^FD(.*)\^FS/.exec(f);
    if (resident !== null) {
      texts++;
      const [h, w, width, lines] = resident.slice(1, 5).map(Number) as [number, number, number, number];
      const data = fieldText(resident[5] ?? '');
      expect(Array.from(data).length * w, `${data} at w ${w}`).toBeLessThanOrEqual(width * lines);
      expect(w).toBeGreaterThanOrEqual(h / 2);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x + width).toBeLessThanOrEqual(ZPL_LABEL.width);
      // What is cut ends in the resident ellipsis and starts as the text does.
      if (data.endsWith(RESIDENT_ELLIPSIS) && !Object.values(label).includes(data)) {
        const kept = data.slice(0, -RESIDENT_ELLIPSIS.length);
        expect(Object.values(label).some((v) => typeof v === 'string' && v.includes(kept))).toBe(true);
      }
    } else if (f.includes('^GFA') || f.includes('^XG')) {
      texts++;
      const box = Object.values(ZPL_FIELDS).find((b) => b.y === y);
      if (box === undefined) throw new Error(`a bitmap at y ${y} is in no field`);
      const recalled = /\^XG(R:[A-Z0-9]+\.GRF),1,1\^FS/.exec(f)?.[1];
      const raster = recalled === undefined ? f : stored.get(recalled);
      if (raster === undefined) throw new Error(`${recalled} is recalled but never downloaded`);
      for (const column of inkColumns(raster)) {
        expect(x + column).toBeGreaterThanOrEqual(box.x);
        expect(x + column).toBeLessThan(box.x + box.width);
      }
    }
  }
  expect(texts).toBe(label.angles === null ? 5 : 6);
}

/** Every text op of a PDF label lies inside its label's box (the labels' padding of 3.2 mm at 37 mm tall). */
function checkPdfPage(ops: readonly { kind: string }[], labelWidth: number, labelHeight: number): void {
  const pad = 3.2 * MM * (labelHeight / (37 * MM));
  for (const op of ops) {
    if (op.kind !== 'text') continue;
    const t = op as TextOp;
    const column = Math.floor((t.x + 0.01) / labelWidth);
    expect(t.x).toBeGreaterThanOrEqual(column * labelWidth + pad - 0.01);
    expect(t.x + t.width, t.text).toBeLessThanOrEqual((column + 1) * labelWidth - pad + 0.01);
  }
}

describe('every label text stays inside its field', () => {
  it('on ZPL labels, by the characters × w ≤ width × lines rule', async () => {
    await fc.assert(
      fc.asyncProperty(jobs, async (job) => {
        const { request, response, labels } = await labelsOf(job, 'thermal-100x50');
        const zpl = await renderLabelsZpl({ request, response, jobName: job.jobName, fonts });
        const { stored, blocks } = zplParts(zpl);
        expect(blocks).toHaveLength(labels.length);
        for (const [i, block] of blocks.entries()) checkZplLabel(block, labels[i] as PieceLabel, stored);
      }),
      { numRuns: 25 },
    );
  });

  it.each([
    ['a4-3x8', 70 * MM, 37 * MM],
    ['thermal-100x50', 100 * MM, 50 * MM],
  ] as const)('on %s PDF labels, by measured width', async (format, width, height) => {
    await fc.assert(
      fc.asyncProperty(jobs, async (job) => {
        const { labels } = await labelsOf(job, format);
        const set = await FontSet.load(fonts, stringsIn(labels));
        for (const page of labelPages(labels, format, new Pen(set.metrics())))
          checkPdfPage(page, width, height);
      }),
      { numRuns: 15 },
    );
  });

  it.each([
    ['Latin', 'Ü'.repeat(200), 'Alu 6060'],
    ['Chinese', '窗'.repeat(200), 'Alu 6060'],
  ])('keeps the material whole when a %s job name is cut, on both formats', async (_, jobName, material) => {
    const body = { parts: [{ length: 500, quantity: 1, material }], stocks: [{ length: 1000, material }] };
    const response = await planOf(body);
    for (const labelFormat of ['a4-3x8', 'thermal-100x50'] as const) {
      const parsed = parseOptimiseBody({ ...body, jobName, labelFormat }, 'labels');
      if (!parsed.ok) throw new Error(parsed.error.message);
      const labels = pieceLabels(parsed.value, response, jobName);
      const set = await FontSet.load(fonts, stringsIn(labels));
      const texts = (labelPages(labels, labelFormat, new Pen(set.metrics()))[0] ?? []).flatMap((op) =>
        op.kind === 'text' ? [(op as TextOp).text] : [],
      );
      expect(texts.some((t) => t.endsWith(`… · ${material}`))).toBe(true);
      if (labelFormat === 'thermal-100x50') {
        const zpl = await renderLabelsZpl({ request: parsed.value, response, jobName, fonts });
        if (jobName.startsWith('Ü'))
          expect(zpl).toMatch(new RegExp(`\\^FO28,156[^\\n]*Ü\\.\\.\\. · ${material}\\^FS`));
        // A Chinese job line is a bitmap (downloaded once), fitted by the same rule with the fonts' widths.
        else expect(zpl.startsWith('~DGR:CPJOB1.GRF,')).toBe(true);
      }
    }
  });

  it('cuts a 100-character Latin label to its one-line block, ending in "..."', async () => {
    const job: Job = {
      labels: ['W'.repeat(100)],
      material: undefined,
      jobName: 'j',
      lengths: [1200, 633.5],
      mitred: false,
    };
    const { request, response } = await labelsOf(job, 'thermal-100x50');
    const zpl = await renderLabelsZpl({ request, response, jobName: 'j', fonts });
    const field = /\^FO28,24\^A0N,40,(\d+)\^FB744,1,0,L\^FH\^FD(W+)\.\.\.\^FS/.exec(zpl);
    expect(field).not.toBeNull();
    expect(((field?.[2]?.length ?? 0) + 3) * Number(field?.[1])).toBeLessThanOrEqual(744);
  });
});
