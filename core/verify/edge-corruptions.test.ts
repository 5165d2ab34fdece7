import { describe, expect, it } from 'vitest';
import { at, checksOf, corrupt, type Draft, request, response } from '../../test/support/verify-builders.ts';
import { planCaseNamed } from '../../test/support/verify-cases.ts';
import type { OptimiseResponse } from '../types.ts';
import { verifyPlan } from './index.ts';

const comb = (d: Draft<OptimiseResponse>, i: number) => at(d.plan.combinations, i).usedComb;

describe('verifyPlan on other corrupted plans', () => {
  it('catches a bar overfilled by one scale unit', () => {
    const req = request({
      scale: 10,
      parts: [
        [600, 1],
        [397.2, 1],
      ],
      stockLength: 1000,
      kerf: 2.9,
    });
    const overfilled = response(req, {
      bars: [{ cut: [0, 1], waste: [2.8, 0, 2.8], cuts: [600] }],
      purchases: [[0, 1]],
      stockBarsUsed: 1,
      totalWaste: 2.8,
      stockBarsLowerBound: 1,
      stats: {
        totalParts: 2,
        totalPartsLength: 997.2,
        totalUsedLength: 1000,
        yieldPercent: 99.72,
        cutCount: 1,
        layoutCount: 1,
        totalCost: null,
        trueWaste: 2.8,
      },
    });
    expect(checksOf(verifyPlan(req, overfilled))).toEqual(['fit']);
  });

  it('catches a layout that should have been merged', () => {
    const { request: req, response: valid } = planCaseNamed('decimals with one layout cut twice');
    const split = corrupt(valid, (d) => {
      const layout = at(d.plan.combinations, 0);
      layout.count = 1;
      d.plan.combinations.push(structuredClone(layout));
      d.stats.layoutCount = 2;
    });
    expect(checksOf(verifyPlan(req, split))).toEqual(['layouts']);
  });

  it('catches remnants listed smallest first', () => {
    const { request: req, response: valid } = planCaseNamed('remnants listed largest first');
    const reversed = corrupt(valid, (d) => {
      d.plan.usableRemnants.reverse();
    });
    expect(checksOf(verifyPlan(req, reversed))).toEqual(['remnants']);
  });

  it('catches a layout tagged with another group', () => {
    const { request: req, response: valid } = planCaseNamed('material groups kept apart');
    expect(
      checksOf(
        verifyPlan(
          req,
          corrupt(valid, (d) => {
            comb(d, 1).material = 'steel';
          }),
        ),
      ),
    ).toEqual(['material']);
  });

  it('catches steel parts cut from aluminium stock', () => {
    const { request: req, response: valid } = planCaseNamed('material groups kept apart');
    const mixed = corrupt(valid, (d) => Object.assign(comb(d, 0), { sourceIndex: 1, material: 'alu' }));
    expect(checksOf(verifyPlan(req, mixed))).toEqual(['byMaterial', 'material', 'purchases']);
  });

  it('catches a wrong figure for one material group', () => {
    const { request: req, response: valid } = planCaseNamed('material groups kept apart');
    const wrong = corrupt(valid, (d) => {
      const alu = d.stats.byMaterial?.alu;
      if (alu) alu.stockBarsUsed = 2;
    });
    expect(checksOf(verifyPlan(req, wrong))).toEqual(['byMaterial']);
  });

  it('catches a missing byMaterial group', () => {
    const { request: req, response: valid } = planCaseNamed('material groups kept apart');
    const wrong = corrupt(valid, (d) => {
      if (d.stats.byMaterial) delete d.stats.byMaterial[''];
    });
    expect(checksOf(verifyPlan(req, wrong))).toEqual(['byMaterial']);
  });

  it('catches a cost bound on a job without prices', () => {
    const { request: req, response: valid } = planCaseNamed('kerf and trim');
    expect(
      checksOf(
        verifyPlan(
          req,
          corrupt(valid, (d) => {
            d.costLowerBound = 0;
          }),
        ),
      ),
    ).toEqual(['bounds']);
  });

  it('catches a price on a purchase of unpriced stock', () => {
    const { request: req, response: valid } = planCaseNamed('kerf and trim');
    const priced = corrupt(valid, (d) => Object.assign(at(d.plan.purchases, 0), { price: 1, cost: 1 }));
    expect(checksOf(verifyPlan(req, priced))).toEqual(['purchases']);
  });

  it('fails closed on angled pieces in a request without angle cuts', () => {
    const req = request({ parts: [{ length: 500, quantity: 1, leftAngle: 45 }], stockLength: 1000 });
    const plan = response(req, {
      bars: [{ cut: [0], waste: [500, 500, 0], cuts: [500] }],
      purchases: [[0, 1]],
      remnants: [[500, 1]],
      stockBarsUsed: 1,
      totalWaste: 500,
      stockBarsLowerBound: 1,
      stats: {
        totalParts: 1,
        totalPartsLength: 500,
        totalUsedLength: 1000,
        yieldPercent: 50,
        cutCount: 1,
        layoutCount: 1,
        totalCost: null,
        trueWaste: 0,
      },
    });
    expect(checksOf(verifyPlan(req, plan))).toEqual(['unsupported']);
  });
});
