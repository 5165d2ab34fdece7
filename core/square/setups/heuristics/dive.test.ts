import { describe, expect, it } from 'vitest';
import { practicalJob } from '../../../../test/fixtures/practical.ts';
import { PUBLISHED } from '../../../../test/fixtures/published-setups.ts';
import { onlyJob, workBudget } from '../../../../test/support/solver.ts';
import type { Job, Layout } from '../../../model/index.ts';
import { mergeLayouts, planCost } from '../../../model/index.ts';
import { countSetups } from '../../../setups/count/count-setups.ts';
import { solveGroup } from '../../search/solve-group.ts';
import { lpDive } from './dive.ts';
import { purchasedBars, residualOracle } from './oracle.ts';
import { startState } from './sequential.ts';

/** Why `layouts` is not a plan of `job` (demand cut exactly, supply kept, bars not overfull), or null. */
function flaw(job: Job, layouts: readonly Layout[]): string | null {
  const cut = new Array<number>(job.items.length).fill(0);
  const used = new Array<number>(job.sources.length).fill(0);
  for (const l of layouts) {
    let load = 0;
    l.counts.forEach((a, i) => {
      cut[i] = (cut[i] ?? 0) + a * l.count;
      load += a * (job.items[i]?.weight ?? 0);
    });
    if (load > (job.sources[l.source]?.capacity ?? 0)) return `overfull bar of source ${l.source}`;
    used[l.source] = (used[l.source] ?? 0) + l.count;
  }
  const short = job.items.findIndex((it, i) => cut[i] !== it.demand);
  if (short >= 0) return `item ${short}: ${cut[short]} cut, ${job.items[short]?.demand} wanted`;
  const over = job.sources.findIndex((s, k) => (used[k] ?? 0) > s.supply);
  return over >= 0 ? `source ${over} overdrawn` : null;
}

/** The dive from the search's plan, ranked as fewest_setups ranks (cost, bars cap, setups, bars). */
async function dive(job: Job): Promise<{ start: Layout[]; cost: number; bars: number; plan: Layout[] }> {
  const { engine, budget } = await workBudget(3000);
  const found = solveGroup(job, engine, budget).plan;
  if (!found) throw new Error('no plan');
  const bars = purchasedBars(job, found.layouts);
  const rank = (l: readonly Layout[]): number[] => [
    planCost(job, l),
    purchasedBars(job, l) > bars ? 1 : 0,
    countSetups(job, mergeLayouts(job, l).layouts),
    purchasedBars(job, l),
  ];
  const better = (a: readonly Layout[], b: readonly Layout[]): boolean => {
    const [x, y] = [rank(a), rank(b)];
    const i = x.findIndex((v, k) => v !== y[k]);
    return i >= 0 && (x[i] ?? 0) < (y[i] ?? 0);
  };
  const start = startState(job, found.layouts, found.cost, bars);
  const { engine: lp, budget: stage } = await workBudget(20_000);
  const plan = lpDive(job, start, residualOracle(job, lp, stage), lp, stage, better);
  return { start: [...found.layouts], cost: found.cost, bars, plan };
}

describe('the LP-guided dive', () => {
  it.each([2, 4, 11, 28])(
    'practical seed %i: a plan of the demand exactly, no dearer, no more bars, no more setups',
    async (seed) => {
      const job = onlyJob(practicalJob(seed));
      const r = await dive(job);
      expect(flaw(job, r.plan)).toBeNull();
      expect(planCost(job, r.plan)).toBeLessThanOrEqual(r.cost);
      expect(purchasedBars(job, r.plan)).toBeLessThanOrEqual(r.bars);
      expect(countSetups(job, mergeLayouts(job, r.plan).layouts)).toBeLessThanOrEqual(
        countSetups(job, r.start),
      );
    },
    60_000,
  );

  it('finds fewer setups than the search’s plan on the published 5600 mm example, the same every run', async () => {
    const [inst] = PUBLISHED;
    if (!inst) throw new Error('no published instance');
    const job = onlyJob({ ...inst.body, method: 'fewest_setups' });
    const a = await dive(job);
    const b = await dive(job);
    const setups = countSetups(job, mergeLayouts(job, a.plan).layouts);
    expect(flaw(job, a.plan)).toBeNull();
    expect(setups).toBeLessThan(countSetups(job, a.start));
    expect(b.plan).toEqual(a.plan);
  }, 60_000);
});
