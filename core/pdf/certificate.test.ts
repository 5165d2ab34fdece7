import { describe, expect, it } from 'vitest';
import { inchFraction, offcutsOnly, windowFrames } from '../../test/fixtures/pdf-plans.ts';
import type { OptimiseResponse, Plan, Stats } from '../types.ts';
import { barFloor, certificateOf } from './certificate.ts';
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
    expect(certificateOf(response, fmt).headline).toBe(headline);
  });

  it('speaks of bars, not money, when prices exist but the method is not balanced', () => {
    const priced = pricedPlan(true, 850, 850);
    const response = { ...priced, meta: { ...priced.meta, method: 'least_waste' as const } };
    expect(certificateOf(response, fmt).headline).toBe(
      'Optimal: 20 bars, and no plan can use fewer than 20 (LP bound)',
    );
  });

  it('gives the range the optimum lies in when unproven', () => {
    const c = certificateOf(barsPlan({ optimal: false, stockBarsUsed: 6, stockBarsLowerBound: 4.62 }), fmt);
    expect(c.optimal).toBe(false);
    expect(c.detail.join(' ')).toContain('between 5 and 6 bars');
    expect(c.detail.join(' ')).toContain('LP bound 4.62 bars');
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
