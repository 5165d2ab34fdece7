/**
 * An idempotent file replay renders the stored plan again (idempotent.ts): the stored job has been
 * through JSON, so every renderer must give the same bytes for the job and its JSON round trip, and for
 * two renders of the same job (the renderers read no clock: their dates are the job's `createdAtMs`).
 * With the real PDF, label and saw-list renderers on a real plan, mitred parts and a branding line
 * included.
 */
import { describe, expect, it } from 'vitest';
import { parseOptimiseBody } from '../../core/request/index.ts';
import { sawListCsv } from '../../core/saw-list/csv.ts';
import { planOf } from '../../test/support/solver.ts';
import type { ShopJob } from '../shared/core-port.ts';
import { lazyLabelsRenderer } from '../shared/real-labels.ts';
import { lazyPdfRenderer } from '../shared/real-pdf.ts';

const BODIES = {
  square: { parts: '2400x5, 1800x3, 720x4', stock: 6000, kerf: 3 },
  mitred: {
    parts: [
      { length: 900, quantity: 4, leftAngle: 45, rightAngle: 135, label: 'Κάσα πάνω' },
      { length: 1210.5, quantity: 3, leftAngle: 45, rightAngle: 45, label: 'משקוף' },
    ],
    stockLength: 3000,
    kerf: 3,
    angleCuts: { enabled: true, width: 40, axialSymmetry: 'XYZ' },
  },
};

async function jobOf(body: unknown): Promise<ShopJob> {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const response = await planOf(body);
  return {
    request: parsed.value,
    response,
    jobName: 'Fenster Süd',
    createdAtMs: Date.UTC(2026, 2, 1, 9, 30),
  };
}

const same = (a: Uint8Array | string, b: Uint8Array | string) =>
  Buffer.from(a as Uint8Array).equals(Buffer.from(b as Uint8Array));

describe('file renders from a stored plan', () => {
  const renderPdf = lazyPdfRenderer();
  const renderLabels = lazyLabelsRenderer();

  it.each(Object.entries(BODIES))(
    'the %s job renders the same PDF, labels and saw list after a JSON round trip',
    async (_, body) => {
      const job = await jobOf(body);
      const stored = JSON.parse(JSON.stringify({ job, branding: 'Cut by Acme' })) as {
        job: ShopJob;
        branding: string;
      };
      const pdf = await renderPdf({ ...job, branding: 'Cut by Acme' });
      expect(same(await renderPdf({ ...stored.job, branding: stored.branding }), pdf)).toBe(true);
      for (const output of ['pdf', 'zpl'] as const) {
        if (output === 'zpl' && job.request.labelFormat === 'a4-3x8') continue;
        const labels = await renderLabels(job, output);
        expect(same(await renderLabels(stored.job, output), labels)).toBe(true);
      }
      for (const style of ['comma', 'semicolon'] as const) {
        expect(sawListCsv(stored.job.request, stored.job.response, style)).toBe(
          sawListCsv(job.request, job.response, style),
        );
      }
    },
    60_000,
  );
});
