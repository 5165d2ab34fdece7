import { describe, expect, it } from 'vitest';
import { planOf } from '../../test/support/solver.ts';
import { parseOptimiseBody } from '../request/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../types.ts';
import { verifyPlan } from './verify-plan.ts';

type Mutable = Record<string, unknown>;
type Body = { plan: Mutable & { combinations: { usedComb: Mutable }[] }; stats: Mutable; meta: Mutable };

async function solved(body: unknown): Promise<{ request: OptimiseRequest; response: OptimiseResponse }> {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { request: parsed.value, response: await planOf(body) };
}

/** The check ids a corrupted copy of the response fails. */
function failuresOf(
  request: OptimiseRequest,
  response: OptimiseResponse,
  corrupt: (r: Body) => void,
): string[] {
  const copy = structuredClone(response) as never;
  corrupt(copy);
  const r = verifyPlan(request, copy);
  return r.ok ? [] : r.error.issues.map((i) => i.check);
}

const bundleBody = {
  parts: '3000x26,1000x3',
  stocks: [{ length: 6000, bundleSize: 6 }],
  offcuts: [{ length: 1000, quantity: 1 }],
  method: 'bundle',
};

describe('verifier: setups and bundles', () => {
  it('passes the solver’s bundle plan', async () => {
    const { request, response } = await solved(bundleBody);
    expect(verifyPlan(request, response).ok).toBe(true);
  });

  it.each([
    [
      'a wrong setups count',
      (r: Body) => {
        r.stats.setups = (r.stats.setups as number) + 1;
      },
      'setups',
    ],
    [
      'a bound above the count',
      (r: Body) => {
        r.stats.setupsLowerBound = (r.stats.setups as number) + 1;
      },
      'setups',
    ],
    [
      'a false optimality claim',
      (r: Body) => {
        r.stats.setupsLowerBound = 0;
        r.stats.setupsOptimal = true;
      },
      'setups',
    ],
    [
      'bundle bars that are no whole bundle',
      (r: Body) => {
        const c = r.plan.combinations.find((x) => (x.usedComb.bundleBars as number) > 0);
        if (c) c.usedComb.bundleBars = (c.usedComb.bundleBars as number) - 1;
        r.stats.fullBundleBars = (r.stats.fullBundleBars as number) - 1;
        r.stats.singleBars = (r.stats.singleBars as number) + 1;
      },
      'bundles',
    ],
    [
      'wrong full-bundle bars',
      (r: Body) => {
        r.stats.fullBundleBars = 13;
      },
      'bundles',
    ],
    [
      'a wrong efficiency',
      (r: Body) => {
        r.stats.bundleEfficiency = 0.92;
      },
      'bundles',
    ],
    [
      'a missing bundleBars',
      (r: Body) => {
        delete r.plan.combinations[0]?.usedComb.bundleBars;
      },
      'bundles',
    ],
    [
      'a wrong objective',
      (r: Body) => {
        r.meta.objective = 'cost';
      },
      'meta',
    ],
  ])('catches %s', async (_, corrupt, check) => {
    const { request, response } = await solved(bundleBody);
    expect(failuresOf(request, response, corrupt)).toContain(check);
  });

  it('checks stats.setups under balanced too, and refuses bundle fields there', async () => {
    const { request, response } = await solved({ parts: '1000x3,700x2', stockLength: 3000 });
    expect(verifyPlan(request, response).ok).toBe(true);
    expect(
      failuresOf(request, response, (r) => {
        r.stats.setups = 0;
      }),
    ).toContain('setups');
    expect(
      failuresOf(request, response, (r) => {
        r.stats.fullBundleBars = 0;
      }),
    ).toContain('bundles');
  });
});
