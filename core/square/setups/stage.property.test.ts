import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onlyJob, workBudget, workClock } from '../../../test/support/solver.ts';
import { budgetOf } from '../../budget.ts';
import { type Job, type Layout, planCost } from '../../model/index.ts';
import { countSetups } from '../../setups/count/count-setups.ts';
import { solveGroup } from '../search/solve-group.ts';
import { combinePatterns } from './heuristics/kombi.ts';
import { purchasedBars } from './heuristics/oracle.ts';
import { refineGroup } from './refine-group.ts';

/** Small cut lists, several stock lengths (finite supply on some), priced or not, with kerf. */
const body = fc
  .record({
    parts: fc.array(
      fc.record({ length: fc.integer({ min: 200, max: 2900 }), quantity: fc.integer({ min: 1, max: 14 }) }),
      { minLength: 1, maxLength: 9 },
    ),
    stocks: fc.uniqueArray(
      fc.record({
        length: fc.constantFrom(3000, 4000, 6000),
        quantity: fc.option(fc.integer({ min: 30, max: 60 }), { nil: null }),
      }),
      { minLength: 1, maxLength: 3, selector: (s) => s.length },
    ),
    priced: fc.boolean(),
    kerf: fc.constantFrom(0, 3),
  })
  .map(({ parts, stocks, priced, kerf }) => ({
    parts: parts.map((p, i) => ({ ...p, label: `p${i}` })),
    stocks: stocks.map((s) => ({ ...s, price: priced ? s.length / 100 + 7 : null })),
    kerf,
  }));

/** Every layout fits its bar, the demand is cut exactly and no source is over-used. */
function expectValid(job: Job, layouts: readonly Layout[]): void {
  const cut = new Array<number>(job.items.length).fill(0);
  const used = new Array<number>(job.sources.length).fill(0);
  for (const l of layouts) {
    let weight = 0;
    l.counts.forEach((a, i) => {
      weight += a * (job.items[i]?.weight ?? 0);
      cut[i] = (cut[i] ?? 0) + a * l.count;
    });
    expect(weight).toBeLessThanOrEqual(job.sources[l.source]?.capacity ?? 0);
    used[l.source] = (used[l.source] ?? 0) + l.count;
  }
  expect(cut).toEqual(job.items.map((it) => it.demand));
  used.forEach((n, k) => {
    expect(n).toBeLessThanOrEqual(job.sources[k]?.supply ?? 0);
  });
}

/** The body's job, or null when the finite stock cannot hold the parts (refused before the solver). */
function jobOf(b: unknown): Job | null {
  try {
    return onlyJob(b);
  } catch {
    return null;
  }
}

describe('the setups stage on random cut lists (seeded)', () => {
  it('never costs more, buys more bars or adds setups; plans stay valid; KOMBI keeps pieces and bars', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const job = jobOf(b);
        if (!job) return;
        const search = await workBudget(2000);
        const r = solveGroup(job, search.engine, search.budget);
        if (!r.plan) return;
        const { engine, clock } = await workClock();
        const refined = refineGroup(job, r.plan, 'fewest_setups', {
          lp: engine,
          budget: budgetOf(clock, 100_000),
          work: 800,
        });
        const after = refined.plan.layouts;
        expectValid(job, after);
        expect(planCost(job, after)).toBeLessThanOrEqual(r.plan.cost);
        expect(purchasedBars(job, after)).toBeLessThanOrEqual(purchasedBars(job, r.plan.layouts));
        expect(countSetups(job, after)).toBeLessThanOrEqual(countSetups(job, r.plan.layouts));
        expect(refined.setupsBound ?? 0).toBeLessThanOrEqual(countSetups(job, after));
        const combined = combinePatterns(job, r.plan.layouts, budgetOf(clock, 100_000));
        expectValid(job, combined);
        expect(planCost(job, combined)).toBeLessThanOrEqual(r.plan.cost);
        expect(countSetups(job, combined)).toBeLessThanOrEqual(countSetups(job, r.plan.layouts));
      }),
      { seed: 2126, numRuns: 60 },
    );
  }, 240_000);
});
