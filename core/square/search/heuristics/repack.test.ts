/**
 * Repacking the wasteful bars: what it returns is a plan of the job (every piece, no bar overfull, supply
 * kept) that costs less than the one it started from, and it finds the cheaper pool where one exists.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onlyJob } from '../../../../test/support/solver.ts';
import { buildJobs, type GroupPlan, Incumbent, type Job, planCost } from '../../../model/index.ts';
import { parseOptimiseBody } from '../../../request/index.ts';
import { repackWasteful } from './repack.ts';
import { offerGreedyPlans } from './start.ts';

/** The job's plan of these bars (by stock index), as the incumbent takes it. */
function planOf(job: Job, bars: readonly (readonly [number, readonly number[]])[]): GroupPlan {
  const inc = new Incumbent(job, 0);
  const m = job.items.length;
  inc.offer(
    bars.map(([source, lengths]) => {
      const counts = new Int32Array(m);
      for (const len of lengths) {
        const i = job.items.findIndex((it) => it.length === len);
        counts[i] = (counts[i] ?? 0) + 1;
      }
      return { source, counts, count: 1 };
    }),
    'test',
  );
  expect(inc.rejected).toEqual([]);
  if (!inc.plan) throw new Error('no plan');
  return inc.plan;
}

describe('repackWasteful', () => {
  const job = onlyJob({
    parts: [
      { length: 500, quantity: 2 },
      { length: 400, quantity: 1 },
      { length: 300, quantity: 2 },
    ],
    stocks: [
      { length: 1000, price: 10 },
      { length: 600, price: 6 },
    ],
    kerf: 0,
  });

  it.each([
    // Three long bars with room to spare: one long and two short bars hold the pieces (30 → 22 in prices).
    {
      bars: [
        [0, [500, 400]],
        [0, [500]],
        [0, [300, 300]],
      ] as const,
      best: true,
      bound: 0,
    },
    // Already as cheap as it gets: nothing to return.
    {
      bars: [
        [0, [500, 500]],
        [1, [400]],
        [1, [300, 300]],
      ] as const,
      best: false,
      bound: 0,
    },
    // The bound says nothing is cheaper: it stops there.
    {
      bars: [
        [0, [500, 400]],
        [0, [500]],
        [0, [300, 300]],
      ] as const,
      best: false,
      bound: Number.POSITIVE_INFINITY,
    },
  ])('repacks $bars (bound $bound)', ({ bars, best, bound }) => {
    const plan = planOf(
      job,
      bars.map(([s, l]) => [s, l]),
    );
    const cheapest = planOf(job, [
      [0, [500, 500]],
      [1, [400]],
      [1, [300, 300]],
    ]);
    const cost = best ? cheapest.cost : null;
    const out = repackWasteful(job, plan, bound);
    if (cost === null) {
      expect(out).toBeNull();
      return;
    }
    expect(out).not.toBeNull();
    const inc = new Incumbent(job, 0);
    inc.offer(out, 'test');
    expect(inc.rejected).toEqual([]);
    expect(inc.plan?.cost).toBe(cost);
  });

  it('returns only plans of the job that cost less than the greedy plan it started from', () => {
    const body = fc.record({
      parts: fc.array(
        fc.record({ length: fc.integer({ min: 50, max: 900 }), quantity: fc.integer({ min: 1, max: 4 }) }),
        { minLength: 1, maxLength: 6 },
      ),
      stocks: fc.uniqueArray(
        fc.record({
          length: fc.integer({ min: 900, max: 2000 }),
          quantity: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 6 })),
          price: fc.integer({ min: 1, max: 50 }),
        }),
        { minLength: 2, maxLength: 3, selector: (s) => s.length },
      ),
      kerf: fc.constantFrom(0, 2, 3),
      trim: fc.boolean(),
    });
    let improved = 0;
    fc.assert(
      fc.property(body, (b) => {
        const parsed = parseOptimiseBody(b, 'json');
        if (!parsed.ok) return;
        const [j] = buildJobs(parsed.value);
        if (!j) return;
        const greedy = new Incumbent(j, 0);
        offerGreedyPlans(
          j,
          greedy,
          Int32Array.from(j.items, (it) => it.demand),
          Float64Array.from(j.sources, (s) => s.supply),
        );
        const plan = greedy.plan;
        if (!plan) return;
        // A bound one unit below: a plan that meets it is also repacked for fewer bars.
        for (const bound of [0, plan.cost - 1]) {
          const out = repackWasteful(j, plan, bound);
          if (out === null) continue;
          improved++;
          const inc = new Incumbent(j, 0);
          inc.offer(out, 'test');
          expect(inc.rejected).toEqual([]);
          expect(planCost(j, out)).toBeLessThan(plan.cost);
        }
      }),
      { numRuns: 200 },
    );
    expect(improved).toBeGreaterThan(5);
  });
});
