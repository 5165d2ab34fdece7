/**
 * The golden-PDF tests' shared steps: a request through the real solver into the renderer, and the
 * byte-for-byte comparison with the committed file (UPDATE_GOLDEN=1 rewrites it after an intended change).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect } from 'vitest';
import { renderPlanPdf } from '../../core/pdf/index.ts';
import { parseOptimiseBody } from '../../core/request/index.ts';
import type { OptimiseResponse } from '../../core/types.ts';
import { loadInterFonts } from './inter-fonts.ts';
import { planOf, type TestBudget } from './solver.ts';

/** The PDF the pdf endpoint renders for `request` (its `jobName` in the heading), unbranded, dated `createdAtMs`. */
export async function renderRequestPdf(
  request: { readonly jobName: string } & Record<string, unknown>,
  createdAtMs: number,
  budget: TestBudget = {},
): Promise<{ pdf: Uint8Array; response: OptimiseResponse }> {
  const parsed = parseOptimiseBody(request, 'pdf');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const { jobName: _, ...body } = request;
  const response = await planOf(body, budget);
  const pdf = await renderPlanPdf({
    request: parsed.value,
    response,
    jobName: parsed.value.jobName,
    branding: null,
    createdAtMs,
    fonts: loadInterFonts(),
  });
  return { pdf, response };
}

/** Expects `pdf` to equal the golden file, writing the file first when missing or asked (never in CI). */
export function expectGolden(pdf: Uint8Array, golden: string): void {
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(golden)) {
    expect(process.env.CI, `golden ${basename(golden)} missing in CI`).not.toBe('true');
    writeFileSync(golden, pdf);
  }
  expect(Buffer.from(pdf).equals(readFileSync(golden))).toBe(true);
}
