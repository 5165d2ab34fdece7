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
import { createLpEngine } from '../core/optimise.ts';
import { practicalJob } from '../test/fixtures/practical.ts';
import { publishedTable } from './setups-published.ts';
import { purchasedLength, solveBody } from './solve.ts';

// The published instances moved to setups-published.ts; core/square/setups/setups.test.ts imports them from here.

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

/** A job that either method did not answer with a verified plan (a 400, a verifier refusal, a throw). */
export interface SetupsFailure {
  readonly seed: number;
  readonly error: string;
}

/**
 * Solves the practical jobs with both methods: one row per job both solved, and the jobs either did not
 * (listed under the table, never dropped silently).
 */
export async function setupsRows(
  first: number,
  jobs: number,
  budgetMs: number,
  onRow?: (row: SetupsRow) => void,
  failures: SetupsFailure[] = [],
): Promise<SetupsRow[]> {
  const lp = await createLpEngine();
  const rows: SetupsRow[] = [];
  for (let seed = first; seed < first + jobs; seed++) {
    const body = practicalJob(seed);
    const sa = await solveBody(lp, { ...body, method: 'balanced' }, budgetMs);
    const sb = await solveBody(lp, { ...body, method: 'fewest_setups' }, budgetMs);
    if (!sa.ok || !sb.ok) {
      const error = [sa, sb]
        .map((s, i) => (s.ok ? '' : `${i === 0 ? 'balanced' : 'fewest_setups'}: ${s.error}`))
        .filter(Boolean)
        .join('; ');
      failures.push({ seed, error });
      continue;
    }
    const [a, b, ms] = [sa.response, sb.response, sb.ms];
    const row: SetupsRow = {
      seed,
      balanced: a.stats.setups ?? 0,
      fewest: b.stats.setups ?? 0,
      bound: b.stats.setupsLowerBound ?? 0,
      proven: b.stats.setupsOptimal === true,
      equal:
        b.plan.stockBarsUsed <= a.plan.stockBarsUsed &&
        (b.stats.totalCost ?? 0) <= (a.stats.totalCost ?? 0) &&
        purchasedLength(b) <= purchasedLength(a),
      ms,
    };
    rows.push(row);
    onRow?.(row);
  }
  return rows;
}

/** The markdown table of the benchmark report, and the jobs not solved under it. */
export function setupsTable(rows: readonly SetupsRow[], failures: readonly SetupsFailure[] = []): string[] {
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
    ...failures.map((f) => `Not solved by both (left out of the table): seed ${f.seed}: ${f.error}.`),
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
  const failures: SetupsFailure[] = [];
  const rows = await setupsRows(
    Number(values['first-seed']),
    Number(values.jobs),
    Number(values['budget-ms']),
    values.verbose ? verbose : undefined,
    failures,
  );
  console.log(setupsTable(rows, failures).join('\n'));
  // Where the bound itself shows that no plan of this value has 20 % fewer setups than balanced's.
  const capped = rows.filter((r) => r.bound > 0.8 * r.balanced).map((r) => r.seed);
  console.log(
    `\nBound > 0.8 × balanced setups (20 % fewer impossible): ${capped.length} jobs${capped.length ? `, seeds ${capped.join(' ')}` : ''}.`,
  );
  console.log(`\n${(await publishedTable(Number(values['budget-ms']))).join('\n')}`);
}
