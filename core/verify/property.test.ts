import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naivePlan, tag } from '../../test/support/naive-plan.ts';
import { corrupt, type Draft, request } from '../../test/support/verify-builders.ts';
import type { OptimiseResponse } from '../types.ts';
import { verifyPlan } from './index.ts';

// ---------------------------------------------------------------------------------------------------
// Random small requests, in scale units; every part's material has an unlimited stock it fits.
// ---------------------------------------------------------------------------------------------------

const MATERIALS = ['steel', 'alu'] as const;

const requestArb = fc
  .record({
    scale: fc.constantFrom(1, 10),
    priceScale: fc.constantFrom(1, 100),
    kerf: fc.integer({ min: 0, max: 5 }),
    trim: fc.boolean(),
    minRemnant: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 })),
    tagged: fc.boolean(),
    parts: fc.array(
      fc.record({
        length: fc.integer({ min: 1, max: 60 }),
        quantity: fc.integer({ min: 1, max: 4 }),
        group: fc.nat({ max: 1 }),
        label: fc.option(fc.constantFrom('a', 'b'), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    stocks: fc.array(
      fc.record({
        length: fc.integer({ min: 20, max: 150 }),
        quantity: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
        price: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
        group: fc.nat({ max: 1 }),
      }),
      { maxLength: 2 },
    ),
    offcuts: fc.array(
      fc.record({
        length: fc.integer({ min: 5, max: 120 }),
        quantity: fc.integer({ min: 1, max: 3 }),
        group: fc.nat({ max: 1 }),
      }),
      { maxLength: 3 },
    ),
    spare: fc.integer({ min: 0, max: 50 }),
    price: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
  })
  .map((g) => {
    const material = (group: number) => (g.tagged ? MATERIALS[group] : undefined);
    const groups = [...new Set(g.parts.map((p) => p.group))];
    const fallback = groups.map((group) => ({
      length:
        Math.max(...g.parts.filter((p) => p.group === group).map((p) => p.length)) + 2 * g.kerf + g.spare,
      quantity: null,
      price: g.price,
      group,
    }));
    const len = (units: number) => units / g.scale;
    return request({
      scale: g.scale,
      priceScale: g.priceScale,
      kerf: len(g.kerf),
      trim: g.trim,
      minRemnant: len(g.minRemnant),
      parts: g.parts.map((p) => ({
        length: len(p.length),
        quantity: p.quantity,
        ...(p.label === undefined ? {} : { label: p.label }),
        ...tag(material(p.group) ?? null),
      })),
      stocks: [...g.stocks, ...fallback].map((st) => ({
        length: len(st.length),
        quantity: st.quantity,
        price: st.price === null ? null : st.price / g.priceScale,
        ...tag(material(st.group) ?? null),
      })),
      offcuts: g.offcuts.map((o) => ({
        length: len(o.length),
        quantity: o.quantity,
        ...tag(material(o.group) ?? null),
      })),
    });
  });

/** Single corruptions that no correct verifier may let through, whatever the plan. */
const MUTATIONS: readonly {
  name: string;
  apply: (d: Draft<OptimiseResponse>, pick: number, scale: number) => void;
}[] = [
  {
    name: 'cut a layout once more',
    apply: (d, i) => {
      layout(d, i).count += 1;
    },
  },
  {
    name: 'drop a layout',
    apply: (d, i) => {
      d.plan.combinations.splice(i % d.plan.combinations.length, 1);
    },
  },
  {
    name: 'lengthen a piece by one unit',
    apply: (d, i, s) => {
      first(layout(d, i).usedComb.parts).length += 1 / s;
    },
  },
  {
    name: 'shift the saw waste by one unit',
    apply: (d, i, s) => {
      layout(d, i).usedComb.waste.saw += 1 / s;
    },
  },
  {
    name: 'move or add a cut',
    apply: (d, i, s) => {
      const cuts = layout(d, i).usedComb.cutPositions;
      if (cuts.length === 0) cuts.push(0);
      else cuts[0] = (cuts[0] as number) + 1 / s;
    },
  },
  {
    name: 'retag a layout',
    apply: (d, i) => {
      layout(d, i).usedComb.material = 'zinc';
    },
  },
  {
    name: 'point at a missing source',
    apply: (d, i) => {
      layout(d, i).usedComb.sourceIndex += 100;
    },
  },
  {
    name: 'buy one bar more',
    apply: (d) => {
      const purchase = d.plan.purchases[0];
      if (purchase) purchase.count += 1;
      else d.plan.purchases.push({ stock: 0, length: 1, count: 1 });
    },
  },
  {
    name: 'list a phantom unused offcut',
    apply: (d) => {
      d.plan.unusedOffcuts.push({ length: 1000, count: 1 });
    },
  },
  {
    name: 'miscount cuts',
    apply: (d) => {
      d.stats.cutCount += 1;
    },
  },
  {
    name: 'miscount parts',
    apply: (d) => {
      d.stats.totalParts += 1;
    },
  },
  {
    name: 'nudge the yield',
    apply: (d) => {
      d.stats.yieldPercent += 0.01;
    },
  },
  {
    name: 'misstate total waste',
    apply: (d, _, s) => {
      d.plan.totalWaste += 1 / s;
    },
  },
  {
    name: 'put total waste off the grid',
    apply: (d, _, s) => {
      d.plan.totalWaste += 0.1 / s;
    },
  },
  {
    name: 'claim a bound above the plan',
    apply: (d) => {
      d.plan.stockBarsLowerBound = d.plan.stockBarsUsed + 1;
    },
  },
  {
    name: 'echo a wrong kerf',
    apply: (d) => {
      d.meta.kerf += 1;
    },
  },
];

function layout(d: Draft<OptimiseResponse>, pick: number) {
  return first(d.plan.combinations.slice(pick % d.plan.combinations.length));
}

function first<T>(list: readonly T[]): T {
  const [head] = list;
  if (head === undefined) throw new Error('test bug: empty list');
  return head;
}

describe('verifyPlan on random jobs', () => {
  it('passes every naive first-fit plan', () => {
    fc.assert(
      fc.property(requestArb, (req) => {
        const result = verifyPlan(req, naivePlan(req));
        expect(result.ok ? [] : result.error.issues).toEqual([]);
      }),
      { seed: 1729, numRuns: 300 },
    );
  });

  it('rejects every single corruption of them', () => {
    fc.assert(
      fc.property(requestArb, fc.nat({ max: MUTATIONS.length - 1 }), fc.nat(), (req, which, pick) => {
        const mutation = first(MUTATIONS.slice(which));
        const broken = corrupt(naivePlan(req), (d) => mutation.apply(d, pick, req.scale));
        expect(verifyPlan(req, broken).ok, mutation.name).toBe(false);
      }),
      { seed: 4711, numRuns: 600 },
    );
  });
});
