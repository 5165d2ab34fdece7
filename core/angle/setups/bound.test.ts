/**
 * The angle setups bound against exhaustive search on small random mitred jobs: for every job, the fewest
 * setups of any plan (every sequence, order and turn the model allows; bars at the least cost) is never
 * below the bound at that cost. Plans of the model fit the real bar, so this checks the bound against a
 * subset of the real plans: a necessary condition of its validity, which is argued in setups-bound.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exhaustive, smallAngleJob, smallJob } from '../../../test/support/angle-setups.ts';
import { parseOptimiseBody } from '../../request/index.ts';
import { buildAngleJobs } from '../search/job.ts';
import { angleSetupsLowerBound } from './bound.ts';

describe('angle setups bound', () => {
  it('is never above the fewest setups of any plan at the least bar count (exhaustive, small jobs)', () => {
    let above1 = 0;
    let above2 = 0;
    fc.assert(
      fc.property(smallAngleJob, (body) => {
        const j = smallJob(body);
        if (!j) return;
        const { bars, setups } = exhaustive(j);
        if (!Number.isFinite(bars)) return;
        // Unpriced, one stock length: the cost is the bar count.
        const bound = angleSetupsLowerBound(j, bars);
        expect(bound).toBeLessThanOrEqual(setups);
        if (bound >= 2) above1++;
        if (bound >= 3) above2++;
      }),
      { seed: Number(process.env.SEED ?? 2026), numRuns: Number(process.env.RUNS ?? 150) },
    );
    // Both the one-setup and the two-setup tests take part.
    expect(above1).toBeGreaterThan(10);
    expect(above2).toBeGreaterThan(3);
  });

  it('counts shapes that one turn makes alike as one class', () => {
    // 45°/135° and 135°/45° of one length are one slot turned about Y: one setup cuts both, one a bar.
    const parsed = parseOptimiseBody(
      {
        parts: [
          { length: 1000, quantity: 1, leftAngle: 45, rightAngle: 135 },
          { length: 1000, quantity: 1, leftAngle: 135, rightAngle: 45 },
        ],
        stockLength: 1100,
        angleCuts: { enabled: true, width: 40, axialSymmetry: 'Y' },
      },
      'json',
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    const [j] = buildAngleJobs(parsed.value);
    if (!j) throw new Error('no job');
    expect(exhaustive(j)).toMatchObject({ bars: 2, setups: 1 });
    expect(angleSetupsLowerBound(j, 2)).toBe(1);
  });
});
