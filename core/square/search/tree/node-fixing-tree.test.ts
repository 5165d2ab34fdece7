import { describe, expect, it } from 'vitest';
import { fixture, onlyJob, workBudget } from '../../../../test/support/solver.ts';
import { solveGroup } from '../solve-group.ts';

// Node-level fixing (technique `node-fixing`) in a whole tree: a subtree's ban must be lifted when the tree
// moves to a node outside it. On ANI 201_NR_4 the root's fixing never fixes an arc and node fixings ban
// two subtrees; a ban left in force past its subtree made a sibling's master infeasible, the node stayed
// unresolved and the tree ended unproven (66 found, bound 65) in about 140 pricing rounds.

describe('node-level fixing in the tree (ANI 201_2500_NR_4)', () => {
  const inst = fixture('ani', '201_2500_NR_4.txt');
  const job = onlyJob(inst.body);

  it.each([
    ['on', new Set<never>()],
    ['off', new Set(['node-fixing'] as const)],
  ])('proves the optimum with node fixing %s', async (_, off) => {
    const { engine, budget } = await workBudget(3000);
    const res = solveGroup(job, engine, budget, undefined, off);
    expect(res.status).toBe('optimal');
    expect(res.plan?.cost).toBe(inst.opt);
    expect(res.bound).toBe(inst.opt);
    // The bug's path: node fixings ran (with the switch on) while the root fixed nothing.
    if (off.size === 0) expect(res.trace.nodeFixings ?? 0).toBeGreaterThan(0);
    expect(res.trace.fixedArcs ?? 0).toBe(0);
  });
});
