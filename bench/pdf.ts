/**
 * PDF renderer benchmark (issue 6 budget): a 50-layout plan renders warm in < 150 ms and < 150 KB;
 * a 1-layout plan stays < 30 KB. Labels in nine scripts (Latin Extended, Greek, Cyrillic, Hebrew,
 * Arabic, Chinese, Japanese, Korean; issue 25) embed subsets of eight more fonts: < 150 KB, and warm
 * renders as fast as the 50-layout plan. Run alone with `npx tsx bench/pdf.ts`; `benchPdf()` is for the
 * `npm run bench` runner.
 */
import { pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { renderPlanPdf } from '../core/pdf/index.ts';
import { manyLayouts, oneLayout, worldLabels } from '../test/fixtures/pdf-plans.ts';
import { loadInterFonts } from '../test/support/inter-fonts.ts';

export interface PdfBenchFigure {
  readonly name: string;
  readonly layouts: number;
  readonly pages: number;
  readonly bytes: number;
  /** First render in this process (includes JIT warm-up of pdf-lib and fontkit, not module loading). */
  readonly firstMs: number;
  readonly warmMedianMs: number;
  readonly warmMaxMs: number;
  readonly budget: { readonly warmMs: number | null; readonly bytes: number };
  readonly ok: boolean;
}

const CASES = [
  { name: '50 layouts', make: () => manyLayouts(50), budget: { warmMs: 150, bytes: 150_000 } },
  { name: '1 layout', make: oneLayout, budget: { warmMs: null, bytes: 30_000 } },
  { name: 'world labels', make: worldLabels, budget: { warmMs: 150, bytes: 150_000 } },
] as const;

/** Renders each case once cold, then `runs` times warm; returns sizes and timings against budget. */
export async function benchPdf(runs = 15): Promise<PdfBenchFigure[]> {
  const fonts = loadInterFonts();
  const figures: PdfBenchFigure[] = [];
  for (const c of CASES) {
    const fixture = c.make();
    const input = { ...fixture, jobName: null, branding: null, createdAtMs: Date.UTC(2025, 0, 1), fonts };
    let t = performance.now();
    const bytes = await renderPlanPdf(input);
    const firstMs = performance.now() - t;
    for (let i = 0; i < 3; i++) await renderPlanPdf(input);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      t = performance.now();
      await renderPlanPdf(input);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const warmMedianMs = times[Math.floor(times.length / 2)] ?? Number.NaN;
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    figures.push({
      name: c.name,
      layouts: fixture.response.plan.combinations.length,
      pages,
      bytes: bytes.length,
      firstMs,
      warmMedianMs,
      warmMaxMs: times.at(-1) ?? Number.NaN,
      budget: c.budget,
      ok: bytes.length < c.budget.bytes && (c.budget.warmMs === null || warmMedianMs < c.budget.warmMs),
    });
  }
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchPdf();
  for (const f of figures) {
    const budget = `budget ${f.budget.warmMs === null ? '' : `< ${f.budget.warmMs} ms warm, `}< ${f.budget.bytes / 1000} KB`;
    console.log(
      `${f.name.padEnd(12)} ${String(f.pages).padStart(2)} pages  ${(f.bytes / 1000).toFixed(1).padStart(6)} KB  ` +
        `first ${f.firstMs.toFixed(1).padStart(6)} ms  warm median ${f.warmMedianMs.toFixed(1).padStart(5)} ms ` +
        `(max ${f.warmMaxMs.toFixed(1)})  ${budget}  ${f.ok ? 'ok' : 'OVER BUDGET'}`,
    );
  }
  if (!figures.every((f) => f.ok)) process.exitCode = 1;
}
