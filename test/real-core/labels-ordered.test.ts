import { describe, expect, it } from 'vitest';
import { pieceLabels, renderLabelsPdf, renderLabelsZpl } from '../../core/labels/index.ts';
import { parseOptimiseBody } from '../../core/request/index.ts';
import { loadInterFonts } from '../support/inter-fonts.ts';
import { pdfPages } from '../support/pdf.ts';
import { planOf } from '../support/solver.ts';

/**
 * Labels describe the piece as ordered: a part ordered 60° / 60° reads so on every copy, the ones the
 * solver turned on the bar included (they are placed 120° / 120°), and a length reads at the precision it
 * was entered (`1200 mm` in a job whose other figures need decimals), on both label formats.
 */
const MITRES = { enabled: true, width: 40, axialSymmetry: 'XYZ' } as const;

const CASES = [
  {
    name: 'turned 60°/60° copies, whole lengths beside a 2.5 mm kerf and a 500.25 part',
    body: {
      parts: [
        { length: 1200, quantity: 4, leftAngle: 60, rightAngle: 60, label: 'rail' },
        { length: 500.25, quantity: 1, label: 'stub' },
      ],
      stockLength: 6000,
      kerf: 2.5,
      angleCuts: MITRES,
    },
    expected: { rail: ['1200 mm', '60° / 60°'], stub: ['500.25 mm', null] },
  },
  {
    name: 'a top angle prints as its bottom angle, a square end as 90°, 1210.5 at one decimal',
    body: {
      parts: [
        { length: 900, quantity: 3, leftAngle: -60, rightAngle: 45, label: 'top' },
        { length: 1210.5, quantity: 2, rightAngle: 135, label: 'one end' },
      ],
      stockLength: 3000,
      kerf: 3,
      trim: true,
      angleCuts: MITRES,
    },
    expected: { top: ['900 mm', '120° / 45°'], 'one end': ['1210.5 mm', '90° / 135°'] },
  },
  {
    name: 'fractions of an inch stay fractions',
    body: {
      parts: [{ length: 47.25, quantity: 2, leftAngle: 45, rightAngle: 45, label: 'stile' }],
      stockLength: 144,
      kerf: 0.125,
      unit: 'in',
      unitFormat: 'fraction',
      angleCuts: { ...MITRES, width: 1.5 },
    },
    expected: { stile: ['47 1/4"', '45° / 45°'] },
  },
] as const;

describe('labels print the part as ordered', () => {
  it.each(CASES)('$name', async ({ body, expected }) => {
    const parsed = parseOptimiseBody({ ...body, labelFormat: 'thermal-100x50' }, 'labels');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const request = parsed.value;
    const response = await planOf(body);
    const labels = pieceLabels(request, response, 'job');
    const table: Record<string, readonly [string, string | null]> = expected;
    expect(labels.length).toBe(body.parts.reduce((a, p) => a + p.quantity, 0));
    for (const label of labels) expect([label.length, label.angles]).toEqual(table[label.label]);

    const pdf = await renderLabelsPdf({
      request,
      response,
      jobName: 'job',
      createdAtMs: 0,
      fonts: loadInterFonts(),
    });
    const pages = pdfPages(pdf);
    const zpl = (await renderLabelsZpl({ request, response, jobName: 'job', fonts: loadInterFonts() }))
      .split('^XZ\n')
      .filter((b) => b !== '');
    labels.forEach((label, i) => {
      const [length, angles] = table[label.label] ?? ['?', null];
      expect(pages[i]).toContain(length);
      expect(zpl[i]).toContain(`^FD${length}^FS`);
      if (angles !== null) {
        expect(pages[i]).toContain(angles);
        expect(zpl[i]).toContain(`^FD${angles}^FS`);
      }
    });
  });

  it('holds for the copies the solver turned (placed at other angles than ordered)', async () => {
    const { body } = CASES[0];
    const response = await planOf(body);
    const placed = response.plan.combinations.flatMap((c) => c.usedComb.parts);
    // The case is only worth its name if the solver did turn copies of the 60°/60° rail.
    expect(placed.some((p) => p.part === 0 && p.orientation !== 'none' && p.leftAngle === 120)).toBe(true);
  });
});
