/**
 * The `priority` check: a real plan that honours priority passes; the same plan with its bars moved back
 * to the identical entry that is not prioritised fails, with square and with mitred ends.
 */
import { describe, expect, it } from 'vitest';
import { planOf } from '../../test/support/solver.ts';
import { checksOf, corrupt } from '../../test/support/verify-builders.ts';
import { parseOptimiseBody } from '../request/index.ts';
import type { OptimiseRequest } from '../types.ts';
import { verifyPlan } from './index.ts';

const mitred = { leftAngle: 45, rightAngle: 45 };
const cuts = { angleCuts: { enabled: true, width: 40, axialSymmetry: 'X' } };

const parsed = (body: unknown): OptimiseRequest => {
  const r = parseOptimiseBody(body, 'json');
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe.each([
  ['square', {}, {}],
  ['mitred', mitred, cuts],
])('verifyPlan on priority, %s ends', (_, angles, mode) => {
  it('catches bars cut from stock while an identical prioritised entry has bars left', async () => {
    const body = {
      parts: [{ length: 1400, quantity: 8, ...angles }],
      stocks: [
        { length: 6000, quantity: 10 },
        { length: 6000, quantity: 10, priority: true },
      ],
      ...mode,
    };
    const valid = await planOf(body);
    expect(checksOf(verifyPlan(parsed(body), valid))).toEqual([]);
    const bad = corrupt(valid, (d) => {
      for (const c of d.plan.combinations) c.usedComb.sourceIndex = 0;
      for (const p of d.plan.purchases) p.stock = 0;
    });
    expect(checksOf(verifyPlan(parsed(body), bad))).toEqual(['priority']);
    // Without the preference the same plan is right.
    const plain = { ...body, stocks: [body.stocks[0], { ...body.stocks[1], priority: false }] };
    expect(checksOf(verifyPlan(parsed(plain), bad))).toEqual([]);
  });

  it('catches an offcut cut while an identical prioritised one is left', async () => {
    const body = {
      parts: [{ length: 900, quantity: 1, ...angles }],
      stockLength: 6000,
      offcuts: [
        { length: 1000, quantity: 1 },
        { length: 1000, quantity: 1, priority: true },
      ],
      ...mode,
    };
    const valid = await planOf(body);
    const bad = corrupt(valid, (d) => {
      for (const c of d.plan.combinations) c.usedComb.sourceIndex = 0;
    });
    expect(checksOf(verifyPlan(parsed(body), bad))).toEqual(['priority']);
  });

  it('leaves a prioritised entry of another price alone', async () => {
    const body = {
      parts: [{ length: 900, quantity: 3, ...angles }],
      stocks: [
        { length: 3000, price: 10 },
        { length: 3000, price: 11, priority: true },
      ],
      ...mode,
    };
    expect(checksOf(verifyPlan(parsed(body), await planOf(body)))).toEqual([]);
  });
});
