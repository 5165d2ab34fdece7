import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inchFraction, materials, windowFrames } from '../../test/fixtures/pdf-plans.ts';
import { loadInterFonts } from '../../test/support/inter-fonts.ts';
import { pdfInfo, pdfText } from '../../test/support/pdf.ts';
import { sawOrder } from '../saw/order.ts';
import type { OptimiseRequest, OptimiseResponse } from '../types.ts';
import { renderPlanPdf } from './index.ts';

const fonts = loadInterFonts();
const CREATED = Date.UTC(2025, 10, 22, 14, 5);
const GOLDEN_DIR = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'pdf-golden');

type Fixture = { request: OptimiseRequest; response: OptimiseResponse };
const render = (f: Fixture, extra: { branding?: string; createdAtMs?: number } = {}): Promise<Uint8Array> =>
  renderPlanPdf({
    ...f,
    jobName: null,
    branding: extra.branding ?? null,
    createdAtMs: extra.createdAtMs ?? CREATED,
    fonts,
  });

/** Sections of the text in drawing order, one per layout heading. */
function layoutSections(text: string): Map<number, string> {
  const sections = new Map<number, string>();
  const parts = text.split(/^(?=Layout \d+ of \d+)/m);
  for (const part of parts) {
    const n = /^Layout (\d+) of/.exec(part)?.[1];
    if (n) sections.set(Number(n), (sections.get(Number(n)) ?? '') + part);
  }
  return sections;
}

describe('renderPlanPdf golden files', () => {
  // Regenerate with UPDATE_GOLDEN=1 after an intended change, look at the PDFs, and commit them.
  it.each([
    ['window-frames.pdf', windowFrames],
    ['inch-fraction.pdf', inchFraction],
  ])('renders %s byte for byte', async (file, make) => {
    const pdf = await render(make());
    const golden = join(GOLDEN_DIR, file);
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(golden)) {
      expect(process.env.CI, `golden ${file} missing in CI`).not.toBe('true');
      writeFileSync(golden, pdf);
    }
    const expected = new Uint8Array(readFileSync(golden));
    if (Buffer.compare(Buffer.from(pdf), Buffer.from(expected)) !== 0) {
      const actual = join(tmpdir(), `actual-${file}`);
      writeFileSync(actual, pdf);
      expect.fail(
        `${file} differs from its golden file; the new render is at ${actual} (UPDATE_GOLDEN=1 to accept)`,
      );
    }
  });
});

describe('renderPlanPdf', () => {
  it('gives byte-identical PDFs for the same input, and takes its dates only from createdAtMs', async () => {
    const a = await render(windowFrames());
    const b = await renderPlanPdf({
      ...windowFrames(),
      jobName: null,
      branding: null,
      createdAtMs: CREATED,
      fonts: loadInterFonts(),
    });
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
    const later = await render(windowFrames(), { createdAtMs: CREATED + 86_400_000 });
    expect(Buffer.compare(Buffer.from(a), Buffer.from(later))).not.toBe(0);
    expect(pdfInfo(later).creationDate).toBe('D:20251123140500Z');
  });

  it('prints labels, running cut positions, one tick box per bar and the certificate', async () => {
    const fixture = windowFrames();
    const text = pdfText(await render(fixture));
    expect(text).toContain('Optimal: cost 850.00, and no plan can cost less than 850.00 (LP bound)');
    for (const label of ['Jamb', 'Head', 'Sill', 'Mullion', 'Transom']) expect(text).toContain(label);
    const sections = layoutSections(text);
    const ordered = sawOrder(fixture.response.plan.combinations);
    expect(sections.size).toBe(ordered.length);
    ordered.forEach(({ combination }, i) => {
      const section = sections.get(i + 1) ?? '';
      expect(section.match(/\[ \]/g) ?? [], `tick boxes of layout ${i + 1}`).toHaveLength(combination.count);
      const table = section.slice(section.indexOf('Cut Saw at (mm)'));
      const saw = [...table.matchAll(/^(\d+) (\d+)\b/gm)].map((m) => Number(m[2]));
      expect(saw, `cut positions of layout ${i + 1}`).toEqual(combination.usedComb.cutPositions);
    });
    expect((text.match(/\[ \]/g) ?? []).length).toBe(23);
  });

  it('prints page 1 for the project manager', async () => {
    const text = pdfText(await render(windowFrames()), { last: 1 });
    for (const line of [
      'Riverside block C: window frames',
      'Cutting plan, created 2025-11-22 14:05 UTC · unit: mm · paper A4',
      '6000 mm 20 42.50 850.00',
      'Total 20 850.00',
      '2400 mm 4 3 1',
      'Yield 89.11 % of the material cut ends up in pieces',
      '1032 mm × 3 · 985 mm × 4 · 782 mm × 2 · 585 mm × 6',
      'Planned with cutplan, cutplan.example Page 1 of 3',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('prints inch jobs on Letter with 1/64 fractions and an honest "best found"', async () => {
    const pdf = await render(inchFraction());
    const info = pdfInfo(pdf);
    expect(info.pageSizes[0]).toEqual({ width: 612, height: 792 });
    expect(info.title).toBe('Oak cabinet carcasses');
    const text = pdfText(pdf);
    expect(text).toContain('Best found: 6 bars; at most 1 bar above the optimum');
    expect(text).toContain('Kerf 1/8"');
    expect(text).toContain('Stock bar 240"');
    expect(text).toMatch(/^2 47 5\/8 2 Brace 23 3\/4$/m);
    expect(text).toMatch(/^1 47 1\/64 1 Rail 47 1\/64$/m);
    expect(text).toContain('P4');
  });

  it('prints the key branding instead of the attribution for keyed calls', async () => {
    const text = pdfText(await render(materials(), { branding: 'Acme Metalworks · acme.example' }));
    expect(text).toContain('Acme Metalworks · acme.example');
    expect(text).not.toContain('Planned with cutplan');
    expect(text).toMatch(/^steel 3 11 90\.56 % 1700 mm 174\.00$/m);
  });
});
