import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectGolden, renderRequestPdf } from '../support/golden-pdf.ts';
import { pdfText } from '../support/pdf.ts';

/**
 * An angle-cut job through the real solver into the renderer (docs/angle-cuts.md): turned frames nesting
 * on shared cuts, a raked brace with wedges, trim and kerf. The same request must give the same PDF, byte
 * for byte; regenerate with UPDATE_GOLDEN=1 after an intended change, look at it, and commit it.
 */
const REQUEST = {
  parts: [
    { length: 460, quantity: 14, leftAngle: 45, rightAngle: 45, label: 'sash' },
    { length: 1210, quantity: 4, leftAngle: 45, rightAngle: 45, label: 'frame' },
    { length: 700, quantity: 2, leftAngle: 60, label: 'brace' },
  ],
  stockLength: 6000,
  kerf: 3,
  trim: true,
  minRemnant: 300,
  angleCuts: { enabled: true, width: 40, axialSymmetry: 'X' },
  jobName: 'Window frames, mitred',
};

const GOLDEN = join(import.meta.dirname, 'golden', 'angle-frames.pdf');
const CREATED = Date.UTC(2026, 10, 25, 9, 30);

async function render(): Promise<Uint8Array> {
  return (await renderRequestPdf(REQUEST, CREATED)).pdf;
}

describe('PDF of a real angle plan', () => {
  it('is byte-identical to its golden file', async () => {
    expectGolden(await render(), GOLDEN);
  });

  it('prints top / bottom positions, turned pieces and shared cuts', async () => {
    const text = pdfText(await render());
    expect(text).toContain('Window frames, mitred');
    expect(text).toContain('top / bottom');
    expect(text).toContain('turned X');
    expect(text).toMatch(/shared cut: \d+ \| \d+/);
    expect(text).toMatch(/wedge (before|after) it is waste/);
    // The leftover named in the heading and by the last cut agree.
    expect(text).toContain('Leftover 158.1 mm: waste');
    expect(text).toContain('right end of 13; leftover is waste');
  });
});
