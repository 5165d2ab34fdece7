import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onlyJob } from '../../../../test/support/solver.ts';
import { isFullBarJob } from './packer.ts';
import { FULL_BAR_SHORT_BARS, FULL_BAR_SHORT_SHARE } from './tuning.ts';

const C = 10_000;

/**
 * A cut list of `bars` whole bars of `C`: `short` of them cut into three pieces of at most half a bar,
 * the others into a piece over half a bar and the rest of the bar.
 */
function wholeBars(bars: number, short: number, seed: number) {
  const parts: { length: number; quantity: number }[] = [];
  let s = seed;
  const next = (n: number): number => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s % n;
  };
  for (let b = 0; b < bars; b++) {
    if (b < short) {
      const a = 3_000 + next(500);
      const c = 3_000 + next(500);
      parts.push({ length: a, quantity: 1 }, { length: c, quantity: 1 }, { length: C - a - c, quantity: 1 });
    } else {
      const long = C / 2 + 1 + next(C / 2 - 200);
      parts.push({ length: long, quantity: 1 }, { length: C - long, quantity: 1 });
    }
  }
  const job = onlyJob({ parts, stockLength: C });
  const demand = Int32Array.from(job.items, (it) => it.demand);
  const bound = bars * (job.sources[0]?.cost ?? 1);
  return { job, demand, bound };
}

describe('which whole-bar cut lists are full-bar jobs (technique `full-bar-share`)', () => {
  it.each([
    // bars, bars without a piece over half a bar, full-bar job with the share, and without it
    [132, 2, true, true],
    [132, 3, true, false],
    [132, 6, true, false],
    [132, 7, false, false],
    [40, 2, true, true],
    [40, 3, false, false],
    [30, 15, false, false],
  ])('%i bars, %i of them without a long piece: %s with the share, %s without', (bars, short, on, off) => {
    const { job, demand, bound } = wholeBars(bars, short, bars + short);
    expect(isFullBarJob(job, demand, bound, true)).toBe(on);
    expect(isFullBarJob(job, demand, bound, false)).toBe(off);
  });

  it('takes every job the former rule took, and beyond it only up to the share of its bars', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 1_000 }),
        (bars, shortRaw, seed) => {
          const short = shortRaw % (bars + 1);
          const { job, demand, bound } = wholeBars(bars, short, seed);
          const on = isFullBarJob(job, demand, bound, true);
          const off = isFullBarJob(job, demand, bound, false);
          expect(off).toBe(short <= FULL_BAR_SHORT_BARS);
          expect(on).toBe(short <= Math.max(FULL_BAR_SHORT_BARS, FULL_BAR_SHORT_SHARE * bars));
          if (off) expect(on).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
