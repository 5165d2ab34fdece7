/**
 * The slack fill (opt-in technique `slack-fill`): a plan of the residual within the supply, bars as full
 * as the pieces allow, the longer kind among near-equal costs per unit; and on practical jobs the same
 * cost and proof in fewer LP solves, off unless asked.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { practicalJob } from '../../../../test/fixtures/practical.ts';
import { optInAgainstProduction, stepClock } from '../../../../test/support/solver.ts';
import type { Job, Layout } from '../../../model/index.ts';
import { createLpEngine, type OptimiseContext, optimise } from '../../../optimise.ts';
import { parseOptimiseBody } from '../../../request/index.ts';
import { slackFill } from './slack-fill.ts';

/** A job of the given piece lengths and demands over sources (capacity, cost, supply); no kerf. */
function job(items: readonly [number, number][], sources: readonly [number, number, number][]): Job {
  return {
    material: null,
    items: items.map(([weight, demand], i) => ({ weight, demand, length: weight, id: `p${i}` })),
    sources: sources.map(([capacity, cost, supply], k) => ({
      capacity,
      cost,
      supply,
      length: capacity,
      kind: 'stock',
      priority: false,
      id: `s${k}`,
    })),
    kerf: 0,
    trimKerf: 0,
    objective: 'length',
    costUnit: 1,
    offcutsFirst: false,
  } as unknown as Job;
}

const cut = (j: Job, bars: readonly Layout[]): number[] =>
  j.items.map((_, i) => bars.reduce((a, b) => a + (b.counts[i] ?? 0) * b.count, 0));
const load = (j: Job, b: Layout): number =>
  j.items.reduce((a, it, i) => a + (b.counts[i] ?? 0) * it.weight, 0);

describe('slackFill', () => {
  it('fills each bar exactly where the pieces allow', () => {
    // 30 units of pieces, three bars of 10: each bar the fullest load left, 7+3, 6+4, 5+5.
    const j = job(
      [
        [7, 1],
        [6, 1],
        [5, 2],
        [4, 1],
        [3, 1],
      ],
      [[10, 10, Number.POSITIVE_INFINITY]],
    );
    const bars = slackFill(j, [1, 1, 2, 1, 1], [Number.POSITIVE_INFINITY]);
    expect(bars).not.toBeNull();
    expect(bars?.reduce((a, b) => a + b.count, 0)).toBe(3);
    for (const b of bars ?? []) expect(load(j, b)).toBe(10);
  });

  it('takes the longer kind when its cost per unit of load is within the tolerance, repeating bars', () => {
    // 4 pieces of 10 fill a bar of 40 or two of 20; the 40 costs half a per cent more a unit: taken.
    const inf = Number.POSITIVE_INFINITY;
    const j = job(
      [[10, 4]],
      [
        [20, 200, inf],
        [40, 402, inf],
      ],
    );
    expect(slackFill(j, [4], [inf, inf])).toEqual([{ source: 1, counts: Int32Array.from([4]), count: 1 }]);
    // Eight pieces: the same bar twice, one layout.
    expect(slackFill(j, [8], [inf, inf])).toEqual([{ source: 1, counts: Int32Array.from([4]), count: 2 }]);
    // Two per cent dearer a unit: the shorter kind.
    const dear = job(
      [[10, 4]],
      [
        [20, 200, inf],
        [40, 408, inf],
      ],
    );
    expect(slackFill(dear, [4], [inf, inf])).toEqual([{ source: 0, counts: Int32Array.from([2]), count: 2 }]);
  });

  it('takes a preferred pattern that fills a bar as well, not one of an item no longer wanted', () => {
    const inf = Number.POSITIVE_INFINITY;
    const j = job(
      [
        [6, 1],
        [5, 2],
        [4, 1],
      ],
      [[10, 10, inf]],
    );
    const pattern = (a: number, b: number, c: number) => ({ source: 0, counts: Int32Array.from([a, b, c]) });
    // The subset sum, longest first, finds 6+4 first.
    expect(slackFill(j, [1, 2, 1], [inf])?.map((b) => [...b.counts])).toEqual([
      [1, 0, 1],
      [0, 2, 0],
    ]);
    // 5+5 fills a bar as well: taken first. 5+4 (too light) and 0+0+2 (more 4s than wanted) are not.
    const preferred = [pattern(0, 0, 2), pattern(0, 1, 1), pattern(0, 2, 0)];
    expect(slackFill(j, [1, 2, 1], [inf], preferred)?.map((b) => [...b.counts])).toEqual([
      [0, 2, 0],
      [1, 0, 1],
    ]);
  });

  it('keeps to the supply, and gives up when a piece fits no bar left', () => {
    const j = job(
      [[10, 4]],
      [
        [20, 20, 5],
        [40, 40, 1],
      ],
    );
    const bars = slackFill(j, [8], [5, 1]);
    expect(bars?.map((b) => [b.source, b.count])).toEqual([
      [1, 1],
      [0, 2],
    ]);
    expect(slackFill(j, [8], [1, 1])).toBeNull();
  });

  it('is a plan of the demand within capacity and supply (property)', () => {
    const arb = fc.record({
      items: fc.array(fc.tuple(fc.integer({ min: 1, max: 45 }), fc.integer({ min: 0, max: 6 })), {
        minLength: 1,
        maxLength: 8,
      }),
      sources: fc.array(
        fc.tuple(
          fc.integer({ min: 45, max: 100 }),
          fc.integer({ min: 1, max: 120 }),
          fc.integer({ min: 0, max: 40 }),
        ),
        { minLength: 1, maxLength: 4 },
      ),
    });
    fc.assert(
      fc.property(arb, ({ items, sources }) => {
        const j = job(items, sources);
        const demand = items.map(([, d]) => d);
        const supply = sources.map(([, , s]) => s);
        const bars = slackFill(j, demand, supply);
        // Every piece fits the longest source (45 ≤ capacity): only the supply can run out.
        const pieces = demand.reduce((a, d) => a + d, 0);
        if (bars === null) {
          expect(supply.reduce((a, s) => a + s, 0)).toBeLessThan(pieces);
          return;
        }
        expect(cut(j, bars)).toEqual(demand);
        for (const b of bars) {
          expect(b.count).toBeGreaterThan(0);
          expect(load(j, b)).toBeLessThanOrEqual(j.sources[b.source]?.capacity ?? 0);
        }
        sources.forEach(([, , s], k) => {
          expect(bars.filter((b) => b.source === k).reduce((a, b) => a + b.count, 0)).toBeLessThanOrEqual(s);
        });
      }),
      { seed: 41, numRuns: 300 },
    );
  });
});

describe('slack-fill on practical jobs (opt-in)', () => {
  it('finds the same cost and proof in fewer LP solves, and is off unless asked', async () => {
    const engine = await createLpEngine();
    for (const seed of [187, 61]) {
      const { plain, switched } = await optInAgainstProduction(
        practicalJob(seed),
        engine,
        new Set(['slack-fill']),
      );
      expect(switched.solves).toBeLessThan(plain.solves / 2);
    }
  });

  it('gives no more bars than production where the fewer-bars pass has its larger budget (seed 3)', async () => {
    const engine = await createLpEngine();
    const bars = async (on: OptimiseContext['on']) => {
      const parsed = parseOptimiseBody(practicalJob(3), 'json');
      if (!parsed.ok) throw new Error(parsed.error.message);
      const r = await optimise(parsed.value, {
        lp: engine,
        clock: stepClock(),
        budgetMs: 20_000,
        tier: 'public',
        poweredBy: 'cutplan test',
        ...(on ? { on } : {}),
      });
      if (!r.ok) throw new Error(r.error.message);
      return {
        bars: r.value.plan.stockBarsUsed,
        cost: r.value.stats.totalCost,
        optimal: r.value.plan.optimal,
      };
    };
    const plain = await bars(undefined);
    const filled = await bars(new Set(['slack-fill'] as const));
    expect(plain.optimal && filled.optimal).toBe(true);
    expect(filled.cost).toBe(plain.cost);
    // 46 bars against 44 with the pass at its production budget.
    expect(filled.bars).toBeLessThanOrEqual(plain.bars);
  });
});
