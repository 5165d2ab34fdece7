/**
 * Small requests with correct plans worked out by hand from docs/solver.md (every waste split, cut
 * position and job figure below was computed on paper, not by the code under test).
 */
import type { OptimiseRequest, OptimiseResponse } from '../../core/types.ts';
import { type PlanSpec, type RequestSpec, request, response } from './verify-builders.ts';

export interface PlanCase {
  readonly name: string;
  readonly request: OptimiseRequest;
  readonly response: OptimiseResponse;
}

function planCase(name: string, req: RequestSpec, plan: (r: OptimiseRequest) => PlanSpec): PlanCase {
  const built = request(req);
  return { name, request: built, response: response(built, plan(built)) };
}

const noCost = { totalCost: null };

export const PLAN_CASES: readonly PlanCase[] = [
  planCase(
    'kerf 0, and the default minRemnant 0 keeps the leftover as a usable remnant',
    {
      parts: [
        [600, 2],
        [400, 1],
      ],
      stockLength: 1000,
    },
    () => ({
      bars: [
        { cut: [0, 1], waste: [0, 0, 0], cuts: [600] },
        { cut: [0], waste: [400, 400, 0], cuts: [600] },
      ],
      purchases: [[0, 2]],
      remnants: [[400, 1]],
      stockBarsUsed: 2,
      totalWaste: 400,
      stockBarsLowerBound: 2,
      stats: {
        totalParts: 3,
        totalPartsLength: 1600,
        totalUsedLength: 2000,
        yieldPercent: 80,
        cutCount: 2,
        layoutCount: 2,
        ...noCost,
        trueWaste: 0,
      },
    }),
  ),
  planCase('kerf and trim', { parts: [[500, 2]], stockLength: 1200, kerf: 3, trim: true }, () => ({
    bars: [{ cut: [0, 0], waste: [200, 188, 12], cuts: [0, 503, 1006, 1197] }],
    purchases: [[0, 1]],
    remnants: [[188, 1]],
    stockBarsUsed: 1,
    totalWaste: 200,
    stockBarsLowerBound: 1,
    stats: {
      totalParts: 2,
      totalPartsLength: 1000,
      totalUsedLength: 1200,
      yieldPercent: 83.33,
      cutCount: 4,
      layoutCount: 1,
      ...noCost,
      trueWaste: 12,
    },
  })),
  planCase(
    'a piece exactly filling a bar',
    {
      parts: [
        [1000, 1],
        [495, 2],
      ],
      stockLength: 1000,
      kerf: 5,
    },
    () => ({
      bars: [
        { cut: [0], waste: [0, 0, 0], cuts: [] },
        { cut: [1, 1], waste: [10, 0, 10], cuts: [495, 995] },
      ],
      purchases: [[0, 2]],
      stockBarsUsed: 2,
      totalWaste: 10,
      stockBarsLowerBound: 2,
      stats: {
        totalParts: 3,
        totalPartsLength: 1990,
        totalUsedLength: 2000,
        yieldPercent: 99.5,
        cutCount: 2,
        layoutCount: 2,
        ...noCost,
        trueWaste: 10,
      },
    }),
  ),
  planCase('a leftover shorter than a kerf', { parts: [[997, 1]], stockLength: 1000, kerf: 4 }, () => ({
    bars: [{ cut: [0], waste: [3, 0, 3], cuts: [997] }],
    purchases: [[0, 1]],
    stockBarsUsed: 1,
    totalWaste: 3,
    stockBarsLowerBound: 1,
    stats: {
      totalParts: 1,
      totalPartsLength: 997,
      totalUsedLength: 1000,
      yieldPercent: 99.7,
      cutCount: 1,
      layoutCount: 1,
      ...noCost,
      trueWaste: 3,
    },
  })),
  planCase(
    'two pieces and a kerf filling a bar at one decimal',
    {
      scale: 10,
      parts: [
        [600, 1],
        [397.1, 1],
      ],
      stockLength: 1000,
      kerf: 2.9,
    },
    () => ({
      bars: [{ cut: [0, 1], waste: [2.9, 0, 2.9], cuts: [600] }],
      purchases: [[0, 1]],
      stockBarsUsed: 1,
      totalWaste: 2.9,
      stockBarsLowerBound: 1,
      stats: {
        totalParts: 2,
        totalPartsLength: 997.1,
        totalUsedLength: 1000,
        yieldPercent: 99.71,
        cutCount: 1,
        layoutCount: 1,
        ...noCost,
        trueWaste: 2.9,
      },
    }),
  ),
  planCase(
    'offcuts used first and the rest listed unused',
    {
      parts: [[300, 3]],
      stockLength: 1000,
      offcuts: [
        { length: 700, quantity: 1 },
        { length: 250, quantity: 2 },
      ],
      kerf: 2,
    },
    () => ({
      bars: [
        { offcut: 0, cut: [0, 0], waste: [100, 96, 4], cuts: [300, 602] },
        { stock: 0, cut: [0], waste: [700, 698, 2], cuts: [300] },
      ],
      purchases: [[0, 1]],
      remnants: [
        [698, 1],
        [96, 1],
      ],
      unused: [[250, 2]],
      stockBarsUsed: 1,
      totalWaste: 800,
      stockBarsLowerBound: 1,
      stats: {
        totalParts: 3,
        totalPartsLength: 900,
        totalUsedLength: 1700,
        yieldPercent: 52.94,
        cutCount: 3,
        layoutCount: 2,
        ...noCost,
        trueWaste: 6,
      },
    }),
  ),
  planCase(
    'minRemnant keeps one leftover and not the other',
    {
      parts: [
        [1200, 2],
        [400, 1],
      ],
      stockLength: 2000,
      kerf: 3,
      minRemnant: 500,
    },
    () => ({
      bars: [
        { cut: [0, 1], waste: [400, 394, 6], cuts: [1200, 1603] },
        { cut: [0], waste: [800, 797, 3], cuts: [1200] },
      ],
      purchases: [[0, 2]],
      remnants: [[797, 1]],
      stockBarsUsed: 2,
      totalWaste: 1200,
      stockBarsLowerBound: 2,
      stats: {
        totalParts: 3,
        totalPartsLength: 2800,
        totalUsedLength: 4000,
        yieldPercent: 70,
        cutCount: 3,
        layoutCount: 2,
        ...noCost,
        trueWaste: 403,
      },
    }),
  ),
  planCase(
    'remnants listed largest first',
    {
      parts: [
        [700, 1],
        [400, 1],
      ],
      stockLength: 1000,
      minRemnant: 100,
      method: 'least_waste',
    },
    () => ({
      bars: [
        { cut: [0], waste: [300, 300, 0], cuts: [700] },
        { cut: [1], waste: [600, 600, 0], cuts: [400] },
      ],
      purchases: [[0, 2]],
      remnants: [
        [600, 1],
        [300, 1],
      ],
      stockBarsUsed: 2,
      totalWaste: 900,
      stockBarsLowerBound: 2,
      stats: {
        totalParts: 2,
        totalPartsLength: 1100,
        totalUsedLength: 2000,
        yieldPercent: 55,
        cutCount: 2,
        layoutCount: 2,
        ...noCost,
        trueWaste: 0,
      },
    }),
  ),
  planCase(
    'a remnant exactly minRemnant long, and a yield that rounds half up',
    { parts: [[2469, 1]], stockLength: 20000, minRemnant: 17531 },
    () => ({
      bars: [{ cut: [0], waste: [17531, 17531, 0], cuts: [2469] }],
      purchases: [[0, 1]],
      remnants: [[17531, 1]],
      stockBarsUsed: 1,
      totalWaste: 17531,
      stockBarsLowerBound: 1,
      stats: {
        totalParts: 1,
        totalPartsLength: 2469,
        totalUsedLength: 20000,
        yieldPercent: 12.35,
        cutCount: 1,
        layoutCount: 1,
        ...noCost,
        trueWaste: 0,
      },
    }),
  ),
  planCase(
    'finite and priced stock of two lengths',
    {
      priceScale: 100,
      parts: [[800, 4]],
      stocks: [
        { length: 2400, quantity: 1, price: 12.5 },
        { length: 1200, quantity: null, price: 7.25 },
      ],
    },
    () => ({
      bars: [
        { stock: 0, cut: [0, 0, 0], waste: [0, 0, 0], cuts: [800, 1600] },
        { stock: 1, cut: [0], waste: [400, 400, 0], cuts: [800] },
      ],
      purchases: [
        [0, 1, 12.5],
        [1, 1, 7.25],
      ],
      remnants: [[400, 1]],
      stockBarsUsed: 2,
      totalWaste: 400,
      stockBarsLowerBound: 1.34,
      costLowerBound: 16.5,
      stats: {
        totalParts: 4,
        totalPartsLength: 3200,
        totalUsedLength: 3600,
        yieldPercent: 88.89,
        cutCount: 3,
        layoutCount: 2,
        totalCost: 19.75,
        trueWaste: 0,
      },
    }),
  ),
  planCase(
    'material groups kept apart',
    {
      parts: [
        { length: 500, quantity: 2, material: 'steel' },
        { length: 300, quantity: 3, material: 'alu' },
      ],
      stocks: [
        { length: 1000, material: 'steel' },
        { length: 1000, material: 'alu' },
      ],
      offcuts: [{ length: 600, quantity: 1 }],
    },
    () => ({
      bars: [
        { stock: 0, cut: [0, 0], waste: [0, 0, 0], cuts: [500] },
        { stock: 1, cut: [1, 1, 1], waste: [100, 100, 0], cuts: [300, 600, 900] },
      ],
      purchases: [
        [0, 1],
        [1, 1],
      ],
      remnants: [[100, 1, 'alu']],
      unused: [[600, 1]],
      stockBarsUsed: 2,
      totalWaste: 100,
      stockBarsLowerBound: 2,
      stats: {
        totalParts: 5,
        totalPartsLength: 1900,
        totalUsedLength: 2000,
        yieldPercent: 95,
        cutCount: 4,
        layoutCount: 2,
        ...noCost,
        trueWaste: 0,
        byMaterial: {
          steel: {
            totalParts: 2,
            totalPartsLength: 1000,
            totalUsedLength: 1000,
            yieldPercent: 100,
            cutCount: 1,
            layoutCount: 1,
            ...noCost,
            trueWaste: 0,
            stockBarsUsed: 1,
          },
          alu: {
            totalParts: 3,
            totalPartsLength: 900,
            totalUsedLength: 1000,
            yieldPercent: 90,
            cutCount: 3,
            layoutCount: 1,
            ...noCost,
            trueWaste: 0,
            stockBarsUsed: 1,
          },
          '': {
            totalParts: 0,
            totalPartsLength: 0,
            totalUsedLength: 0,
            yieldPercent: 0,
            cutCount: 0,
            layoutCount: 0,
            ...noCost,
            trueWaste: 0,
            stockBarsUsed: 0,
          },
        },
      },
    }),
  ),
  planCase(
    'decimals with one layout cut twice',
    { scale: 10, parts: [[120.5, 4]], stockLength: 250, kerf: 2.5 },
    () => ({
      bars: [{ cut: [0, 0], count: 2, waste: [9, 4, 5], cuts: [120.5, 243.5] }],
      purchases: [[0, 2]],
      remnants: [[4, 2]],
      stockBarsUsed: 2,
      totalWaste: 18,
      stockBarsLowerBound: 2,
      stats: {
        totalParts: 4,
        totalPartsLength: 482,
        totalUsedLength: 500,
        yieldPercent: 96.4,
        cutCount: 4,
        layoutCount: 1,
        ...noCost,
        trueWaste: 10,
      },
    }),
  ),
  planCase(
    'trim on an offcut with no stock at all',
    { parts: [[496, 1]], offcuts: [{ length: 500, quantity: 1 }], kerf: 2, trim: true },
    () => ({
      bars: [{ offcut: 0, cut: [0], waste: [4, 0, 4], cuts: [0, 498] }],
      stockBarsUsed: 0,
      totalWaste: 4,
      stockBarsLowerBound: 0,
      stats: {
        totalParts: 1,
        totalPartsLength: 496,
        totalUsedLength: 500,
        yieldPercent: 99.2,
        cutCount: 2,
        layoutCount: 1,
        ...noCost,
        trueWaste: 4,
      },
    }),
  ),
  planCase('trim without kerf adds no cut', { parts: [[1000, 1]], stockLength: 1000, trim: true }, () => ({
    bars: [{ cut: [0], waste: [0, 0, 0], cuts: [] }],
    purchases: [[0, 1]],
    stockBarsUsed: 1,
    totalWaste: 0,
    stockBarsLowerBound: 1,
    stats: {
      totalParts: 1,
      totalPartsLength: 1000,
      totalUsedLength: 1000,
      yieldPercent: 100,
      cutCount: 0,
      layoutCount: 1,
      ...noCost,
      trueWaste: 0,
    },
  })),
  planCase(
    'a shop job: offcuts, finite priced stock, labels and minRemnant',
    {
      priceScale: 100,
      parts: [[300, 3], { length: 200, quantity: 2, label: 'rail' }],
      stocks: [{ length: 1000, quantity: 1, price: 4.5 }],
      offcuts: [
        { length: 700, quantity: 1 },
        { length: 250, quantity: 2 },
      ],
      kerf: 2,
      minRemnant: 100,
    },
    () => ({
      bars: [
        { offcut: 0, cut: [0, 0], waste: [100, 96, 4], cuts: [300, 602] },
        { offcut: 1, cut: [1], waste: [50, 48, 2], cuts: [200] },
        { stock: 0, cut: [0, 1], waste: [500, 496, 4], cuts: [300, 502] },
      ],
      purchases: [[0, 1, 4.5]],
      remnants: [[496, 1]],
      unused: [[250, 1]],
      stockBarsUsed: 1,
      totalWaste: 650,
      stockBarsLowerBound: 1,
      costLowerBound: 4.5,
      stats: {
        totalParts: 5,
        totalPartsLength: 1300,
        totalUsedLength: 1950,
        yieldPercent: 66.67,
        cutCount: 5,
        layoutCount: 3,
        totalCost: 4.5,
        trueWaste: 154,
      },
    }),
  ),
];

/** A case of {@link PLAN_CASES} by name (throws for an unknown name: a broken test). */
export function planCaseNamed(name: string): PlanCase {
  const found = PLAN_CASES.find((c) => c.name === name);
  if (found === undefined) throw new Error(`no plan case named ${name}`);
  return found;
}
