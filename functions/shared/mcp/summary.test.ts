import { describe, expect, it } from 'vitest';
import type { OptimiseResponse } from '../../../core/types.ts';
import { planSummary } from './summary.ts';

/** A plan of 4 bars of 6000 mm, proven, with the figures the summary reads; `change` edits a copy. */
function response(change: (r: Mutable<OptimiseResponse>) => void = () => {}): OptimiseResponse {
  const layout = (count: number, source: 'stock' | 'offcut') => ({
    usedComb: {
      combination: [2400, 2400],
      length: 6000,
      source,
      sourceIndex: 0,
      waste: { total: 1200, remnant: 1200, saw: 0 },
      parts: [],
      cutPositions: [2400, 4800],
    },
    count,
  });
  const r = {
    plan: {
      combinations: [layout(4, 'stock')],
      purchases: [{ stock: 0, length: 6000, count: 4 }],
      usableRemnants: [],
      unusedOffcuts: [],
      stockBarsUsed: 4,
      stockBarsLowerBound: 3.2,
      totalWaste: 4800,
      optimal: true,
      verified: true,
      solveTimeMs: 3,
    },
    stats: {
      totalParts: 8,
      totalPartsLength: 19_200,
      totalUsedLength: 24_000,
      yieldPercent: 80,
      cutCount: 8,
      layoutCount: 1,
      totalCost: null,
      trueWaste: 4800,
    },
    costLowerBound: null,
    meta: {
      method: 'balanced',
      kerf: 0,
      tier: 'public',
      poweredBy: 'cutplan',
      unit: 'mm',
      unitFormat: 'decimal',
      objective: 'material',
      timeLimit: 5,
    },
  } as Mutable<OptimiseResponse>;
  change(r);
  return r;
}
type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };

const priced = (r: Mutable<OptimiseResponse>) => {
  r.plan.purchases = [{ stock: 0, length: 6000, count: 4, price: 12.5, cost: 50 }];
  r.stats.totalCost = 50;
  r.costLowerBound = 41.25;
  r.meta.objective = 'cost';
};

describe('planSummary', () => {
  it.each([
    [
      'a proven material plan',
      response(),
      'Buy 4 bars: 4 × 6000 mm. Yield 80 % (8 pieces, 1 layout). Proven optimal for material: no plan uses less stock material.',
    ],
    [
      'a proven cost plan: the proof is of cost, never of the bar count',
      response(priced),
      'Buy 4 bars: 4 × 6000 mm. Cost 50. Yield 80 % (8 pieces, 1 layout). Proven optimal for cost: no plan costs less.',
    ],
    [
      'a proven bar count',
      response((r) => {
        (r.meta as { objective: string }).objective = 'bars';
      }),
      'Buy 4 bars: 4 × 6000 mm. Yield 80 % (8 pieces, 1 layout). Proven optimal for bar count: no plan uses fewer bars.',
    ],
    [
      'an unproven cost plan: the figures against their bounds',
      response((r) => {
        priced(r);
        r.plan.optimal = false;
      }),
      'Buy 4 bars: 4 × 6000 mm. Cost 50. Yield 80 % (8 pieces, 1 layout). Not proven optimal for cost within the time limit (a longer timeLimit may prove or improve it): 4 bars against a lower bound of 3.2; cost 50 against a lower bound of 41.25; the gap is the most the plan can be off by.',
    ],
    [
      'cost proven, a group of unpriced stock not: the cost is not called unproven',
      response((r) => {
        priced(r);
        r.plan.optimal = false;
        r.costLowerBound = 50;
      }),
      'Buy 4 bars: 4 × 6000 mm. Cost 50. Yield 80 % (8 pieces, 1 layout). Proven least cost: no plan costs less. Not every material group is proven optimal on its own objective within the time limit (a longer timeLimit may prove or improve it): 4 bars against a lower bound of 3.2.',
    ],
    [
      'materials, inches and owned offcuts',
      response((r) => {
        r.plan.purchases = [
          { stock: 0, length: 240, count: 1, material: 'oak' },
          { stock: 1, length: 144, count: 2, material: 'pine' },
        ];
        r.plan.stockBarsUsed = 3;
        r.plan.combinations = [
          ...r.plan.combinations,
          { ...structuredClone(r.plan.combinations[0]), count: 2 } as never,
        ];
        (r.plan.combinations[1] as { usedComb: { source: string } }).usedComb.source = 'offcut';
        r.meta.unit = 'in';
        r.stats.layoutCount = 2;
      }),
      'Buy 3 bars: 1 × 240 in oak, 2 × 144 in pine; 2 owned offcuts are cut too. Yield 80 % (8 pieces, 2 layouts). Proven optimal for material: no plan uses less stock material.',
    ],
    [
      'nothing to buy',
      response((r) => {
        r.plan.purchases = [];
        r.plan.stockBarsUsed = 0;
        (r.plan.combinations[0] as { usedComb: { source: string } }).usedComb.source = 'offcut';
        r.plan.combinations[0] = { ...r.plan.combinations[0], count: 1 } as never;
      }),
      'Buy nothing; 1 owned offcut is cut too. Yield 80 % (8 pieces, 1 layout). Proven optimal for material: no plan uses less stock material.',
    ],
  ])('%s', (_, plan, expected) => {
    expect(planSummary(plan)).toBe(expected);
  });

  it('never claims fewest bars unless the bar count was the objective', () => {
    for (const objective of ['cost', 'material'] as const) {
      const text = planSummary(response((r) => Object.assign(r.meta, { objective })));
      expect(text).not.toMatch(/fewer bars|fewest bars/);
    }
  });
});
