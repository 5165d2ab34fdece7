import { describe, expect, it } from 'vitest';
import { onlyJob } from '../../../../test/support/solver.ts';
import { budgetOf, manualClock } from '../../../budget.ts';
import { type Layout, planCost } from '../../../model/index.ts';
import { countSetups } from '../../../setups/count/count-setups.ts';
import { combinePatterns } from './kombi.ts';
import { purchasedBars } from './oracle.ts';

/** Pieces of 3000, 2000, 1500 and 1000 from 6000 bars, kerf 0 (item order: longest first). */
const job = onlyJob({ parts: '3000x99,2000x99,1500x99,1000x99', stockLength: 6000 });
const plan = (rows: readonly (readonly [number, readonly number[]])[]): Layout[] =>
  rows.map(([count, counts]) => ({ source: 0, count, counts: Int32Array.from(counts) }));
const pieces = (layouts: readonly Layout[]): number[] =>
  job.items.map((_, i) => layouts.reduce((a, l) => a + (l.counts[i] ?? 0) * l.count, 0));
// The clock never moves: only the operation count can end the moves.
const forever = budgetOf(manualClock(), 1);

describe('combinePatterns (KOMBI moves)', () => {
  it.each([
    {
      name: 'two setups into one: 2000+2000+1000+1000 and 2000+2000 become 2000+2000+1000 twice',
      plan: plan([
        [1, [0, 2, 0, 2]],
        [1, [0, 2, 0, 0]],
      ]),
      setups: 1,
    },
    {
      name: 'three into two where no two combine',
      plan: plan([
        [3, [0, 1, 2, 0]],
        [1, [0, 0, 2, 2]],
        [1, [0, 0, 2, 3]],
      ]),
      setups: 2,
    },
    {
      name: 'three into two, one of them an old pattern on more bars',
      plan: plan([
        [2, [0, 2, 0, 2]],
        [2, [0, 2, 0, 1]],
        [2, [0, 1, 2, 1]],
      ]),
      setups: 2,
    },
    {
      name: 'nothing to combine: 3000+3000 and 2000×3 share no split of their bars',
      plan: plan([
        [1, [2, 0, 0, 0]],
        [1, [0, 3, 0, 0]],
      ]),
      setups: 2,
    },
  ])('$name', ({ plan: before, setups }) => {
    const after = combinePatterns(job, before, forever);
    expect(countSetups(job, after)).toBe(setups);
    expect(pieces(after)).toEqual(pieces(before));
    expect(purchasedBars(job, after)).toBeLessThanOrEqual(purchasedBars(job, before));
    expect(planCost(job, after)).toBeLessThanOrEqual(planCost(job, before));
    for (const l of after)
      expect(
        pieces([{ ...l, count: 1 }]).reduce((a, n, i) => a + n * (job.items[i]?.weight ?? 0), 0),
      ).toBeLessThanOrEqual(6000);
  });

  it('moves an offcut’s piece onto a bought bar that has room: one setup fewer, same cost and bars', () => {
    const mixed = onlyJob({
      parts: '2000x1,800x1',
      stockLength: 6000,
      offcuts: [{ length: 1000, quantity: 1 }],
    });
    const before: Layout[] = [
      { source: 0, count: 1, counts: Int32Array.from([1, 0]) },
      { source: 1, count: 1, counts: Int32Array.from([0, 1]) },
    ];
    const after = combinePatterns(mixed, before, forever);
    expect(after).toEqual([{ source: 0, count: 1, counts: Int32Array.from([1, 1]) }]);
    expect(planCost(mixed, after)).toBe(planCost(mixed, before));
  });

  it('stops when its operations are spent', () => {
    const before = plan([
      [1, [0, 2, 0, 2]],
      [1, [0, 2, 0, 0]],
    ]);
    expect(countSetups(job, combinePatterns(job, before, forever, 1))).toBe(2);
  });
});
