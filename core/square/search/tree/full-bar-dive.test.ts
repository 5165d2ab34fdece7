import { describe, expect, it } from 'vitest';
import { fixture, onlyJob, workBudget } from '../../../../test/support/solver.ts';
import type { Technique } from '../../../model/index.ts';
import { solveGroup } from '../solve-group.ts';

// The first dive of a full-bar job (technique `full-bar-dive-parts`): ANI 402_NR_41 has no plan at its
// LP bound, so that dive cannot succeed; one bar a step it took 180 master solves (298 to the proof),
// whole parts a step 125 to the proof (`bench/work-counts.ts`, docs/solver.md).

describe('the first dive of a full-bar job (ANI 402_10000_NR_41)', () => {
  const inst = fixture('ani', '402_10000_NR_41.txt');
  const run = async (off: Technique[]) => {
    const { engine, budget } = await workBudget(200);
    return solveGroup(onlyJob(inst.body), engine, budget, undefined, new Set(off));
  };

  it('proves the optimum within 200 master solves with whole parts a step', async () => {
    const res = await run([]);
    expect(res.status).toBe('optimal');
    expect(res.plan?.cost).toBe(inst.opt);
    expect(res.bound).toBe(inst.opt);
  }, 240_000);

  it('does not, one bar a step, with the dive uncapped', async () => {
    const res = await run(['full-bar-dive-parts', 'full-bar-dive-cap']);
    expect(res.status).not.toBe('optimal');
    expect(res.bound).toBeLessThanOrEqual(inst.opt);
  }, 240_000);

  // Technique `full-bar-dive-cap`: the one-bar dive ends after FULL_BAR_DIVE_SOLVES master solves, which
  // leaves the tree enough of the 200 to prove the optimum.
  it('proves it one bar a step too, with the dive capped', async () => {
    const res = await run(['full-bar-dive-parts']);
    expect(res.status).toBe('optimal');
    expect(res.bound).toBe(inst.opt);
  }, 240_000);
});
