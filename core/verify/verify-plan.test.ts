import { describe, expect, it } from 'vitest';
import { at, checksOf } from '../../test/support/verify-builders.ts';
import { PLAN_CASES } from '../../test/support/verify-cases.ts';
import { verifyPlan } from './index.ts';

describe('verifyPlan', () => {
  it.each(PLAN_CASES)('passes a correct plan: $name', ({ request, response }) => {
    const result = verifyPlan(request, response);
    expect(result.ok ? [] : result.error.issues).toEqual([]);
  });

  it('leaves the response untouched', () => {
    for (const { request, response } of PLAN_CASES) {
      const before = structuredClone(response);
      verifyPlan(request, response);
      expect(response).toEqual(before);
    }
  });

  it('does not read plan.verified: the caller sets it after the check', () => {
    const { request, response } = at(PLAN_CASES, 0);
    const claimed = { ...response, plan: { ...response.plan, verified: true } };
    expect(checksOf(verifyPlan(request, claimed))).toEqual([]);
  });
});
