/**
 * Setups on the angle-cut set (bench/angles.ts): each job solved with `balanced` and with `fewest_setups`
 * one after the other in one process. Per job: the setups of both, the bound (`stats.setupsLowerBound`:
 * the combinatorial bound, the pattern-minimisation LP over sequences and the exact search) and beside it
 * the combinatorial bound alone at the plan's cost (the bound before the LP, for comparison), proven
 * minimal or not, the bars and cost (or purchased length) of both, which `fewest_setups` must never
 * exceed, and its time.
 * Part of `npm run bench` (the "Angle cuts" section); alone: `node bench/angle-setups.ts [--budget-ms N]`.
 */
import { parseArgs } from 'node:util';
import { buildAngleJobs } from '../core/angle/search/index.ts';
import { angleSetupsLowerBound } from '../core/angle/setups/index.ts';
import { createLpEngine } from '../core/optimise.ts';
import { parseOptimiseBody } from '../core/request/index.ts';
import type { OptimiseResponse } from '../core/types.ts';
import { angleJobs } from '../test/fixtures/angle-jobs.ts';
import { solve } from './angles.ts';

export interface AngleSetupsRow {
  readonly name: string;
  readonly balanced: number | null;
  readonly fewest: number | null;
  readonly bound: number | null;
  /** The combinatorial bound alone (setups-bound.ts) at the plan's cost: the bound before the LP. */
  readonly oldBound: number | null;
  readonly proven: boolean;
  readonly bars: readonly [number | null, number | null];
  /** Cost when priced, else purchased length, of balanced and of fewest_setups. */
  readonly value: readonly [number | null, number | null];
  /** fewest_setups bought no more bars and cost (or material) no more than balanced. */
  readonly noWorse: boolean;
  readonly ms: number;
  readonly error: string | null;
}

const objectiveOf = (r: OptimiseResponse | null): number | null =>
  r === null ? null : (r.stats.totalCost ?? r.plan.purchases.reduce((a, p) => a + p.length * p.count, 0));

/**
 * The combinatorial setups bound of a one-group job at the cost of the plan `r` (its bars' costs in the
 * job's cost units); null for jobs of several groups.
 */
function combinatorialBound(body: Record<string, unknown>, r: OptimiseResponse): number | null {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) return null;
  const jobs = buildAngleJobs(parsed.value);
  const [job] = jobs;
  if (!job || jobs.length !== 1) return null;
  let cost = 0;
  for (const c of r.plan.combinations) {
    const { source, sourceIndex } = c.usedComb;
    const s = job.base.sources.find((x) => x.kind === source && x.index === sourceIndex);
    if (!s) return null;
    cost += s.cost * c.count;
  }
  return angleSetupsLowerBound(job, cost);
}

/** Solves every job of the angle set with both methods. */
export async function benchAngleSetups(budgetMs = 5000): Promise<AngleSetupsRow[]> {
  const lp = await createLpEngine();
  const rows: AngleSetupsRow[] = [];
  for (const job of angleJobs()) {
    const a = await solve(lp, { ...job.body, method: 'balanced' }, budgetMs);
    const b = await solve(lp, { ...job.body, method: 'fewest_setups' }, budgetMs);
    const va = objectiveOf(a.r);
    const vb = objectiveOf(b.r);
    rows.push({
      name: job.name,
      balanced: a.r?.stats.setups ?? null,
      fewest: b.r?.stats.setups ?? null,
      bound: b.r?.stats.setupsLowerBound ?? null,
      oldBound: b.r === null ? null : combinatorialBound(job.body, b.r),
      proven: b.r?.stats.setupsOptimal === true,
      bars: [a.r?.plan.stockBarsUsed ?? null, b.r?.plan.stockBarsUsed ?? null],
      value: [va, vb],
      noWorse:
        a.r !== null &&
        b.r !== null &&
        b.r.plan.stockBarsUsed <= a.r.plan.stockBarsUsed &&
        vb !== null &&
        va !== null &&
        vb <= va,
      ms: b.ms,
      error: b.error ?? a.error,
    });
  }
  return rows;
}

/** The report's subsection: one row per job, then totals. */
export function angleSetupsReport(rows: readonly AngleSetupsRow[]): string[] {
  const lines = [
    '| job | setups balanced | setups fewest_setups | bound | old bound | proven | bars (b / f) | cost or length (b / f) | no worse | ms |',
    '|---|---:|---:|---:|---:|---|---:|---:|---|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.balanced ?? r.error} | ${r.fewest ?? '—'} | ${r.bound ?? '—'} | ${r.oldBound ?? '—'} | ${r.proven ? 'yes' : 'no'} | ${r.bars[0] ?? '—'} / ${r.bars[1] ?? '—'} | ${r.value[0] ?? '—'} / ${r.value[1] ?? '—'} | ${r.noWorse ? 'yes' : 'NO'} | ${r.ms.toFixed(0)} |`,
    );
  }
  const sum = (f: (r: AngleSetupsRow) => number | null): number => rows.reduce((a, r) => a + (f(r) ?? 0), 0);
  const balanced = sum((r) => r.balanced);
  const fewest = sum((r) => r.fewest);
  const cut = balanced > 0 ? (100 * (balanced - fewest)) / balanced : 0;
  const fifth = rows.filter((r) => (r.fewest ?? 0) <= 0.8 * (r.balanced ?? 0)).length;
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  lines.push(
    '',
    `Setups: balanced ${balanced}, fewest_setups ${fewest} (${cut.toFixed(1)} % fewer); ${fifth}/${rows.length} jobs at least 20 % fewer; bound total ${sum((r) => r.bound)} (gap ${fewest - sum((r) => r.bound)}), ${rows.filter((r) => r.proven).length}/${rows.length} proven minimal (old bound: total ${sum((r) => r.oldBound)}, ${rows.filter((r) => r.oldBound !== null && r.oldBound === r.fewest).length} proven); ${rows.filter((r) => r.noWorse).length}/${rows.length} with no more bars and no more cost (or purchased length) than balanced; fewest_setups median ${(ms[Math.floor(ms.length / 2)] ?? 0).toFixed(0)} ms, max ${(ms[ms.length - 1] ?? 0).toFixed(0)} ms.`,
  );
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseArgs({ options: { 'budget-ms': { type: 'string', default: '5000' } } });
  const rows = await benchAngleSetups(Number(args.values['budget-ms']));
  process.stdout.write(`${angleSetupsReport(rows).join('\n')}\n`);
}
