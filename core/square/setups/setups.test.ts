import { describe, expect, it } from 'vitest';
import { practicalJob } from '../../../test/fixtures/practical.ts';
import { PUBLISHED } from '../../../test/fixtures/published-setups.ts';
import { onlyJob, planOf, stepClock, testEngine, workClock } from '../../../test/support/solver.ts';
import { budgetOf } from '../../budget.ts';
import { optimise } from '../../optimise.ts';
import { parseOptimiseBody } from '../../request/index.ts';
import { setupsLowerBound } from '../../setups/bounds/lower-bound.ts';
import { countSetups } from '../../setups/count/count-setups.ts';
import type { OptimiseResponse } from '../../types.ts';
import { solveGroup } from '../search/solve-group.ts';

const purchased = (r: Awaited<ReturnType<typeof planOf>>): number =>
  r.plan.purchases.reduce((a, p) => a + p.length * p.count, 0);

describe('fewest_setups', () => {
  it('cuts 10 × 1000 and 10 × 2000 from 6000 on one layout, proven minimal', async () => {
    const r = await planOf({ parts: '1000x10,2000x10', stockLength: 6000, method: 'fewest_setups' });
    expect(r.plan.combinations).toHaveLength(1);
    expect(r.plan.stockBarsUsed).toBe(5);
    expect(r.stats).toMatchObject({ setups: 1, setupsLowerBound: 1, setupsOptimal: true });
    expect(r.meta).toMatchObject({ method: 'fewest_setups', objective: 'material' });
  });

  it('needs two setups when no single pattern divides the demand at the optimal bar count', async () => {
    // 7 × 3000 from 6000: 4 bars, but one pattern would be 1 piece on 7 bars or 7 pieces on one bar.
    const r = await planOf({ parts: '3000x7', stockLength: 6000, method: 'fewest_setups' });
    expect(r.plan.stockBarsUsed).toBe(4);
    expect(r.stats).toMatchObject({ setups: 2, setupsLowerBound: 2, setupsOptimal: true });
  });

  // Seeds 19, 43 and 65: the sequential heuristic from the search's plan alone stalled above 80 % of
  // balanced's setups (17 of 21, 25 of 30, 33 of 37); the search plan's patterns repeated, neighbourhoods
  // and KOMBI reach it.
  it.each([
    [1, 1],
    [3, 1],
    [6, 1],
    [11, 1],
    [18, 1],
    [24, 1],
    [28, 1],
    [19, 0.8],
    [43, 0.8],
    [65, 0.8],
  ])(
    'practical seed %i: the same bars and cost as balanced, at most %f of its setups, bound ≤ setups',
    async (seed, share) => {
      const body = practicalJob(seed);
      // Balanced's plan before the fewer-bars pass: fewest_setups keeps the search's patterns (its
      // setups) and runs no pass, so it is held to the search's bars. On HiGHS, as fewest_setups' search
      // is (`denseServes`): the dense simplex's vertices lead balanced's search to other plans of its cost
      // (seed 3: 44 bars there, 46 on HiGHS).
      const a = await planOf(
        { ...body, method: 'balanced' },
        { solves: 5000, off: new Set(['fewer-bars', 'dense-lp']) },
      );
      const b = await planOf({ ...body, method: 'fewest_setups' }, { solves: 5000 });
      expect(b.plan.stockBarsUsed).toBeLessThanOrEqual(a.plan.stockBarsUsed);
      expect(b.stats.totalCost ?? 0).toBeLessThanOrEqual(a.stats.totalCost ?? 0);
      expect(purchased(b)).toBeLessThanOrEqual(purchased(a));
      expect(b.stats.setups ?? 0).toBeLessThanOrEqual(share * (a.stats.setups ?? 0));
      expect(b.stats.setupsLowerBound ?? 99).toBeLessThanOrEqual(b.stats.setups ?? 0);
    },
    60_000,
  );

  it('saves setups on a job where balanced leaves many', async () => {
    const body = practicalJob(28);
    const a = await planOf({ ...body, method: 'balanced' });
    const b = await planOf({ ...body, method: 'fewest_setups' });
    expect(b.stats.setups ?? 0).toBeLessThanOrEqual(0.8 * (a.stats.setups ?? 0));
  }, 60_000);

  it('reaches the published minimum of 10 patterns on the 5600 mm example at 73 rolls', async () => {
    const [inst] = PUBLISHED;
    if (!inst) throw new Error('no published instance');
    const r = await planOf({ ...inst.body, method: 'fewest_setups' }, { solves: 5000 });
    expect(r.plan.stockBarsUsed).toBe(inst.bars);
    expect(r.stats.setups).toBe(inst.patterns);
  }, 60_000);

  it.each([10, 35])(
    'practical seed %i: the same plan on a machine ten times slower given ten times the time',
    async (seed) => {
      // Time moves only with LP solves, 1 ms or 10 ms each; both budgets are far beyond the stage's
      // work (work.ts), which alone decides where it stops.
      const body = { ...practicalJob(seed), method: 'fewest_setups' };
      const fast = await onSolvesClock(body, 1, 30_000);
      const slow = await onSolvesClock(body, 10, 300_000);
      const balanced = await planOf({ ...body, method: 'balanced' });
      expect(slow.plan.combinations).toEqual(fast.plan.combinations);
      expect(fast.stats.setups ?? 0).toBeLessThan(0.8 * (balanced.stats.setups ?? 0));
    },
    120_000,
  );
});

/** Solves `body` within `budgetMs` on a clock that moves `msPerSolve` at every LP solve, and only then. */
async function onSolvesClock(body: unknown, msPerSolve: number, budgetMs: number): Promise<OptimiseResponse> {
  const { engine, clock } = await workClock();
  const at = (): number => clock.monotonic() * msPerSolve;
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const r = await optimise(parsed.value, {
    lp: engine,
    clock: { now: at, monotonic: at },
    budgetMs,
    tier: 'public',
    poweredBy: 'test',
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('setups lower bound', () => {
  it('counts lengths that cannot share a bar', () => {
    // 4000, 3500 and 3000 from 6000: no two fit together, so three setups.
    const job = onlyJob({ parts: '4000x2,3500x2,3000x2', stockLength: 6000 });
    expect(setupsLowerBound(job, 1e9)).toBe(3);
  });

  it('is never above the setups of plans the solver finds (random lists)', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const body = practicalJob(seed + 500, { maxLines: 12 });
      const parsedJob = (() => {
        try {
          return onlyJob({ ...body, method: 'balanced' });
        } catch {
          return null;
        }
      })();
      if (!parsedJob) continue;
      const r = solveGroup(parsedJob, await testEngine(), budgetOf(stepClock(), 2000));
      if (!r.plan) continue;
      expect(setupsLowerBound(parsedJob, r.plan.cost)).toBeLessThanOrEqual(
        countSetups(parsedJob, r.plan.layouts),
      );
    }
  });
});

describe('bundle', () => {
  it('24 × 3000 from 6000 in bundles of 6: 12 full-bundle bars on one pattern', async () => {
    const r = await planOf({ parts: '3000x24', stocks: [{ length: 6000, bundleSize: 6 }], method: 'bundle' });
    expect(r.plan.combinations).toHaveLength(1);
    expect(r.plan.combinations[0]?.usedComb.bundleBars).toBe(12);
    expect(r.stats).toMatchObject({ fullBundleBars: 12, singleBars: 0, bundleEfficiency: 1, setups: 1 });
  });

  it('26 × 3000: 12 full-bundle bars and 1 single of 13', async () => {
    const r = await planOf({ parts: '3000x26', stocks: [{ length: 6000, bundleSize: 6 }], method: 'bundle' });
    expect(r.plan.stockBarsUsed).toBe(13);
    expect(r.stats).toMatchObject({ fullBundleBars: 12, singleBars: 1, bundleEfficiency: 0.9231 });
  });

  it('fills full bundles at the optimal bar count', async () => {
    // 8 × 3000 + 12 × 2000 + 4 × 1000 from 6000 (bundles of 4): 9 bars; 3000+3000 and 2000+2000+2000
    // four times each are two full bundles.
    const body = { parts: '3000x8,2000x12,1000x4', stocks: [{ length: 6000, bundleSize: 4 }] };
    const a = await planOf({ ...body, method: 'balanced' });
    const b = await planOf({ ...body, method: 'bundle' });
    expect(b.plan.stockBarsUsed).toBe(a.plan.stockBarsUsed);
    expect(b.stats.fullBundleBars ?? 0).toBeGreaterThanOrEqual(8);
    for (const c of b.plan.combinations) expect((c.usedComb.bundleBars ?? 0) % 4).toBe(0);
  });

  it('never trades material for bundles', async () => {
    // One bar of 5000 + 1000 is optimal; bundles of 2 would need a second bar.
    const r = await planOf({
      parts: '5000x1,1000x1',
      stocks: [{ length: 6000, bundleSize: 2 }],
      method: 'bundle',
    });
    expect(r.plan.stockBarsUsed).toBe(1);
    expect(r.stats).toMatchObject({ fullBundleBars: 0, singleBars: 1, bundleEfficiency: 0 });
  });
});
