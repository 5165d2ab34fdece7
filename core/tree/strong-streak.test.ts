import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TrialScript, trialMaster } from '../../test/support/trial-master.ts';
import { budgetOf, manualClock } from '../budget.ts';
import type { Residual } from '../master/index.ts';
import { floorStreakStops, type StrongBranching, strongSplit } from './strong-branching.ts';

// Technique `strong-streak`: a node's trials stop after `streak` solved children in a row at the floor.

describe('floorStreakStops', () => {
  it.each([
    // [streak, children in a row at the floor, stops]
    [undefined, 0, false],
    [undefined, 1000, false], // off: never
    [8, 0, false],
    [8, 7, false],
    [8, 8, true],
    [8, 9, true],
    [1, 0, false],
    [1, 1, true],
  ])('streak %s after %i in a row: %s', (streak, run, stops) => {
    expect(floorStreakStops(streak, run)).toBe(stops);
  });
});

const here: Residual = {
  demand: new Int32Array(1),
  lo: new Float64Array(1),
  hi: new Float64Array(1),
  usage: 0,
};
const keys = 'abcdefgh'.split('');

/** The node's trials over arcs `a`… (`arcs` of them, each at flow 0.5) under `strong`, children by `script`. */
function trials(script: readonly TrialScript[], arcs: number, strong: StrongBranching) {
  const candidates = keys.slice(0, arcs).map((key) => ({ key, value: 0.5 }));
  // Every vertex has flow 0.5 on every arc: no child is known to stay at the floor without its solve.
  const half = new Map(candidates.map((c) => [c.key, 0.5]));
  const { master, tried } = trialMaster((_, i) => script[i] ?? 'floor');
  const { outcome, iterations } = strongSplit(
    master,
    here,
    candidates,
    half,
    () => half,
    10,
    { cutoff: 11 },
    strong,
    budgetOf(manualClock(), 1e9),
  );
  return { outcome, iterations, tried };
}

describe('strongSplit with a floor streak (technique `strong-streak`)', () => {
  const strong = { after: 0, solves: 48, rounds: 8 };
  it.each([
    // [streak, script, children solved, outcome]
    [undefined, [], 16, 'split'], // off: every child of the 8 arcs
    [3, [], 3, 'split'], // a-, a+, b- at the floor: stop between b's children
    [4, [], 4, 'split'],
    [1, [], 1, 'split'],
    // A lifted child ends the run: a-, a+ floor, b- lifted, then four more at the floor.
    [4, ['floor', 'floor', 'lifted'], 7, 'split'],
    // A pruned child ends it too: c+ pruned (the node tightens), then six more at the floor.
    [6, ['floor', 'floor', 'floor', 'floor', 'floor', 'pruned'], 12, 'tightened'],
    // Both children of a pruned: the node is empty before any streak.
    [2, ['pruned', 'pruned'], 2, 'empty'],
  ] as const)('streak %s, script %o: %i children, %s', (streak, script, solved, kind) => {
    const r = trials(script, 8, { ...strong, ...(streak === undefined ? {} : { streak }) });
    expect(r.tried).toHaveLength(solved);
    expect(r.iterations).toBe(solved);
    expect(r.outcome.kind).toBe(kind);
  });

  it('after a streak the split is the best lifted arc seen before it', () => {
    // b's up child lifted; then a run of four floors stops the trials before c.
    const r = trials(['floor', 'floor', 'floor', 'lifted', 'floor', 'floor', 'floor', 'floor'], 8, {
      ...strong,
      streak: 4,
    });
    expect(r.tried).toEqual(['a-', 'a+', 'b-', 'b+', 'c-', 'c+', 'd-', 'd+']);
    expect(r.outcome.kind === 'split' && r.outcome.split?.key).toBe('b');
  });

  it('solves children until the run of floors reaches the streak, as a plain count says', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<TrialScript>('floor', 'lifted'), { maxLength: 16 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 10 }),
        (script, arcs, streak) => {
          const r = trials(script, arcs, { ...strong, streak });
          // Reference: children in order, stopping once `streak` in a row stayed at the floor.
          let run = 0;
          let expected = 0;
          while (expected < 2 * arcs && run < streak) {
            run = (script[expected] ?? 'floor') === 'floor' ? run + 1 : 0;
            expected++;
          }
          expect(r.tried).toHaveLength(expected);
          // Off, every child is solved: the streak only ever drops trials.
          expect(trials(script, arcs, strong).tried).toHaveLength(2 * arcs);
        },
      ),
    );
  });
});
