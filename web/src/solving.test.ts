import { describe, expect, it } from 'vitest';
import { AUTOMATIC_BUDGET_SECONDS } from '../../functions/shared/solve-budget.ts';
import { PAGE_BUDGET_MS, solvingText, spentShare } from './solving.ts';

describe('the solving status', () => {
  it.each([
    [0, 'Solving… 0.0 s of 5 s'],
    [1234, 'Solving… 1.2 s of 5 s'],
    [5000, 'Solving… 5.0 s of 5 s'],
    [5300, 'Solving… 5.3 s (finishing)'],
  ])('after %i ms: %s', (ms, text) => {
    expect(solvingText(ms)).toBe(text);
  });

  it('uses the automatic budget, and any other', () => {
    expect(PAGE_BUDGET_MS).toBe(AUTOMATIC_BUDGET_SECONDS * 1000);
    expect(solvingText(2500, 20_000)).toBe('Solving… 2.5 s of 20 s');
    expect([spentShare(-1), spentShare(2500), spentShare(9000)]).toEqual([0, 0.5, 1]);
  });
});
