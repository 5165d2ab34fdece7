import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectGolden, renderRequestPdf } from '../support/golden-pdf.ts';
import { pdfText } from '../support/pdf.ts';
import { stepClock } from '../support/solver.ts';

/**
 * A real request through the real solver (on the deterministic step clock) into the renderer: the same
 * request must give the same PDF, byte for byte. Regenerate with UPDATE_GOLDEN=1 after an intended change,
 * look at the PDF, and commit it.
 */
const REQUEST = {
  parts: [
    { length: 2400.5, quantity: 6, label: 'rail' },
    { length: 1800, quantity: 4, label: 'post' },
    { length: 950, quantity: 9, label: 'brace' },
    { length: 420, quantity: 12 },
  ],
  stocks: [
    { length: 6000, quantity: null, price: 18.5 },
    { length: 4000, quantity: 3, price: 13.2 },
  ],
  offcuts: [{ length: 2500, quantity: 2 }],
  kerf: 3,
  trim: true,
  minRemnant: 300,
  jobName: 'Carport, north side',
};

const GOLDEN = join(import.meta.dirname, 'golden', 'carport.pdf');
const CREATED = Date.UTC(2026, 10, 22, 9, 30);

async function render(): Promise<{ pdf: Uint8Array; optimal: boolean }> {
  const { pdf, response } = await renderRequestPdf(REQUEST, CREATED, { budgetMs: 2000, clock: stepClock() });
  return { pdf, optimal: response.plan.optimal };
}

describe('PDF of a real plan', () => {
  it('is byte-identical to its golden file', async () => {
    expectGolden((await render()).pdf, GOLDEN);
  });

  it('states the proof the solver found and the job name', async () => {
    const { pdf, optimal } = await render();
    const text = pdfText(pdf);
    expect(optimal).toBe(true);
    expect(text).toContain('Carport, north side');
    expect(text).toMatch(/Optimal/);
    expect(text).toContain('rail');
  });
});
