/**
 * Setups claims of angle plans, one corruption per claim: `stats.setups` counts (source length, each
 * piece's length and end angles as placed) in cut order, per material group and in all; under
 * `fewest_setups` the bound lies in 0 … setups and `setupsOptimal` says whether it meets them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '../../test/support/solver.ts';
import { checksOf, corrupt } from '../../test/support/verify-builders.ts';
import { parseOptimiseBody } from '../request/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../types.ts';
import { verifyPlan } from './index.ts';

const angleCuts = { enabled: true, width: 40, axialSymmetry: 'X' };

/** One piece a bar: five mitred 1000s and five square 1000s (two setups of equal lengths), two labels. */
const MIXED = {
  parts: [
    { length: 1000, quantity: 3, leftAngle: 45, rightAngle: 45, label: 'a' },
    { length: 1000, quantity: 2, leftAngle: 45, rightAngle: 45, label: 'b' },
    { length: 1000, quantity: 5, material: 'oak' },
  ],
  stocks: [{ length: 1100 }, { length: 1100, material: 'oak' }],
  angleCuts,
};

/** 27 frame pieces: 2 bars on 2 setups, proven minimal. */
const FRAMES = {
  parts: [{ length: 460, quantity: 27, leftAngle: 45, rightAngle: 45 }],
  stockLength: 6000,
  kerf: 0,
  angleCuts,
  method: 'fewest_setups',
};

async function solved(body: unknown): Promise<{ request: OptimiseRequest; response: OptimiseResponse }> {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { request: parsed.value, response: await planOf(body) };
}

let mixed: { request: OptimiseRequest; response: OptimiseResponse };
let frames: { request: OptimiseRequest; response: OptimiseResponse };
beforeAll(async () => {
  mixed = await solved({ ...MIXED, method: 'fewest_setups' });
  frames = await solved(FRAMES);
});

describe('verifier: setups of angle plans', () => {
  it('passes the solver’s plans, whose setups tell angles apart and labels not', () => {
    expect(checksOf(verifyPlan(mixed.request, mixed.response))).toEqual([]);
    expect(mixed.response.stats.setups).toBe(2);
    expect(mixed.response.stats.layoutCount).toBe(3);
    expect(checksOf(verifyPlan(frames.request, frames.response))).toEqual([]);
    expect(frames.response.stats).toMatchObject({ setups: 2, setupsLowerBound: 2, setupsOptimal: true });
  });

  it.each([
    [
      'setups counted by lengths alone (the mitred and the square 1000s as one)',
      (d: Parameters<Parameters<typeof corrupt>[1]>[0]) => {
        d.stats.setups = 1;
        d.stats.setupsLowerBound = 1;
        d.stats.setupsOptimal = true;
      },
    ],
    [
      'setups counted by layouts (labels as setups)',
      (d: Parameters<Parameters<typeof corrupt>[1]>[0]) => {
        d.stats.setups = 3;
        d.stats.setupsOptimal = false;
      },
    ],
    [
      'a material group’s setups wrong',
      (d: Parameters<Parameters<typeof corrupt>[1]>[0]) => {
        const oak = d.stats.byMaterial?.oak;
        if (oak) oak.setups = 2;
      },
    ],
    [
      'a bound above the count',
      (d: Parameters<Parameters<typeof corrupt>[1]>[0]) => {
        d.stats.setupsLowerBound = 3;
        d.stats.setupsOptimal = false;
      },
    ],
  ])('catches %s', (_, change) => {
    expect(checksOf(verifyPlan(mixed.request, corrupt(mixed.response, change)))).toContain('setups');
  });

  it('catches a bound missing under fewest_setups (as an unreadable count)', () => {
    const bad = corrupt(mixed.response, (d) => {
      delete d.stats.setupsLowerBound;
    });
    expect(checksOf(verifyPlan(mixed.request, bad))).toContain('count');
  });

  it('catches a false proof and a proof denied', () => {
    const falseProof = corrupt(frames.response, (d) => {
      d.stats.setupsLowerBound = 1;
    });
    expect(checksOf(verifyPlan(frames.request, falseProof))).toContain('setups');
    const denied = corrupt(frames.response, (d) => {
      d.stats.setupsOptimal = false;
    });
    expect(checksOf(verifyPlan(frames.request, denied))).toContain('setups');
  });

  it('catches a bound under balanced, where none is claimed', async () => {
    const r = await solved(MIXED);
    expect(checksOf(verifyPlan(r.request, r.response))).toEqual([]);
    const bad = corrupt(r.response, (d) => {
      d.stats.setupsLowerBound = 1;
    });
    expect(checksOf(verifyPlan(r.request, bad))).toContain('setups');
  });
});
