import { describe, expect, it } from 'vitest';
import { fixture, onlyJob, workBudget } from '../../../../test/support/solver.ts';
import { solveGroup } from '../solve-group.ts';

// Strong branching on full-bar jobs (technique `strong-branching`): ANI 402_NR_6's LP bound is one bar
// below the optimum and the most fractional arc leaves both children at the floor; without the trials
// its tree ran 799 nodes in 1,500 master solves and stayed open (`bench/work-counts.ts`).

describe('strong branching in the tree (ANI 402_10000_NR_6)', () => {
  it('proves the optimum within 1,000 master solves, with trials', async () => {
    const inst = fixture('ani', '402_10000_NR_6.txt');
    const { engine, budget } = await workBudget(1000);
    const res = solveGroup(onlyJob(inst.body), engine, budget);
    expect(res.status).toBe('optimal');
    expect(res.plan?.cost).toBe(inst.opt);
    expect(res.bound).toBe(inst.opt);
    expect(res.trace.strongProbes ?? 0).toBeGreaterThan(0);
    // Work, not time, decides the outcome; the limit only allows for a loaded machine (about 20 s alone).
  }, 240_000);
});
