import { describe, expect, it } from 'vitest';
import { trialMaster } from '../../test/support/trial-master.ts';
import { budgetOf, manualClock } from '../budget.ts';
import type { Residual } from '../master/index.ts';
import { type StrongHistory, splitArc, strongSplit, trialSolvesAllowed } from './strong-branching.ts';

// The two children of an arc split (technique `strong-branching` tries and tightens to them).

describe('splitArc', () => {
  it.each([
    [0.5, undefined, { lo: Number.NEGATIVE_INFINITY, hi: 0 }, { lo: 1, hi: Number.POSITIVE_INFINITY }],
    [2.3, { lo: 1, hi: 5 }, { lo: 1, hi: 2 }, { lo: 3, hi: 5 }],
  ])('splits flow %f under %o', (value, prev, down, up) => {
    const arcs = new Map(prev ? [['a', prev]] : []);
    const s = splitArc(arcs, 'a', value);
    expect(s.down.get('a')).toEqual(down);
    expect(s.up.get('a')).toEqual(up);
    // The node's own bounds are left as they were.
    expect(arcs.get('a')).toEqual(prev);
  });
});

describe('strongSplit with a history (technique `strong-history`)', () => {
  const here: Residual = {
    demand: new Int32Array(1),
    lo: new Float64Array(1),
    hi: new Float64Array(1),
    usage: 0,
  };
  const candidates = ['a', 'b', 'c'].map((key) => ({ key, value: 0.5 }));
  // Every vertex (the node's, each floor child's) has flow 0.5 on every candidate: no child is known
  // to stay at the floor without its solve.
  const half = new Map(candidates.map((c) => [c.key, 0.5]));
  const flowsOf = () => half;
  const run = (history: StrongHistory, on: boolean) => {
    const { master, tried } = trialMaster((child) => (child === 'c+' ? 'pruned' : 'floor'));
    const { outcome } = strongSplit(
      master,
      here,
      candidates,
      half,
      flowsOf,
      10,
      { cutoff: 11 },
      { after: 0, solves: 48, rounds: 5, history: on },
      budgetOf(manualClock(), 1e9),
      history,
    );
    return { outcome, tried };
  };

  it.each([
    // No history: the fractionality order, c's up child pruned last; each trial recorded.
    [{}, true, ['a-', 'a+', 'b-', 'b+', 'c-', 'c+'], { a: -0.25, b: -0.25, c: 1 }],
    // c pruned at an earlier node: tried first, its prune found after two solves.
    [{ c: 2 }, true, ['c-', 'c+', 'a-', 'a+', 'b-', 'b+'], { a: -0.25, b: -0.25, c: 3 }],
    // a stayed at the floor before: tried after the untried arcs.
    [{ a: -0.25 }, true, ['b-', 'b+', 'c-', 'c+', 'a-', 'a+'], { a: -0.5, b: -0.25, c: 1 }],
    // Switched off: the history is kept but does not reorder.
    [{ c: 2, a: -0.25 }, false, ['a-', 'a+', 'b-', 'b+', 'c-', 'c+'], { a: -0.5, b: -0.25, c: 3 }],
  ])('history %o (on: %s) tries %o', (before, on, order, after) => {
    const history: StrongHistory = new Map(Object.entries(before));
    const { outcome, tried } = run(history, on);
    expect(tried).toEqual(order);
    expect(outcome.kind).toBe('tightened');
    if (outcome.kind === 'tightened') expect(outcome.arcs.get('c')?.hi).toBe(0);
    expect(Object.fromEntries(history)).toEqual(after);
  });
});

// Technique `strong-share`: the trials' solves a node, capped by the tree's node solves so far.
describe('trialSolvesAllowed', () => {
  const strong = { after: 8, solves: 48, rounds: 8 };
  it.each([
    // [share, nodes, node solves, trial solves so far, allowed]
    [undefined, 8, 30, 0, 0], // the first `after` nodes branch plainly either way
    [10, 8, 30, 0, 0],
    [undefined, 9, 30, 500, 48], // no share: the full cap, whatever the trials cost
    [10, 9, 30, 0, 48], // room for more than the cap
    [10, 9, 30, 270, 30], // the rest of 10 × 30
    [10, 20, 30, 300, 0], // spent
    [10, 20, 30, 320, 0], // overspent (a node's trials may pass their cap by one trial)
    [2.5, 12, 7, 10, 7], // ⌊2.5 × 7⌋ − 10
  ])(
    'share %s, node %i, %i node solves, %i trial solves: %i',
    (share, nodes, nodeSolves, trials, allowed) => {
      const s = share === undefined ? strong : { ...strong, share };
      expect(trialSolvesAllowed(s, nodes, nodeSolves, trials)).toBe(allowed);
    },
  );
});
