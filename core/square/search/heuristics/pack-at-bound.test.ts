/**
 * A job's exact packing within a cost: its plans are the job's (kerf and trim through the scaled
 * capacities and weights, supply kept), and it packs whenever a plan of that cost exists.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onlyJob } from '../../../../test/support/solver.ts';
import { buildJobs, Incumbent } from '../../../model/index.ts';
import { parseOptimiseBody } from '../../../request/index.ts';
import { packJobWithinCost } from './pack-at-bound.ts';
import { offerGreedyPlans } from './start.ts';

describe('packJobWithinCost', () => {
  it('packs to the last unit with kerf and trim, and proves one unit less impossible', () => {
    // Trim takes a kerf at each end: a 1000 bar holds 1000 + 3 − 6 = 997 of weight (length + kerf), a 600
    // bar 597. A 496 and a 495 weigh 499 + 498 = 997 and a 594 weighs 597: both bars full to the last unit.
    const job = onlyJob({
      parts: [
        { length: 594, quantity: 1 },
        { length: 496, quantity: 1 },
        { length: 495, quantity: 1 },
      ],
      stocks: [{ length: 1000 }, { length: 600 }],
      kerf: 3,
      trim: true,
    });
    const demand = job.items.map((it) => it.demand);
    const hi = job.sources.map((s) => s.supply);
    const cost = job.sources.reduce((a, s) => a + s.cost, 0);
    const out = packJobWithinCost(job, demand, hi, cost, 100_000);
    expect(out.status).toBe('packed');
    const inc = new Incumbent(job, 0);
    if (out.status === 'packed') inc.offer(out.layouts, 'test');
    expect(inc.rejected).toEqual([]);
    expect(inc.plan?.cost).toBe(cost);
    expect(packJobWithinCost(job, demand, hi, cost - 1, 100_000).status).toBe('impossible');
    // A kerf more and nothing fits in those two bars: the plan then needs a third.
    const wider = onlyJob({
      parts: [...job.items].map((it) => ({ length: it.length, quantity: 1 })),
      stocks: [{ length: 1000 }, { length: 600 }],
      kerf: 4,
      trim: true,
    });
    expect(packJobWithinCost(wider, demand, hi, cost, 100_000).status).toBe('impossible');
  });

  it('finds a plan wherever the greedy plan shows one exists, and its plans are the job’s', () => {
    const job = fc.record({
      parts: fc.array(
        fc.record({ length: fc.integer({ min: 50, max: 900 }), quantity: fc.integer({ min: 1, max: 3 }) }),
        { minLength: 1, maxLength: 3 },
      ),
      stocks: fc.uniqueArray(
        fc.record({
          length: fc.integer({ min: 900, max: 2000 }),
          quantity: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 6 })),
          price: fc.integer({ min: 1, max: 50 }),
        }),
        { minLength: 1, maxLength: 3, selector: (s) => s.length },
      ),
      kerf: fc.constantFrom(0, 2, 3),
      trim: fc.boolean(),
      method: fc.constantFrom('balanced', 'least_waste'),
    });
    fc.assert(
      fc.property(job, (body) => {
        const parsed = parseOptimiseBody(body, 'json');
        // Bodies the parser refuses (too little finite stock) have no job.
        if (!parsed.ok) return;
        const [j] = buildJobs(parsed.value);
        if (!j) return;
        const demand = Int32Array.from(j.items, (it) => it.demand);
        const supply = Float64Array.from(j.sources, (s) => s.supply);
        const greedy = new Incumbent(j, 0);
        offerGreedyPlans(j, greedy, demand, supply);
        const plan = greedy.plan;
        if (!plan) return;
        const out = packJobWithinCost(j, demand, supply, plan.cost, 1_000_000);
        expect(out.status).toBe('packed');
        const inc = new Incumbent(j, 0);
        if (out.status === 'packed') inc.offer(out.layouts, 'test');
        expect(inc.rejected).toEqual([]);
        expect(inc.plan?.cost).toBeLessThanOrEqual(plan.cost);
      }),
      { numRuns: 150 },
    );
  });
});
