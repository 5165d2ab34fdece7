/**
 * Method `bundle` on the seeded practical jobs: each job gets a bundle size on every stock entry and is
 * solved with `balanced` and with `bundle`, one after the other in one process. Reports per job and in
 * total the bars, material and cost of both (bundle must never buy more), the bars cut in full bundles
 * (for balanced: what its plan would fill by the same count), single bars, bundleEfficiency and setups.
 *
 * Bundle sizes: mills ship bars in bundles and bundle-feeding saws cut 5–10 bars at once, so every stock
 * entry of job `seed` gets a size drawn from {5, 6, 8, 10} by a generator seeded from `seed` alone
 * (deterministic per job, independent of the job's own draws). `bundle` refuses material tags, so a job
 * with material groups is sent as one request per material (tags removed), as a shop cuts them apart;
 * its figures are the sums over those requests.
 *
 *   npx tsx bench/bundle.ts [--jobs 50] [--first-seed 1] [--budget-ms 5000] [--verbose]
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { LpEngine } from '../core/lp/index.ts';
import { rng } from '../core/model/index.ts';
import { createLpEngine } from '../core/optimise.ts';
import { bundleStats } from '../core/setups/index.ts';
import { practicalJob } from '../test/fixtures/practical.ts';
import { purchasedLength, quantile, type Solved, solveBody } from './solve.ts';

type Body = Record<string, unknown>;

export const BUNDLE_SIZES = [5, 6, 8, 10] as const;

/** The requests of practical job `seed` with bundle sizes: one, or one per material group. */
export function bundleJobs(seed: number): Body[] {
  const job = practicalJob(seed);
  const draw = rng(0x62756e64 ^ seed);
  const stocks = (job.stocks as Body[]).map(
    (s): Body => ({ ...s, bundleSize: BUNDLE_SIZES[Math.floor(draw() * BUNDLE_SIZES.length)] }),
  );
  const parts = job.parts as Body[];
  const offcuts = (job.offcuts as Body[] | undefined) ?? [];
  const materials = [...new Set([...parts, ...stocks, ...offcuts].map((x) => x.material ?? null))];
  if (materials.length === 1 && materials[0] === null) return [{ ...job, stocks, method: 'bundle' }];
  const untag = ({ material: _, ...rest }: Body): Body => rest;
  return materials.flatMap((m) => {
    const mine = (x: Body): boolean => (x.material ?? null) === m;
    const body: Body = {
      ...job,
      method: 'bundle',
      parts: parts.filter(mine).map(untag),
      stocks: stocks.filter(mine).map(untag),
    };
    const own = offcuts.filter(mine).map(untag);
    if (own.length > 0) body.offcuts = own;
    else delete body.offcuts;
    return (body.parts as Body[]).length > 0 ? [body] : [];
  });
}

/** One method's figures on one job, summed over its requests. */
export interface BundleSide {
  readonly bars: number;
  readonly purchased: number;
  readonly cost: number;
  readonly setups: number;
  readonly fullBundleBars: number;
  readonly singleBars: number;
  readonly ms: number;
  /** Per request, the value of the objective both methods optimise first (cost or purchased length). */
  readonly primary: readonly number[];
}

export interface BundleRow {
  readonly seed: number;
  readonly requests: number;
  readonly balanced: BundleSide | null;
  readonly bundle: BundleSide | null;
  /** Failures, as "method: code: message", or "both refuse: …" for a job infeasible as generated. */
  readonly errors: readonly string[];
}

function side(results: readonly Solved[], fromResponse: boolean): BundleSide | null {
  const acc = { bars: 0, purchased: 0, cost: 0, setups: 0, fullBundleBars: 0, singleBars: 0, ms: 0 };
  const primary: number[] = [];
  for (const s of results) {
    acc.ms += s.ms;
    if (!s.ok) return null;
    const r = s.response;
    const bars = r.plan.stockBarsUsed;
    // balanced does not report bundles: count what its plan would fill, by the response's own rule.
    const full = fromResponse
      ? (r.stats.fullBundleBars ?? 0)
      : bundleStats(s.request, r.plan.combinations, bars).stats.fullBundleBars;
    acc.bars += bars;
    acc.purchased += purchasedLength(r);
    acc.cost += r.stats.totalCost ?? 0;
    acc.setups += r.stats.setups ?? 0;
    acc.fullBundleBars += full ?? 0;
    acc.singleBars += fromResponse ? (r.stats.singleBars ?? 0) : bars - (full ?? 0);
    primary.push(r.meta.objective === 'cost' ? (r.stats.totalCost ?? 0) : purchasedLength(r));
  }
  return { ...acc, primary };
}

/** Solves job `seed`'s requests with balanced, then bundle. */
export async function bundleRow(lp: LpEngine, seed: number, budgetMs: number): Promise<BundleRow> {
  const bodies = bundleJobs(seed);
  const a: Solved[] = [];
  const b: Solved[] = [];
  for (const body of bodies) {
    a.push(await solveBody(lp, { ...body, method: 'balanced' }, budgetMs));
    b.push(await solveBody(lp, body, budgetMs));
  }
  // A request both methods refuse with the same 400 is a job infeasible as generated, not a defect.
  const errors = a.flatMap((x, i) => {
    const y = b[i] as Solved;
    if (!x.ok && !y.ok && x.error === y.error) return [`both refuse: ${x.error}`];
    return [...(x.ok ? [] : [`balanced: ${x.error}`]), ...(y.ok ? [] : [`bundle: ${y.error}`])];
  });
  return { seed, requests: bodies.length, balanced: side(a, false), bundle: side(b, true), errors };
}

export async function bundleRows(first: number, jobs: number, budgetMs: number): Promise<BundleRow[]> {
  const lp = await createLpEngine();
  const rows: BundleRow[] = [];
  for (let seed = first; seed < first + jobs; seed++) rows.push(await bundleRow(lp, seed, budgetMs));
  return rows;
}

/**
 * Bundle did worse than balanced on the objective both optimise first, in some request: more money when
 * the group is priced, else more purchased material. (With several stock lengths, equal material can take
 * a different number of bars; that is no loss and is counted apart.)
 */
export function costsMore(a: BundleSide, b: BundleSide): boolean {
  return b.primary.some((x, i) => x > (a.primary[i] ?? Number.POSITIVE_INFINITY) + 1e-6);
}

const pct = (x: number, of: number): string => (of === 0 ? '—' : `${((100 * x) / of).toFixed(1)} %`);

/** The markdown table of the benchmark report, with the problems listed under it. */
export function bundleTable(rows: readonly BundleRow[]): string[] {
  const both = rows.filter(
    (r): r is BundleRow & { balanced: BundleSide; bundle: BundleSide } =>
      r.balanced !== null && r.bundle !== null,
  );
  const sum = (f: (r: (typeof both)[number]) => number): number => both.reduce((x, r) => x + f(r), 0);
  const seeds = (list: readonly BundleRow[]): string =>
    list.length === 0 ? 'none' : list.map((r) => r.seed).join(' ');
  const bars = sum((r) => r.bundle.bars);
  const worse = both.filter((r) => costsMore(r.balanced, r.bundle));
  const better = both.filter((r) => costsMore(r.bundle, r.balanced));
  const moreBars = both.filter((r) => r.bundle.bars > r.balanced.bars && !worse.includes(r));
  const failed = rows.filter((r) => r.errors.length > 0);
  const ms = both.map((r) => r.bundle.ms);
  const lines = [
    '| jobs (requests) | solved by both | cost or material worse | bars balanced / bundle | full-bundle bars balanced / bundle | single bars | bundleEfficiency | setups balanced / bundle | bundle ms median / p95 |',
    '|---|---|---|---|---|---|---|---|---|',
    `| ${rows.length} (${rows.reduce((x, r) => x + r.requests, 0)}) | ${both.length} | ${seeds(worse)} | ${sum((r) => r.balanced.bars)} / ${bars} | ${sum((r) => r.balanced.fullBundleBars)} / ${sum((r) => r.bundle.fullBundleBars)} | ${sum((r) => r.bundle.singleBars)} | ${pct(
      sum((r) => r.bundle.fullBundleBars),
      bars,
    )} | ${sum((r) => r.balanced.setups)} / ${sum((r) => r.bundle.setups)} | ${quantile(ms, 0.5).toFixed(0)} / ${quantile(ms, 0.95).toFixed(0)} |`,
    '',
    `More bars at equal cost or material (several stock lengths; allowed): ${moreBars.length} jobs. ` +
      `Bundle reached a lower cost or material than balanced (balanced's search stopped short): ${seeds(better)}.`,
    '',
  ];
  if (failed.length === 0) lines.push('Every request was answered and verified.');
  else {
    lines.push('Requests not answered (or refused by the verifier):', '');
    for (const r of failed) lines.push(`- seed ${r.seed}: ${r.errors.join('; ')}`);
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      jobs: { type: 'string', default: '50' },
      'first-seed': { type: 'string', default: '1' },
      'budget-ms': { type: 'string', default: '5000' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const rows = await bundleRows(
    Number(values['first-seed']),
    Number(values.jobs),
    Number(values['budget-ms']),
  );
  if (values.verbose)
    for (const r of rows) {
      const show = (s: BundleSide | null): string =>
        s ? `bars ${s.bars}, full ${s.fullBundleBars}, setups ${s.setups}, ${s.ms.toFixed(0)} ms` : 'failed';
      console.log(`${r.seed} (${r.requests}): balanced ${show(r.balanced)} | bundle ${show(r.bundle)}`);
    }
  console.log(bundleTable(rows).join('\n'));
}
