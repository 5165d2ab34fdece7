import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetOf, manualClock } from './budget.ts';

describe('budgetOf', () => {
  it.each([
    ['a start where (start + ms) - start is inexact', 12_345.6789, 5_000],
    ['a large start', 1_000_000.1, 60_000],
    ['zero', 0, 1_000],
  ])('keeps totalMs exactly the ms asked for: %s', (_name, start, ms) => {
    expect(budgetOf(manualClock(start), ms).totalMs).toBe(ms);
  });

  it('keeps totalMs exact for any start and length, and a sub-budget within its parent', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 600_000 }),
        fc.integer({ min: 0, max: 600_000 }),
        fc.integer({ min: 0, max: 600_000 }),
        (start, ms, after, subMs) => {
          const clock = manualClock(start);
          const budget = budgetOf(clock, ms);
          expect(budget.totalMs).toBe(ms);
          clock.advance(after);
          const sub = budget.sub(subMs);
          expect(sub.totalMs).toBeLessThanOrEqual(subMs);
          expect(sub.totalMs).toBeGreaterThanOrEqual(0);
          if (after + subMs < ms) expect(sub.totalMs).toBe(subMs);
          expect(sub.expired()).toBe(budget.expired() || sub.totalMs === 0);
        },
      ),
    );
  });

  it('never has a negative length', () => {
    expect(budgetOf(manualClock(5), -20).totalMs).toBe(0);
  });
});
