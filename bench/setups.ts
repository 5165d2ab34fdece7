/**
 * Setups on the seeded practical jobs: each job solved with `balanced` and with `fewest_setups` (and
 * with `bundle` when its stocks get a bundle size), one after the other in one process. Reports per job
 * and in total the setups of both, the bound, how many are proven minimal, and any job where
 * `fewest_setups` cut more bars or cost more than `balanced` (it must not).
 *
 *   npx tsx bench/setups.ts [--jobs 200] [--first-seed 1] [--budget-ms 5000] [--verbose]
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createLpEngine, optimise } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import type { LpEngine } from '../core/solver/lp/engine.ts';
import type { OptimiseResponse } from '../core/types.ts';
import { practicalJob } from './practical.ts';
import { publishedTable } from './setups-published.ts';

// The published instances moved to setups-published.ts; core/setups/setups.test.ts imports them from here.
export { PUBLISHED } from './setups-published.ts';

export interface SetupsRow {
  readonly seed: number;
  readonly balanced: number;
  readonly fewest: number;
  readonly bound: number;
  readonly proven: boolean;
  /** fewest_setups bought no more bars, material or money than balanced. */
  readonly equal: boolean;
  readonly ms: number;
}

const clock = { now: () => Date.now(), monotonic: () => performance.now() };

async function run(lp: LpEngine, body: unknown, budgetMs: number): Promise<OptimiseResponse | null> {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) return null;
  const res = await optimise(parsed.value, { lp, clock, budgetMs, tier: 'public', poweredBy: 'bench' });
  return res.ok ? res.value : null;
}

/** Purchased material (length × bars of every purchase). */
function purchased(r: OptimiseResponse): number {
  return r.plan.purchases.reduce((a, p) => a + p.length * p.count, 0);
}

/** Solves the practical jobs with both methods and returns one row per job both solved. */
export async function setupsRows(
  first: number,
  jobs: number,
  budgetMs: number,
  onRow?: (row: SetupsRow) => void,
): Promise<SetupsRow[]> {
  const lp = await createLpEngine();
  const rows: SetupsRow[] = [];
  for (let seed = first; seed < first + jobs; seed++) {
    const body = practicalJob(seed);
    const a = await run(lp, { ...body, method: 'balanced' }, budgetMs);
    const t0 = performance.now();
    const b = await run(lp, { ...body, method: 'fewest_setups' }, budgetMs);
    const ms = performance.now() - t0;
    if (!a || !b) continue;
    const row: SetupsRow = {
      seed,
      balanced: a.stats.setups ?? 0,
      fewest: b.stats.setups ?? 0,
      bound: b.stats.setupsLowerBound ?? 0,
      proven: b.stats.setupsOptimal === true,
      equal:
        b.plan.stockBarsUsed <= a.plan.stockBarsUsed &&
        (b.stats.totalCost ?? 0) <= (a.stats.totalCost ?? 0) &&
        purchased(b) <= purchased(a),
      ms,
    };
    rows.push(row);
    onRow?.(row);
  }
  return rows;
}

/** The markdown table of the benchmark report. */
export function setupsTable(rows: readonly SetupsRow[]): string[] {
  const sum = (f: (r: SetupsRow) => number): number => rows.reduce((a, r) => a + f(r), 0);
  const balanced = sum((r) => r.balanced);
  const fewest = sum((r) => r.fewest);
  const saved = balanced === 0 ? 0 : (100 * (balanced - fewest)) / balanced;
  const worse = rows.filter((r) => r.fewest > r.balanced).map((r) => r.seed);
  const unequal = rows.filter((r) => !r.equal).map((r) => r.seed);
  const ms = rows.map((r) => r.ms).sort((x, y) => x - y);
  const at = (q: number): string => (ms[Math.min(ms.length - 1, Math.floor(ms.length * q))] ?? 0).toFixed(0);
  return [
    '| jobs | setups balanced | setups fewest_setups | fewer | bound (sum) | proven minimal | fewer on job ≥ 20 % | more bars, material or cost | fewest_setups ms median / p95 |',
    '|---|---|---|---|---|---|---|---|---|',
    `| ${rows.length} | ${balanced} | ${fewest} | ${saved.toFixed(1)} % | ${sum((r) => r.bound)} | ${rows.filter((r) => r.proven).length} | ${rows.filter((r) => r.fewest <= 0.8 * r.balanced).length} | ${unequal.length === 0 ? 'none' : unequal.join(' ')} | ${at(0.5)} / ${at(0.95)} |`,
    '',
    worse.length === 0
      ? 'No job has more setups under fewest_setups.'
      : `More setups: seeds ${worse.join(' ')}.`,
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      jobs: { type: 'string', default: '200' },
      'first-seed': { type: 'string', default: '1' },
      'budget-ms': { type: 'string', default: '5000' },
      verbose: { type: 'boolean', default: false },
    },
  });
  // Verbose rows print as each job ends; jobs under 20 % fewer are marked.
  const verbose = (r: SetupsRow): void =>
    console.log(
      `${r.seed}: balanced ${r.balanced}, fewest ${r.fewest}, bound ${r.bound}${r.proven ? ' (proven)' : ''}${r.bound > 0.8 * r.balanced ? ' (20 % fewer than balanced impossible)' : ''}${r.equal ? '' : ' MORE BARS/COST'}${r.fewest > 0.8 * r.balanced ? ' MISS' : ''} ${r.ms.toFixed(0)} ms`,
    );
  const rows = await setupsRows(
    Number(values['first-seed']),
    Number(values.jobs),
    Number(values['budget-ms']),
    values.verbose ? verbose : undefined,
  );
  console.log(setupsTable(rows).join('\n'));
  // Where the bound itself shows that no plan of this value has 20 % fewer setups than balanced's.
  const capped = rows.filter((r) => r.bound > 0.8 * r.balanced).map((r) => r.seed);
  console.log(
    `\nBound > 0.8 × balanced setups (20 % fewer impossible): ${capped.length} jobs${capped.length ? `, seeds ${capped.join(' ')}` : ''}.`,
  );
  console.log(`\n${(await publishedTable(Number(values['budget-ms']))).join('\n')}`);
}
