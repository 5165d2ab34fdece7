import { describe, expect, it } from 'vitest';
import { fixture, onlyJob, workBudget } from '../../../../test/support/solver.ts';
import { budgetOf, manualClock } from '../../../budget.ts';
import { solveGroup } from '../solve-group.ts';
import { firstDiveBudget, strongOf } from './branch-and-price.ts';
import {
  FULL_BAR_DIVE_SOLVES,
  STRONG_BRANCHING,
  STRONG_FLOOR_STREAK,
  STRONG_TRIAL_ROUNDS,
} from './tuning.ts';

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

describe('strongOf', () => {
  it.each([
    // Technique `strong-rounds`: a trial child gets more master solves than the tuning's 5.
    [[], STRONG_TRIAL_ROUNDS, true],
    [['strong-rounds'], STRONG_BRANCHING.rounds, true],
    [['strong-history'], STRONG_TRIAL_ROUNDS, false],
  ] as const)('with %o off: %i rounds a trial child, history %s', (off, rounds, history) => {
    const strong = strongOf(new Set(off));
    expect(strong.rounds).toBe(rounds);
    expect(strong.history).toBe(history);
    expect(strong.solves).toBe(STRONG_BRANCHING.solves);
    expect(STRONG_TRIAL_ROUNDS).toBeGreaterThan(STRONG_BRANCHING.rounds);
  });

  // Opt-in technique `strong-streak`: no floor streak unless switched on.
  it.each([
    [[], undefined],
    [['strong-streak'], STRONG_FLOOR_STREAK],
    [['plunge'], undefined],
  ] as const)('with %o on: streak %s', (on, streak) => {
    expect(strongOf(new Set(), new Set(on)).streak).toBe(streak);
  });
});

describe('firstDiveBudget', () => {
  // Technique `full-bar-dive-cap`: a full-bar job's first dive ends after FULL_BAR_DIVE_SOLVES master
  // solves counted from the dive's start; other jobs, and the switch off, keep the search's budget.
  it.each([
    [true, [], true],
    [true, ['full-bar-dive-cap'], false],
    [false, [], false],
  ] as const)('full bars %s, %o off: capped %s', (fullBars, off, capped) => {
    const budget = budgetOf(manualClock(), 60_000);
    let solves = 37;
    const dive = firstDiveBudget(new Set(off), fullBars, budget, () => solves);
    expect(dive === budget).toBe(!capped);
    solves += FULL_BAR_DIVE_SOLVES - 1;
    expect(dive.expired()).toBe(false);
    solves += 1;
    expect(dive.expired()).toBe(capped);
    // The search's own budget never ends by the dive's count.
    expect(budget.expired()).toBe(false);
  });
});
