/**
 * `fewest_setups` breaks its ties on saw stops between finished plans only (ties.ts): the pool, the pick,
 * a job whose two plans of equal setups differ in saw stops, and on random cut lists the tie-break never
 * moves cost, bars, setups or prioritised bars, and counts saw stops as the response does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planOf, workBudget, workClock } from '../../test/support/solver.ts';
import { budgetOf } from '../budget.ts';
import { buildJobs } from '../model/index.ts';
import { parseOptimiseBody } from '../request/index.ts';
import { sawStopsOf } from '../saw/stops.ts';
import { squareLayouts } from '../square/layouts/index.ts';
import { solveGroup } from '../square/search/solve-group.ts';
import { purchasedBars } from '../square/setups/heuristics/oracle.ts';
import { priorityBars } from '../square/setups/heuristics/priority.ts';
import { refineGroup } from '../square/setups/refine-group.ts';
import type { Combination, OptimiseRequest } from '../types.ts';
import { countSetups } from './count/count-setups.ts';
import { sawStopsOfPlan } from './count/saw-stops.ts';
import { fewestSawStops, tiePool } from './ties.ts';

describe('the tie pool', () => {
  it('keeps the distinct plans tying with the best key shown, and starts over on a better one', () => {
    const pool = tiePool<string>((p) => p.toLowerCase(), 3);
    pool.observe('a', [5, 2]);
    pool.observe('b', [5, 3]);
    pool.observe('c', [5, 2]);
    pool.observe('A', [5, 2]);
    expect(pool.plans()).toEqual(['a', 'c']);
    pool.observe('d', [4, 9]);
    expect(pool.plans()).toEqual(['d']);
    for (const p of ['e', 'f', 'g']) pool.observe(p, [4, 9]);
    expect(pool.plans()).toEqual(['d', 'e', 'f']);
  });

  it('picks the tying candidate with the fewest saw stops, the incumbent unless one has fewer', () => {
    // A candidate is [ties?, saw stops, layouts].
    type C = readonly [boolean, number, number];
    const arb = fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }));
    fc.assert(
      fc.property(arb, fc.array(arb, { maxLength: 8 }), (incumbent: C, candidates: C[]) => {
        const chosen = fewestSawStops(incumbent, candidates, {
          ties: (c) => c[0],
          sawStops: (c) => c[1],
          next: (c) => c[2],
        });
        const rivals = candidates.filter((c) => c[0] && c[1] < incumbent[1]);
        if (rivals.length === 0) {
          expect(chosen).toBe(incumbent);
          return;
        }
        expect(chosen[0]).toBe(true);
        const least = Math.min(...rivals.map((c) => c[1]));
        expect(chosen[1]).toBe(least);
        expect(chosen[2]).toBe(Math.min(...rivals.filter((c) => c[1] === least).map((c) => c[2])));
        expect(chosen).toBe(rivals.find((c) => c[1] === least && c[2] === chosen[2]));
      }),
      { seed: 34, numRuns: 300 },
    );
  });
});

/** Stops of a hand-written plan as the response counts them: one rack, cuts from the zero end. */
const stopsOf = (layouts: readonly (readonly number[])[]): number =>
  sawStopsOf(
    layouts.map(
      (cutPositions) =>
        ({
          usedComb: { source: 'stock', length: 6000, cutPositions },
          count: 1,
        }) as unknown as Combination,
    ),
  );

describe('fewest_setups between plans of equal setups', () => {
  it('1000 × 7 and 2800 × 6 from 6000: of two 3-setup, 5-bar plans, the one setting 4 stops, not 7', async () => {
    // Both plans are proven: 5 bars (the material bound) and 3 setups (the setups bound). The search's
    // stage returned the first before the tie-break; the second shares 2800 at the zero end on every bar.
    const worse = [
      [1000, 2000, 3000, 4000, 5000], // 1000 × 6, once
      [2800, 5600], // 2800 × 2, three times
      [1000], // 1000, once
    ];
    const better = [
      [2800, 5600],
      [2800, 3800, 4800],
      [2800, 3800],
    ];
    expect(stopsOf(worse)).toBe(7);
    expect(stopsOf(better)).toBe(4);
    const r = await planOf(
      { parts: '1000x7,2800x6', stockLength: 6000, method: 'fewest_setups' },
      { solves: 300 },
    );
    expect(r.plan.stockBarsUsed).toBe(5);
    expect(r.stats).toMatchObject({ setups: 3, setupsOptimal: true, sawStops: 4 });
    expect(r.plan.combinations.map((c) => [c.count, c.usedComb.cutPositions])).toEqual([
      [1, better[0]],
      [3, better[1]],
      [1, better[2]],
    ]);
  });
});

/** Small cut lists, several stock lengths (finite supply on some, one maybe prioritised), priced or not. */
const body = fc
  .record({
    parts: fc.array(
      fc.record({ length: fc.integer({ min: 200, max: 2900 }), quantity: fc.integer({ min: 1, max: 10 }) }),
      { minLength: 1, maxLength: 7 },
    ),
    stocks: fc.uniqueArray(
      fc.record({
        length: fc.constantFrom(3000, 4000, 6000),
        quantity: fc.option(fc.integer({ min: 30, max: 60 }), { nil: null }),
        priority: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3, selector: (s) => s.length },
    ),
    priced: fc.boolean(),
    kerf: fc.constantFrom(0, 3),
    trim: fc.boolean(),
  })
  .map(({ parts, stocks, priced, kerf, trim }) => ({
    parts,
    stocks: stocks.map((s) => ({ ...s, price: priced ? s.length / 100 + 7 : null })),
    kerf,
    trim,
    method: 'fewest_setups',
  }));

function requestOf(b: unknown): OptimiseRequest | null {
  const parsed = parseOptimiseBody(b, 'json');
  return parsed.ok ? parsed.value : null;
}

describe('the saw stops tie-break on random cut lists (seeded)', () => {
  it('never raises cost, bars, setups or lowers prioritised bars; never adds saw stops; counts them as the response', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const request = requestOf(b);
        const job = request ? buildJobs(request)[0] : undefined;
        if (!request || !job) return;
        const search = await workBudget(1000);
        const r = solveGroup(job, search.engine, search.budget);
        if (!r.plan) return;
        const stage = async (sawStopsTieBreak: boolean) => {
          const { engine, clock } = await workClock();
          return refineGroup(job, r.plan ?? { layouts: [], cost: 0 }, 'fewest_setups', {
            lp: engine,
            budget: budgetOf(clock, 100_000),
            work: 600,
            sawStopsTieBreak,
          });
        };
        const off = await stage(false);
        const on = await stage(true);
        const figures = (layouts: typeof on.plan.layouts) => ({
          bars: purchasedBars(job, layouts),
          setups: countSetups(job, layouts),
          priority: priorityBars(job, layouts),
        });
        expect(on.plan.cost).toBe(off.plan.cost);
        expect(figures(on.plan.layouts)).toEqual(figures(off.plan.layouts));
        expect(on.setupsBound).toBe(off.setupsBound);
        expect(sawStopsOfPlan(job, on.plan.layouts)).toBeLessThanOrEqual(
          sawStopsOfPlan(job, off.plan.layouts),
        );
        // The stage's count is the response's (pieces laid, cut positions and racks as the layout step).
        for (const plan of [on.plan, off.plan]) {
          const written = squareLayouts(request, job, plan).map((l) => l.combination);
          expect(sawStopsOfPlan(job, plan.layouts)).toBe(sawStopsOf(written));
        }
      }),
      { seed: 3434, numRuns: 40 },
    );
  }, 240_000);
});
