/**
 * The angle-cut benchmark set: seeded window and door frames, stair stringers, roof trusses and railings
 * over several symmetries, kerfs and stock mixes, each solved through parse → solve → verify, and the same
 * parts laid square (angles dropped, tip-to-tip lengths, each gap the widest blade any cut takes: a plan
 * the saw can cut without nesting) for the bars nesting saves. Part of `npm run bench`; alone: `node bench/angles.ts [--budget-ms N]`.
 */
import { parseArgs } from 'node:util';
import { createLpEngine, optimise } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import type { LpEngine } from '../core/solver/index.ts';
import type { OptimiseResponse } from '../core/types.ts';
import { angleJobs } from '../test/fixtures/angle-jobs.ts';

type Body = Record<string, unknown>;

export interface AngleOutcome {
  readonly name: string;
  readonly family: string;
  readonly symmetry: string;
  readonly bars: number | null;
  readonly bound: number | null;
  readonly optimal: boolean;
  readonly ms: number;
  readonly squareBars: number | null;
  /** Total cost of the plan and of the square one (priced jobs only). */
  readonly cost: number | null;
  readonly squareCost: number | null;
  readonly error: string | null;
}

const clock = { now: () => Date.now(), monotonic: () => performance.now() };

export async function solve(
  lp: LpEngine,
  body: Body,
  budgetMs: number,
): Promise<{ r: OptimiseResponse | null; ms: number; error: string | null }> {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) return { r: null, ms: 0, error: parsed.error.message };
  const t0 = performance.now();
  const out = await optimise(parsed.value, { lp, clock, budgetMs, tier: 'bench', poweredBy: 'bench' });
  const ms = performance.now() - t0;
  return out.ok ? { r: out.value, ms, error: null } : { r: null, ms, error: out.error.message };
}

/** Solves every job of the set, and the same parts laid square. */
export async function benchAngles(budgetMs = 5000): Promise<AngleOutcome[]> {
  const lp = await createLpEngine();
  const outcomes: AngleOutcome[] = [];
  for (const job of angleJobs()) {
    const angled = await solve(lp, job.body, budgetMs);
    // Laid square, but honestly: no nesting, and every gap as wide as the widest angled cut takes
    // (K / sin a, rounded up to 0.1), so the square plan is one the real saw can cut.
    const { angleCuts: _cuts, ...rest } = job.body;
    const kerf = Number(job.body.kerf ?? 0);
    let widest = kerf;
    for (const p of job.body.parts as Body[])
      for (const a of [p.leftAngle, p.rightAngle])
        if (typeof a === 'number')
          widest = Math.max(widest, Math.ceil((kerf / Math.sin((a * Math.PI) / 180)) * 10) / 10);
    const squareBody = {
      ...rest,
      kerf: widest,
      parts: (job.body.parts as Body[]).map(({ leftAngle: _l, rightAngle: _r, ...p }) => p),
    };
    const square = await solve(lp, squareBody, budgetMs);
    outcomes.push({
      name: job.name,
      family: job.family,
      symmetry: String((job.body.angleCuts as Body).axialSymmetry),
      bars: angled.r?.plan.stockBarsUsed ?? null,
      bound: angled.r?.plan.stockBarsLowerBound ?? null,
      optimal: angled.r?.plan.optimal ?? false,
      ms: angled.ms,
      squareBars: square.r?.plan.stockBarsUsed ?? null,
      cost: angled.r?.stats.totalCost ?? null,
      squareCost: square.r?.stats.totalCost ?? null,
      error: angled.error,
    });
  }
  return outcomes;
}

/** The report's section: one row per job, then totals. */
export function angleReport(outcomes: readonly AngleOutcome[]): string[] {
  const lines = [
    '| job | symmetry | bars | bound | proven | ms | bars laid square | bars saved | cost | cost laid square |',
    '|---|---|---:|---:|---|---:|---:|---:|---:|---:|',
  ];
  for (const o of outcomes) {
    const saved = o.bars !== null && o.squareBars !== null ? o.squareBars - o.bars : null;
    lines.push(
      `| ${o.name} | ${o.symmetry} | ${o.bars ?? o.error} | ${o.bound ?? '—'} | ${o.optimal ? 'yes' : 'no'} | ${o.ms.toFixed(0)} | ${o.squareBars ?? '—'} | ${saved ?? '—'} | ${o.cost ?? '—'} | ${o.squareCost ?? '—'} |`,
    );
  }
  const proven = outcomes.filter((o) => o.optimal).length;
  const saved = outcomes.reduce(
    (a, o) => a + (o.bars !== null && o.squareBars !== null ? o.squareBars - o.bars : 0),
    0,
  );
  const square = outcomes.reduce((a, o) => a + (o.squareBars ?? 0), 0);
  const priced = outcomes.filter((o) => o.cost !== null && o.squareCost !== null);
  const costSaved = priced.reduce((a, o) => a + ((o.squareCost ?? 0) - (o.cost ?? 0)), 0);
  const costSquare = priced.reduce((a, o) => a + (o.squareCost ?? 0), 0);
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  lines.push(
    '',
    `${proven}/${outcomes.length} proven; ${saved} bars saved of ${square} laid square; on the ${priced.length} priced jobs ${costSaved} saved of ${costSquare} (cost); median ${(ms[Math.floor(ms.length / 2)] ?? 0).toFixed(0)} ms, max ${(ms[ms.length - 1] ?? 0).toFixed(0)} ms. Bars are stock bars bought (priced jobs optimise cost); the bound is \`stockBarsLowerBound\`.`,
  );
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs({ options: { 'budget-ms': { type: 'string', default: '5000' } } });
  const outcomes = await benchAngles(Number(args.values['budget-ms']));
  process.stdout.write(`${angleReport(outcomes).join('\n')}\n`);
}
