/**
 * `stats.sawStops` claims (docs/api.md, Saw stops), square and mitred: the verifier re-derives the stop
 * settings from the layouts' cut positions and flags a wrong total or a wrong material group's count.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '../../test/support/solver.ts';
import { checksOf, corrupt, type Draft } from '../../test/support/verify-builders.ts';
import { parseOptimiseBody } from '../request/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../types.ts';
import { verifyPlan } from './index.ts';

/** The spec's first example. */
const EXAMPLE = { parts: '2400x5, 1800x3', stock: 6000 };

/** Mitred frames in two materials, kerf 3: angled cuts are stops at [top, bottom] pairs. */
const FRAMES = {
  parts: [
    { length: 900, quantity: 4, leftAngle: 45, rightAngle: 135, label: 'head', material: 'oak' },
    { length: 600, quantity: 4, leftAngle: 45, rightAngle: 135, label: 'jamb', material: 'oak' },
    { length: 700, quantity: 3, leftAngle: 45, rightAngle: 45, material: 'ash' },
  ],
  stocks: [
    { length: 3000, material: 'oak' },
    { length: 2500, material: 'ash' },
  ],
  kerf: 3,
  angleCuts: { enabled: true, width: 40, axialSymmetry: 'XYZ' },
};

type Job = { request: OptimiseRequest; response: OptimiseResponse };

async function solved(body: unknown): Promise<Job> {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { request: parsed.value, response: await planOf(body) };
}

let example: Job;
let setups: Job;
let frames: Job;
beforeAll(async () => {
  example = await solved(EXAMPLE);
  setups = await solved({ ...EXAMPLE, method: 'fewest_setups' });
  frames = await solved(FRAMES);
});

describe('stats.sawStops', () => {
  it('gives the spec example 4 stop settings (3 setups), and fewest_setups 3 (2 setups)', () => {
    expect(example.response.stats).toMatchObject({ setups: 3, sawStops: 4 });
    expect(setups.response.stats).toMatchObject({ setups: 2, sawStops: 3 });
    for (const job of [example, setups, frames])
      expect(checksOf(verifyPlan(job.request, job.response))).toEqual([]);
  });

  it('counts mitred plans per material group, summed', () => {
    const { stats } = frames.response;
    const groups = Object.values(stats.byMaterial ?? {});
    expect(groups).toHaveLength(2);
    expect(groups.reduce((a, g) => a + (g.sawStops ?? 0), 0)).toBe(stats.sawStops);
    expect(stats.sawStops).toBeGreaterThan(0);
  });

  it.each([
    [
      'the example counted per piece length (2)',
      'example',
      (d: Draft<OptimiseResponse>): void => {
        d.stats.sawStops = 2;
      },
    ],
    [
      'the example counted per cut (7)',
      'example',
      (d: Draft<OptimiseResponse>): void => {
        d.stats.sawStops = 7;
      },
    ],
    [
      'a mitred plan one short',
      'frames',
      (d: Draft<OptimiseResponse>): void => {
        d.stats.sawStops = (d.stats.sawStops ?? 0) - 1;
      },
    ],
    [
      'a material group’s count wrong',
      'frames',
      (d: Draft<OptimiseResponse>) => {
        const oak = d.stats.byMaterial?.oak;
        if (oak) oak.sawStops = (oak.sawStops ?? 0) + 1;
      },
    ],
  ] as const)('flags %s', (_name, which, change) => {
    const job = which === 'example' ? example : frames;
    const bad = corrupt(job.response, change);
    expect(checksOf(verifyPlan(job.request, bad))).toEqual(['sawStops']);
  });
});
