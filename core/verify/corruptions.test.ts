import { describe, expect, it } from 'vitest';
import { at, checksOf, corrupt, type Draft } from '../../test/support/verify-builders.ts';
import { planCaseNamed } from '../../test/support/verify-cases.ts';
import type { OptimiseResponse } from '../types.ts';
import { type CheckId, verifyPlan } from './index.ts';

type Corruption = {
  readonly name: string;
  readonly change: (draft: Draft<OptimiseResponse>) => void;
  /** Every check that must fire, and no other. */
  readonly checks: readonly CheckId[];
};

const shop = planCaseNamed('a shop job: offcuts, finite priced stock, labels and minRemnant');
/** The layouts of the shop job: c0 on offcut 0, c1 on offcut 1, c2 on stock 0. */
const comb = (d: Draft<OptimiseResponse>, i: number) => at(d.plan.combinations, i).usedComb;

const corruptions: readonly Corruption[] = [
  {
    name: 'drops a piece',
    change: (d) => {
      comb(d, 2).parts.pop();
      comb(d, 2).combination.pop();
    },
    checks: ['cutPositions', 'demand', 'remnants', 'stats', 'totalWaste', 'waste'],
  },
  {
    name: 'adds a piece',
    change: (d) => {
      comb(d, 2).parts.push({ part: 1, length: 200, label: 'rail' });
      comb(d, 2).combination.push(200);
    },
    checks: ['cutPositions', 'demand', 'remnants', 'stats', 'totalWaste', 'waste'],
  },
  {
    name: 'swaps a length in combination',
    change: (d) => {
      comb(d, 0).combination[1] = 200;
    },
    checks: ['combination'],
  },
  {
    name: 'swaps a placed part length',
    change: (d) => {
      at(comb(d, 0).parts, 1).length = 200;
    },
    checks: ['parts'],
  },
  {
    name: 'mislabels a piece',
    change: (d) => {
      at(comb(d, 2).parts, 1).label = 'leg';
    },
    checks: ['parts'],
  },
  {
    name: 'splits waste wrongly',
    change: (d) => {
      comb(d, 2).waste = { total: 500, remnant: 494, saw: 6 };
    },
    checks: ['waste'],
  },
  {
    name: 'misstates total waste of a bar',
    change: (d) => {
      comb(d, 1).waste.total = 51;
    },
    checks: ['waste'],
  },
  {
    name: 'moves a cut position',
    change: (d) => {
      comb(d, 2).cutPositions[1] = 503;
    },
    checks: ['cutPositions'],
  },
  {
    name: 'forgets a cut',
    change: (d) => {
      comb(d, 0).cutPositions.pop();
    },
    checks: ['cutPositions'],
  },
  {
    name: 'exceeds finite stock',
    change: (d) => Object.assign(comb(d, 1), { source: 'stock', sourceIndex: 0, length: 1000 }),
    checks: [
      'purchases',
      'remnants',
      'stats',
      'stockBarsUsed',
      'stockSupply',
      'totalWaste',
      'unusedOffcuts',
      'waste',
    ],
  },
  {
    name: 'exceeds offcut supply',
    change: (d) => Object.assign(comb(d, 1), { sourceIndex: 0, length: 700 }),
    checks: ['offcutSupply', 'remnants', 'stats', 'totalWaste', 'unusedOffcuts', 'waste'],
  },
  {
    name: 'names an unknown source',
    change: (d) => {
      comb(d, 1).sourceIndex = 5;
    },
    checks: ['demand', 'source', 'stats', 'totalWaste', 'unusedOffcuts'],
  },
  {
    name: 'misstates a source length',
    change: (d) => {
      comb(d, 2).length = 1200;
    },
    checks: ['source'],
  },
  {
    name: 'miscounts a purchase',
    change: (d) => {
      at(d.plan.purchases, 0).count = 2;
    },
    checks: ['purchases'],
  },
  {
    name: 'miscosts a purchase',
    change: (d) => {
      at(d.plan.purchases, 0).cost = 5;
    },
    checks: ['purchases'],
  },
  {
    name: 'misprices a purchase',
    change: (d) => {
      at(d.plan.purchases, 0).price = 4;
    },
    checks: ['purchases'],
  },
  {
    name: 'omits a purchase',
    change: (d) => {
      d.plan.purchases = [];
    },
    checks: ['purchases'],
  },
  {
    name: 'miscounts stockBarsUsed',
    change: (d) => {
      d.plan.stockBarsUsed = 2;
    },
    checks: ['stockBarsUsed'],
  },
  {
    name: 'miscounts cuts',
    change: (d) => {
      d.stats.cutCount = 6;
    },
    checks: ['stats'],
  },
  {
    name: 'rounds yield wrongly',
    change: (d) => {
      d.stats.yieldPercent = 66.66;
    },
    checks: ['stats'],
  },
  {
    name: 'misstates total cost',
    change: (d) => {
      d.stats.totalCost = 4;
    },
    checks: ['stats'],
  },
  {
    name: 'drops total cost',
    change: (d) => {
      d.stats.totalCost = null;
    },
    checks: ['stats'],
  },
  {
    name: 'counts a usable remnant as true waste',
    change: (d) => {
      d.stats.trueWaste = 650;
    },
    checks: ['stats'],
  },
  {
    name: 'miscounts layouts',
    change: (d) => {
      d.stats.layoutCount = 2;
    },
    checks: ['stats'],
  },
  {
    name: 'misstates totalWaste',
    change: (d) => {
      d.plan.totalWaste = 651;
    },
    checks: ['totalWaste'],
  },
  {
    name: 'lists a remnant below minRemnant',
    change: (d) => {
      d.plan.usableRemnants.push({ length: 96, count: 1 });
    },
    checks: ['remnants'],
  },
  {
    name: 'omits a usable remnant',
    change: (d) => {
      d.plan.usableRemnants = [];
    },
    checks: ['remnants'],
  },
  {
    name: 'miscounts unused offcuts',
    change: (d) => {
      at(d.plan.unusedOffcuts, 0).count = 2;
    },
    checks: ['unusedOffcuts'],
  },
  {
    name: 'tags a layout with a wrong material',
    change: (d) => {
      comb(d, 0).material = 'steel';
    },
    checks: ['material'],
  },
  {
    name: 'tags a purchase with a wrong material',
    change: (d) => {
      at(d.plan.purchases, 0).material = 'steel';
    },
    checks: ['material'],
  },
  {
    name: 'claims a bar bound above the plan',
    change: (d) => {
      d.plan.stockBarsLowerBound = 1.5;
    },
    checks: ['bounds'],
  },
  {
    name: 'claims a cost bound above the plan',
    change: (d) => {
      d.costLowerBound = 4.51;
    },
    checks: ['bounds'],
  },
  {
    name: 'drops the cost bound although stocks are priced',
    change: (d) => {
      d.costLowerBound = null;
    },
    checks: ['bounds'],
  },
  {
    name: 'lists a purchase of 0 bars',
    change: (d) => {
      at(d.plan.purchases, 0).count = 0;
    },
    checks: ['count'],
  },
  {
    name: 'cuts a layout 0 times',
    change: (d) => {
      at(d.plan.combinations, 1).count = 0;
    },
    checks: ['count', 'demand', 'stats', 'totalWaste', 'unusedOffcuts'],
  },
  {
    name: 'bundles more bars than the layout has',
    change: (d) => {
      comb(d, 2).bundleBars = 2;
    },
    checks: ['count'],
  },
  {
    name: 'puts a waste figure off the grid',
    change: (d) => {
      comb(d, 0).waste.total = 100.5;
    },
    checks: ['grid'],
  },
  {
    name: 'puts a price off the price grid',
    change: (d) => {
      at(d.plan.purchases, 0).price = 4.505;
    },
    checks: ['grid'],
  },
  {
    name: 'echoes a wrong kerf',
    change: (d) => {
      d.meta.kerf = 3;
    },
    checks: ['meta'],
  },
  {
    name: 'echoes a wrong method',
    change: (d) => {
      d.meta.method = 'least_waste';
    },
    checks: ['meta'],
  },
  {
    name: 'adds byMaterial to an untagged job',
    change: (d) => {
      d.stats.byMaterial = {};
    },
    checks: ['byMaterial'],
  },
  {
    name: 'repeats a layout instead of merging it',
    change: (d) => {
      d.plan.combinations.push(structuredClone(at(d.plan.combinations, 2)));
    },
    checks: [
      'demand',
      'layouts',
      'purchases',
      'remnants',
      'stats',
      'stockBarsUsed',
      'stockSupply',
      'totalWaste',
    ],
  },
];

describe('verifyPlan on a corrupted shop job', () => {
  it('passes the job uncorrupted', () => {
    expect(checksOf(verifyPlan(shop.request, shop.response))).toEqual([]);
  });

  it.each(corruptions)('catches a plan that $name', ({ change, checks }) => {
    const result = verifyPlan(shop.request, corrupt(shop.response, change));
    expect(checksOf(result)).toEqual([...checks].sort());
  });
});
