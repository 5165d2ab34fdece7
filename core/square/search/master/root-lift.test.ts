import { describe, expect, it } from 'vitest';
import { practicalJob } from '../../../../test/fixtures/practical.ts';
import { onlyJob, workBudget, workClock } from '../../../../test/support/solver.ts';
import { budgetOf } from '../../../budget.ts';
import { type CgStop, reachesCutoff } from '../../../master/index.ts';
import { buildJobs, type Technique } from '../../../model/index.ts';
import { parseOptimiseBody } from '../../../request/index.ts';
import { solveGroup } from '../solve-group.ts';
import { ColumnGeneration } from './column-generation.ts';

/** Each group of a seeded practical job solved with `off`: its plan, bound, status and LP solves. */
async function solveSeed(seed: number, off: ReadonlySet<Technique>) {
  const parsed = parseOptimiseBody(practicalJob(seed), 'json');
  if (!parsed.ok) throw new Error(`seed ${seed} does not parse`);
  const out = [];
  for (const job of buildJobs(parsed.value)) {
    // The clock reads master solves: a budget of 2,000 (the search ends at a proof long before).
    const { engine, clock } = await workClock();
    const r = solveGroup(job, engine, budgetOf(clock, 2_000), undefined, off);
    out.push({
      plan: {
        cost: r.plan?.cost ?? null,
        layouts: r.plan?.layouts.map((l) => [l.source, l.count, [...l.counts]]) ?? null,
      },
      bound: r.bound,
      status: r.status,
      solves: clock.monotonic(),
    });
  }
  return out;
}

describe('root-lift: the root stops once its bound, lifted to reachable costs, meets the incumbent', () => {
  // Seed 150 (offcuts_first, three priced stocks and owned offcuts): the greedy plan is optimal, and the
  // LP bound lifted to the sums of whole bars' prices proves it; without the lift, only at the root's end.
  // Solves without the lift on the production engine (the dense simplex for these small masters; on
  // HiGHS alone they were 93, 29 and 66).
  it.each([
    [150, 86],
    [153, 27],
    [185, 67],
  ])('seed %i: the same plan, bound and proof in fewer LP solves than %i', async (seed, before) => {
    const off = await solveSeed(seed, new Set<Technique>(['root-lift']));
    const on = await solveSeed(seed, new Set<Technique>());
    expect(on.map(({ solves: _, ...r }) => r)).toEqual(off.map(({ solves: _, ...r }) => r));
    expect(on.every((g) => g.status === 'optimal')).toBe(true);
    const total = (rs: readonly { solves: number }[]) => rs.reduce((a, r) => a + r.solves, 0);
    expect(total(off)).toBe(before);
    expect(total(on)).toBeLessThan(total(off));
  });

  it('stops column generation at the first round whose lifted bound reaches the cutoff, and not before', async () => {
    const job = onlyJob({
      parts: [
        { length: 300, quantity: 7 },
        { length: 450, quantity: 5 },
        { length: 210, quantity: 9 },
      ],
      stockLength: 1000,
    });
    const demand = Int32Array.from(job.items, (it) => it.demand);
    const hi = Float64Array.from(job.sources, (s) => s.supply);
    const root = { demand, lo: new Float64Array(hi.length), hi, usage: 0 };
    const { engine, budget } = await workBudget(10_000);
    const run = (lift?: (b: number) => number) => {
      const cg = new ColumnGeneration(job, engine, root);
      try {
        return cg.solve(budget, { cutoff: 1_000, ...(lift ? { lift } : {}) });
      } finally {
        cg.dispose();
      }
    };
    const plain = run();
    // A lift that adds nothing changes nothing; one that reaches the cutoff stops after the first round.
    const seen: number[] = [];
    const idle = run((b) => {
      seen.push(b);
      return b;
    });
    expect(idle.status).toBe(plain.status);
    expect(idle.iterations).toBe(plain.iterations);
    expect(idle.lpValue).toBeCloseTo(plain.lpValue, 9);
    expect(seen.length).toBeGreaterThan(0);
    const stopped = run(() => 1_000);
    expect(stopped.status).toBe('stopped');
    expect(stopped.iterations).toBeLessThan(plain.iterations);
  });
});

describe('reachesCutoff', () => {
  const to = (v: number) => (_b: number) => v;
  it.each([
    ['no cutoff', 99.2, {}, false, 0],
    ['rounded up to the cutoff, no lift asked', 99.2, { cutoff: 100, lift: to(0) }, true, 0],
    ['short of it, lifted to it', 97.5, { cutoff: 100, lift: to(100) }, true, 1],
    ['short of it, lifted short of it', 97.5, { cutoff: 100, lift: to(99) }, false, 1],
    ['short of it, no lift', 97.5, { cutoff: 100 }, false, 0],
    ['no bound yet: nothing to lift', Number.NEGATIVE_INFINITY, { cutoff: 100, lift: to(100) }, false, 0],
  ] as const)('%s', (_, bound, stop, reaches, lifts) => {
    let calls = 0;
    const counted: CgStop = {
      ...stop,
      ...('lift' in stop
        ? {
            lift: (b: number) => {
              calls++;
              return stop.lift(b);
            },
          }
        : {}),
    };
    expect(reachesCutoff(bound, counted, null)).toBe(reaches);
    expect(calls).toBe(lifts);
  });
});
