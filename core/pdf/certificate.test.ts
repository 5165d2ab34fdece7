import { describe, expect, it } from 'vitest';
import { inchFraction, offcutsOnly, windowFrames } from '../../test/fixtures/pdf-plans.ts';
import { createLpEngine, optimise } from '../optimise.ts';
import { parseOptimiseBody } from '../request/index.ts';
import type { OptimiseResponse, Plan, Stats } from '../types.ts';
import { barFloor, type Certificate, certificateOf } from './certificate.ts';
import { formatsFor } from './format.ts';

const fmt = formatsFor('mm', 'decimal', []);

/** An unpriced plan (bars objective) with the proof fields overridden. */
function barsPlan(plan: Partial<Plan>): OptimiseResponse {
  const { response } = inchFraction();
  return { ...response, plan: { ...response.plan, ...plan } };
}

/** A priced `balanced` plan (money objective) with cost fields overridden. */
function pricedPlan(optimal: boolean, totalCost: number, costLowerBound: number): OptimiseResponse {
  const { response } = windowFrames();
  const stats: Stats = { ...response.stats, totalCost };
  return { ...response, plan: { ...response.plan, optimal }, stats, costLowerBound };
}

describe('certificateOf', () => {
  it.each([
    [
      'a proven plan that meets the LP floor',
      barsPlan({ optimal: true, stockBarsUsed: 14, stockBarsLowerBound: 13.2 }),
      'Optimal: 14 bars, and no plan can use fewer than 14 (LP bound)',
    ],
    [
      'an LP bound carrying float noise above a whole number',
      barsPlan({ optimal: true, stockBarsUsed: 14, stockBarsLowerBound: 14.0000000001 }),
      'Optimal: 14 bars, and no plan can use fewer than 14 (LP bound)',
    ],
    [
      'an unproven plan one bar above the floor',
      barsPlan({ optimal: false, stockBarsUsed: 15, stockBarsLowerBound: 13.7 }),
      'Best found: 15 bars; at most 1 bar above the optimum',
    ],
    [
      'an unproven plan three bars above the floor',
      barsPlan({ optimal: false, stockBarsUsed: 17, stockBarsLowerBound: 13.7 }),
      'Best found: 17 bars; at most 3 bars above the optimum',
    ],
    [
      'an unproven plan already at the floor',
      barsPlan({ optimal: false, stockBarsUsed: 14, stockBarsLowerBound: 13.7 }),
      'Best found: 14 bars, which meets the LP bound of 14',
    ],
    [
      'a plan proven by exhaustive search above a loose LP bound',
      barsPlan({ optimal: true, stockBarsUsed: 15, stockBarsLowerBound: 13.7 }),
      'Optimal: 15 bars, proven by exhaustive search',
    ],
    [
      'a plan that meets its cost bound',
      pricedPlan(true, 850, 850),
      'Optimal: cost 850.00, and no plan can cost less than 850.00 (LP bound)',
    ],
    [
      'a cost-optimal plan above the bound',
      pricedPlan(true, 892.5, 850),
      'Optimal: cost 892.50, proven by exhaustive search',
    ],
    [
      'an unproven priced plan',
      pricedPlan(false, 1234.5, 1200),
      'Best found: cost 1,234.50; at most 34.50 above the optimum',
    ],
    [
      'a plan cut entirely from owned offcuts',
      offcutsOnly().response,
      'Optimal: no bars to buy; owned offcuts cover the whole job',
    ],
  ])('states %s', (_, response, headline) => {
    const request = response.costLowerBound === null ? inchFraction().request : windowFrames().request;
    const owned = response.plan.stockBarsUsed === 0 ? offcutsOnly().request : request;
    expect(certificateOf(response, fmt, owned).headline).toBe(headline);
  });

  it('speaks of waste, not money, when prices exist but the method is least_waste', () => {
    const priced = pricedPlan(true, 850, 850);
    const response = {
      ...priced,
      meta: { ...priced.meta, method: 'least_waste' as const, objective: 'material' as const },
    };
    const c = certificateOf(response, fmt, windowFrames().request);
    expect(c.measure).toBe('waste');
    expect(c.headline).toBe(`Optimal: ${fmt.lenU(response.plan.totalWaste)} of waste; no plan wastes less`);
  });

  it('gives the range the optimum lies in when unproven', () => {
    const c = certificateOf(
      barsPlan({ optimal: false, stockBarsUsed: 6, stockBarsLowerBound: 4.62 }),
      fmt,
      inchFraction().request,
    );
    expect(c.optimal).toBe(false);
    expect(c.detail.join(' ')).toContain('between 5 and 6 bars');
    expect(c.detail.join(' ')).toContain('LP bound 4.62: no plan can use fewer than 5 bars');
  });
});

describe('barFloor', () => {
  it.each([
    [13.2, 14],
    [14, 14],
    [14.0000001, 14],
    [14.01, 15],
    [0, 0],
    [-0.5, 0],
  ])('rounds the LP bound %d up to %d bars', (bound, floor) => {
    expect(barFloor(bound)).toBe(floor);
  });
});

describe('certificateOf on real plans of every method (issue 32: say only what was proven)', () => {
  const lp = createLpEngine();
  async function certify(body: unknown): Promise<Certificate> {
    const parsed = parseOptimiseBody(body, 'json');
    if (!parsed.ok) throw new Error(parsed.error.message);
    let t = 0;
    const clock = { now: () => 1_800_000_000_000, monotonic: () => (t += 0.001) };
    const r = await optimise(parsed.value, {
      lp: await lp,
      clock,
      budgetMs: 2000,
      tier: 'public',
      poweredBy: 'test',
    });
    if (!r.ok) throw new Error(r.error.message);
    return certificateOf(r.value, formatsFor('mm', 'decimal', []), parsed.value);
  }
  const twoLengths = [{ length: 6500 }, { length: 3000 }];

  it.each([
    [
      'two stock lengths: the least stock, not the fewest bars (one 6500 bar cuts both parts)',
      { parts: [[3000, 2]], stocks: twoLengths },
      'Optimal: 6000 mm of stock (2 bars); no plan buys less stock',
      ['no plan buys less than 6000 mm', 'No plan needs fewer than 1 bar (lower bound).'],
    ],
    [
      'one stock length: bars, in the singular',
      { parts: [[3000, 1]], stockLength: 6000 },
      'Optimal: 1 bar, and no plan can use fewer than 1 (LP bound)',
      ['LP bound 1: no plan can use fewer than 1 bar, and this plan uses 1.'],
    ],
    [
      'prices: the cost',
      {
        parts: [[3000, 2]],
        stocks: [
          { length: 6500, price: 10 },
          { length: 3000, price: 4 },
        ],
      },
      'Optimal: cost 8.00, and no plan can cost less than 8.00 (LP bound)',
      ['2 bars to buy.'],
    ],
    [
      'least_waste: the material cut from stock and offcuts',
      { parts: [[3000, 2]], stocks: twoLengths, offcuts: [[3500, 1]], method: 'least_waste' },
      'Optimal: 0 mm of waste; no plan wastes less',
      ['minimises the material cut from stock and owned offcuts'],
    ],
    [
      'offcuts_first: the most offcuts, then the least stock among plans that use them',
      {
        parts: [
          [3000, 2],
          [1200, 3],
        ],
        stocks: twoLengths,
        offcuts: [[3500, 1]],
        method: 'offcuts_first',
      },
      'Optimal with offcuts first: 9000 mm of stock (3 bars); no plan using as much offcut material buys less stock',
      ['uses 3500 mm of owned offcuts, and no plan uses more.'],
    ],
    [
      'fewest_setups over two lengths: setups among plans buying as little stock',
      {
        parts: [
          [3000, 2],
          [1200, 3],
        ],
        stocks: twoLengths,
        method: 'fewest_setups',
      },
      'Optimal: 12000 mm of stock (4 bars); no plan buys less stock',
      ['3 saw setups, proven minimal: no plan buying this little stock needs fewer than 3.'],
    ],
    [
      'bundle over one length: setups among plans with as few bars',
      {
        parts: [
          [3000, 2],
          [1200, 3],
        ],
        stocks: [{ length: 6000, bundleSize: 2 }],
        method: 'bundle',
      },
      'Optimal: 2 bars, and no plan can use fewer than 2 (LP bound)',
      ['2 saw setups, proven minimal: no plan with this few bars needs fewer than 2.'],
    ],
    [
      'fewest_setups with a priced and an unpriced group: setups as good in each group, not "of this cost" (three aluminium bars of one piece each cost as little and need one setup fewer)',
      {
        parts: [
          { length: 2400, quantity: 2, material: 'steel' },
          { length: 2500, quantity: 3, material: 'alu' },
        ],
        stocks: [
          { length: 6000, price: 30, material: 'steel' },
          { length: 5000, material: 'alu' },
        ],
        method: 'fewest_setups',
      },
      'Optimal: cost 30.00, and no plan can cost less than 30.00 (LP bound)',
      [
        '3 saw setups, proven minimal: no plan as good in each material group (on cost where its stock is priced, else on material) needs fewer than 3.',
      ],
    ],
    [
      'fewest_setups with every group priced: setups among plans of this cost',
      {
        parts: [
          { length: 2400, quantity: 2, material: 'steel' },
          { length: 2500, quantity: 3, material: 'alu' },
        ],
        stocks: [
          { length: 6000, price: 30, material: 'steel' },
          { length: 5000, price: 20, material: 'alu' },
        ],
        method: 'fewest_setups',
      },
      'Optimal: cost 70.00, and no plan can cost less than 70.00 (LP bound)',
      ['3 saw setups, proven minimal: no plan of this cost needs fewer than 3.'],
    ],
    [
      'an angle plan over two lengths: the least stock',
      {
        parts: [{ length: 800, quantity: 8, leftAngle: 45, rightAngle: 45 }],
        stocks: [{ length: 6000 }, { length: 2500 }],
        angleCuts: { enabled: true, width: 40 },
      },
      'Optimal: 7500 mm of stock (3 bars); no plan buys less stock',
      ['no plan buys less than 7500 mm'],
    ],
  ])('%s', async (_, body, headline, details) => {
    const c = await certify(body);
    expect(c.headline).toBe(headline);
    for (const d of details) expect(c.detail.join(' ')).toContain(d);
  });
});
