import { describe, expect, it } from 'vitest';
import { rng } from '../../../model/index.ts';
import { addClause, compactClauses } from './learning.ts';
import { PackingState } from './packing-state.ts';
import { clauseLits } from './propagation.ts';

const LITERALS = 2_000;

/** An empty search state with watch lists for `LITERALS` literals (enough to store clauses). */
function emptyState(): PackingState {
  const st = new PackingState({ weights: [], demands: [], capacity: 10, bins: 0 }, 1, 0, false, false, 1);
  st.watches = Array.from({ length: LITERALS }, () => []);
  return st;
}

/** `n` random clauses of 1 to 40 literals. */
function randomClauses(n: number, random: () => number): number[][] {
  return Array.from({ length: n }, () =>
    Array.from({ length: 1 + Math.floor(random() * 40) }, () => Math.floor(random() * LITERALS)),
  );
}

/** What `clauseLits` returns for a clause stored as `lits` (a one-literal clause reads slot 1 as well). */
function expected(lits: readonly number[]): number[] {
  return lits.length === 1 ? [lits[0] ?? 0, 0] : [...lits];
}

describe('the learnt-clause arena', () => {
  it.each([
    { seed: 1, clauses: 5_000, drop: 0.5 },
    { seed: 2, clauses: 3_000, drop: 0.9 },
    { seed: 3, clauses: 1_500, drop: 0.1 },
  ])(
    'keeps every clause it keeps intact through drops and compactions (seed $seed, drop $drop)',
    ({ seed, clauses, drop }) => {
      const random = rng(seed);
      const st = emptyState();
      const stored = new Map<number, number[]>();
      for (let round = 0; round < 3; round++) {
        for (const lits of randomClauses(clauses, random)) stored.set(addClause(st, lits), lits);
        let kept = 0;
        for (const [ci, lits] of stored) {
          if (random() < drop) {
            // As `reduce` drops a clause (its literals no longer count toward the store's limit).
            st.head0[ci] = -1;
            st.learntLits -= lits.length;
            stored.delete(ci);
          } else kept += lits.length;
        }
        compactClauses(st);
        expect(st.clauseTop).toBe(kept);
        for (const [ci, lits] of stored) expect(clauseLits(st, ci)).toEqual(expected(lits));
      }
      expect(st.nClauses).toBe(3 * clauses);
    },
  );

  it('gives clause indices in order and never reuses a dropped one', () => {
    const st = emptyState();
    expect(addClause(st, [4, 6, 8])).toBe(0);
    st.head0[0] = -1;
    compactClauses(st);
    expect(st.clauseTop).toBe(0);
    expect(addClause(st, [5, 7])).toBe(1);
    expect(clauseLits(st, 1)).toEqual([5, 7]);
  });
});
