import { describe, expect, it } from 'vitest';
import { ColumnPool } from './column-pool.ts';
import { POOL_RETURN } from './tuning.ts';

/** An LP solution over `n` generated columns after `first` fixed ones: x and reduced costs per column. */
function solution(first: number, x: number[], rc: number[]) {
  return {
    status: 'optimal' as const,
    objective: 0,
    x: Float64Array.from([...new Array(first).fill(0), ...x]),
    duals: new Float64Array(0),
    reducedCosts: Float64Array.from([...new Array(first).fill(0), ...rc]),
  };
}

describe('column pool', () => {
  const tuning = { age: 2, period: 3, minColumns: 2, rowsFactor: 1 };

  it('moves out only columns idle for `age` solves, every `period` solves, above the floor', () => {
    const pool = new ColumnPool(tuning, 1);
    const lp = [10, 11, 12, 13, 14];
    // Columns 11 and 13 sit at zero with a positive reduced cost; 10 is basic; 12 and 14 at zero but priced at 0.
    const sol = solution(2, [1, 0, 0, 0, 0], [0, 1, 0, 1, 0]);
    pool.age(lp, 2, sol, () => 1);
    expect(pool.leaving(lp)).toBeNull(); // one solve: not yet a period
    pool.age(lp, 2, sol, () => 1);
    pool.age(lp, 2, sol, () => 1);
    const left = pool.leaving(lp);
    expect(left).toEqual({ out: [1, 3], keep: [10, 12, 14] });
    expect(pool.waiting()).toEqual([11, 13]);
    expect(pool.size).toBe(2);
    pool.entered(13);
    expect(pool.waiting()).toEqual([11]);
    expect(pool.returned).toBe(1);
    pool.entered(12); // never pooled: not a return
    expect(pool.returned).toBe(1);
  });

  it('keeps every column while the LP holds no more than its floor', () => {
    const pool = new ColumnPool({ ...tuning, minColumns: 5 }, 1);
    const lp = [0, 1, 2, 3, 4];
    const sol = solution(0, [0, 0, 0, 0, 0], [1, 1, 1, 1, 1]);
    for (let s = 0; s < 6; s++) pool.age(lp, 0, sol, () => 1);
    expect(pool.leaving(lp)).toBeNull();
  });

  it('brings back the most negative reduced costs first, at most POOL_RETURN', () => {
    const pool = new ColumnPool({ ...tuning, age: 1, period: 1, minColumns: 0 }, 0);
    const n = 2 * POOL_RETURN + 10;
    const lp = Array.from({ length: n }, (_, j) => j);
    pool.age(lp, 0, solution(0, new Array(n).fill(0), new Array(n).fill(1)), () => 1);
    expect(pool.leaving(lp)?.out.length).toBe(n);
    // Odd columns price out, the larger the index the more negative; even ones stay out.
    const back = pool.returning((j) => (j % 2 === 1 ? -j : null));
    const odd = lp.filter((j) => j % 2 === 1).sort((a, b) => b - a);
    expect(back).toEqual(odd.slice(0, POOL_RETURN));
  });
});
