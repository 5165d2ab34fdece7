/**
 * `offcuts_first` with angle cuts: the master carries the usage row "offcut material used ≥ U*" (the most
 * any plan can use), so a plan that uses U* and meets the bound is proven, even when some offcut fits no
 * piece at all.
 */
import { describe, expect, it } from 'vitest';
import { planOf } from '../../../test/support/solver.ts';
import { parseOptimiseBody } from '../../request/index.ts';
import { buildAngleJobs } from './job.ts';
import { angleOffcutUsage } from './search.ts';

const body = {
  parts: [
    { length: 460, quantity: 9, leftAngle: 45, rightAngle: 45 },
    { length: 700, quantity: 3, leftAngle: 60, rightAngle: 90 },
  ],
  stockLength: 3000,
  kerf: 3,
  // The two 400s hold no piece (the shortest is 460): no plan can use them.
  offcuts: [
    { length: 1300, quantity: 1 },
    { length: 400, quantity: 2 },
    { length: 800, quantity: 1 },
  ],
  method: 'offcuts_first',
  angleCuts: { enabled: true, width: 40, axialSymmetry: 'X' },
};

describe('offcuts_first with angle cuts', () => {
  it('counts as usable only the offcuts some piece fits alone', () => {
    const parsed = parseOptimiseBody(body, 'json');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const [job] = buildAngleJobs(parsed.value);
    if (!job) throw new Error('no job');
    const demand = job.shapes.map((s) => s.demand);
    const supply = job.base.sources.map((s) => s.supply);
    const scale = (job.base.sources.find((s) => s.kind === 'stock')?.length ?? 0) / 3000;
    expect(angleOffcutUsage(job, demand, supply)).toBe((1300 + 800) * scale);
  });

  it('proves a plan that uses every usable offcut and meets the bound', async () => {
    const r = await planOf(body);
    expect(r.plan.verified).toBe(true);
    expect(r.plan.optimal).toBe(true);
    const lengths = r.plan.combinations.map((c) => c.usedComb.length);
    expect(lengths).toContain(1300);
    expect(lengths).toContain(800);
    expect(lengths).not.toContain(400);
  });
});
