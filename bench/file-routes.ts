/**
 * The largest job each tier allows on every file route (plan PDF, labels PDF on both stocks, labels ZPL,
 * saw list CSV), measured against what a deployed answer meets (docs/deploy.md, "Response sizes"):
 * render time, bytes and the peak RSS of a fresh process that renders the file, beside the Lambda
 * function's memory and the response limits of `functions/shared/file-limits.ts`.
 *
 * Each tier's job has the tier's most lines and parts (labels in Greek, Chinese, Hebrew and Latin, a job
 * name in Latin and Chinese), solved once here within `--solve-ms` (the plan's shape, not its optimality,
 * sets the files' size); each file is then rendered in its own `node` process, so its peak RSS is that
 * route's alone (module loading included, as on a cold Lambda).
 *
 *   node bench/file-routes.ts [--tiers public,starter,pro,scale] [--solve-ms 20000] [--out FILE]
 *
 * `benchFileRoutes()` is for the `npm run bench` runner (`--skip files` leaves it out).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { renderLabelsPdf, renderLabelsZpl } from '../core/labels/index.ts';
import { createLpEngine, optimise } from '../core/optimise.ts';
import { renderPlanPdf } from '../core/pdf/index.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import { sawListCsv } from '../core/saw-list/index.ts';
import type { OptimiseResponse } from '../core/types.ts';
import { systemClock } from '../functions/shared/clock.ts';
import { FILE_LIMITS, fileLimitOf } from '../functions/shared/file-limits.ts';
import { TIER_NAMES, TIERS, type TierName } from '../functions/shared/tiers.ts';
import { loadInterFonts } from '../test/support/inter-fonts.ts';

export const FILE_ROUTES = ['pdf', 'labels-a4', 'labels-thermal', 'labels-zpl', 'csv'] as const;
export type FileRoute = (typeof FILE_ROUTES)[number];

/** The solving functions' memory (infra/route-table.ts, docs/deploy.md). */
const FUNCTION_MEMORY_MB = 1769;

const LABELS = ['Κάσα πάνω', '竖框 左', 'משקוף עליון', 'Rail A', 'Στήλη', '横梁', 'עמוד', 'Post'];

/** The tier's largest job: every line it allows, parts shared out to its most parts. */
export function largestJob(tier: TierName): Record<string, unknown> {
  const { maxLines, maxParts } = TIERS[tier];
  const parts = Array.from({ length: maxLines }, (_, i) => ({
    // Lengths spread over 300 … 2,700 mm, some with a decimal, so layouts vary as in real jobs.
    length: 300 + ((i * 977) % 2400) + (i % 4 === 0 ? 0.5 : 0),
    quantity: Math.floor(maxParts / maxLines) + (i < maxParts % maxLines ? 1 : 0),
    label: `${LABELS[i % LABELS.length]} ${i + 1}`,
  }));
  return { parts, stockLength: 6000, kerf: 3, trim: true, jobName: 'Fenster Süd · 窗 · large job' };
}

/** The request a route parses (the saw list takes no jobName). */
function requestFor(route: FileRoute, body: Record<string, unknown>) {
  const { jobName: _, ...plain } = body;
  const parsed =
    route === 'csv'
      ? parseOptimiseBody(plain, 'json')
      : route === 'pdf'
        ? parseOptimiseBody(body, 'pdf')
        : parseOptimiseBody(
            { ...body, labelFormat: route === 'labels-a4' ? 'a4-3x8' : 'thermal-100x50' },
            'labels',
          );
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** Renders one route's file for a solved job; the child process's work. */
async function render(route: FileRoute, body: Record<string, unknown>, response: OptimiseResponse) {
  const request = requestFor(route, body);
  const fonts = loadInterFonts();
  const job = { request, response, jobName: request.jobName, createdAtMs: Date.UTC(2026, 11, 1), fonts };
  if (route === 'csv') return new TextEncoder().encode(sawListCsv(request, response, 'comma'));
  if (route === 'pdf') return renderPlanPdf({ ...job, branding: null });
  if (route === 'labels-zpl') return new TextEncoder().encode(await renderLabelsZpl(job));
  return renderLabelsPdf(job);
}

export interface FileFigure {
  readonly tier: TierName;
  readonly route: FileRoute;
  readonly pieces: number;
  readonly layouts: number;
  readonly ms: number;
  readonly bytes: number;
  readonly rssMb: number;
  /** The route's limit (bytes) and whether the file keeps to it. */
  readonly limitBytes: number;
  readonly fits: boolean;
}

/** Solves each tier's largest job, then renders every route's file in a fresh process. */
export async function benchFileRoutes(
  tiers: readonly TierName[] = TIER_NAMES,
  solveMs = 20_000,
): Promise<FileFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cutplan-files-'));
  const lp = await createLpEngine();
  const figures: FileFigure[] = [];
  try {
    for (const tier of tiers) {
      const body = largestJob(tier);
      const solved = await optimise(requestFor('csv', body), {
        lp,
        clock: systemClock,
        budgetMs: solveMs,
        tier,
        poweredBy: 'cutplan bench',
      });
      if (!solved.ok) throw new Error(`${tier}: ${solved.error.message}`);
      const file = join(dir, `${tier}.json`);
      writeFileSync(file, JSON.stringify({ body, response: solved.value }));
      const pieces = solved.value.plan.combinations.reduce(
        (a, c) => a + c.count * Math.max(c.usedComb.parts.length, c.usedComb.combination.length),
        0,
      );
      for (const route of FILE_ROUTES) {
        const child = spawnSync(process.execPath, [import.meta.filename, '--child', route, file], {
          encoding: 'utf8',
          maxBuffer: 1 << 20,
        });
        if (child.status !== 0) throw new Error(`${tier} ${route}: ${child.stderr}`);
        const { ms, bytes, rssMb } = JSON.parse(child.stdout) as { ms: number; bytes: number; rssMb: number };
        const limitBytes = fileLimitOf(route === 'labels-zpl' ? 'zpl' : 'other');
        figures.push({
          tier,
          route,
          pieces,
          layouts: solved.value.plan.combinations.length,
          ms,
          bytes,
          rssMb,
          limitBytes,
          fits: bytes <= limitBytes && rssMb < FUNCTION_MEMORY_MB,
        });
        process.stderr.write(`files ${tier} ${route}: ${ms.toFixed(0)} ms, ${bytes} B, ${rssMb} MB\n`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

/** The figures as a Markdown table with the limits they are held to. */
export function fileRoutesReport(figures: readonly FileFigure[]): string[] {
  const mb = (b: number): string => (b / 1e6).toFixed(2);
  return [
    `Limits: a file of at most ${mb(FILE_LIMITS.responseBytes)} MB (${FILE_LIMITS.why}); the function has ${FUNCTION_MEMORY_MB} MB.`,
    '',
    '| tier | route | pieces | layouts | render ms | MB | peak RSS MB | within limits |',
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...figures.map(
      (f) =>
        `| ${f.tier} | ${f.route} | ${f.pieces} | ${f.layouts} | ${f.ms.toFixed(0)} | ${mb(f.bytes)} | ${f.rssMb} | ${f.fits ? 'yes' : '**no**'} |`,
    ),
  ];
}

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? '').href;
if (isMain && process.argv[2] === '--child') {
  const [route, file] = [process.argv[3] as FileRoute, process.argv[4] ?? ''];
  const { body, response } = JSON.parse(readFileSync(file, 'utf8')) as {
    body: Record<string, unknown>;
    response: OptimiseResponse;
  };
  const started = performance.now();
  const bytes = await render(route, body, response);
  const ms = performance.now() - started;
  const rssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(JSON.stringify({ ms, bytes: bytes.length, rssMb }));
} else if (isMain) {
  const args = parseArgs({
    options: {
      tiers: { type: 'string', default: TIER_NAMES.join(',') },
      'solve-ms': { type: 'string', default: '20000' },
      out: { type: 'string' },
    },
  });
  const tiers = args.values.tiers.split(',') as TierName[];
  const figures = await benchFileRoutes(tiers, Number(args.values['solve-ms']));
  const text = [
    `\`node bench/file-routes.ts ${process.argv.slice(2).join(' ')}\``.replace(' `', '`'),
    '',
    ...fileRoutesReport(figures),
  ].join('\n');
  if (args.values.out) writeFileSync(args.values.out, `${text}\n`);
  process.stdout.write(`${text}\n`);
}
