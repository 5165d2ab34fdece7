/**
 * The incumbent's offer path shares each item's total over the bars between its checks and keeps the
 * offered bars' arrays until it takes a plan: it must take exactly the plan the plain definition gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onlyJob } from '../../test/support/solver.ts';
import { Incumbent } from './incumbent.ts';
import type { Job } from './index.ts';
import { better, finishPlan, type GroupPlan, type Layout, substituteShortages } from './plan.ts';

/** A job of parts 100, 110, 120, … long in the given quantities, on 10,000-long bars. */
const jobOf = (demands: readonly number[]): Job =>
  onlyJob({ parts: demands.map((quantity, i) => ({ length: 100 + 10 * i, quantity })), stock: 10_000 });

/** The plain definition: substitute, refuse a plan short of demand, finish, keep the better. */
function reference(job: Job, offers: readonly Layout[][]): GroupPlan | null {
  let best: GroupPlan | null = null;
  for (const offered of offers) {
    const bars = substituteShortages(job, offered) ?? offered;
    const made = job.items.map((_, i) => bars.reduce((a, b) => a + (b.counts[i] ?? 0) * b.count, 0));
    if (job.items.some((it, i) => (made[i] ?? 0) < it.demand)) continue;
    const plan = finishPlan(job, bars);
    if (better(job, plan, best)) best = plan;
  }
  return best;
}

const shape = (p: GroupPlan | null) =>
  p && {
    cost: p.cost,
    layouts: p.layouts.map((l) => ({ source: l.source, counts: [...l.counts], count: l.count })),
  };

describe('Incumbent.offer', () => {
  it('takes the plan the plain definition takes, and owns its arrays', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 5 }),
        fc.array(
          fc.record({
            bars: fc.array(
              fc.record({
                counts: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 5, maxLength: 5 }),
                count: fc.integer({ min: 0, max: 3 }),
              }),
              { maxLength: 6 },
            ),
            // Most offers cover the demand; the others test substitution and refusal.
            cover: fc.integer({ min: 0, max: 3 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (demands, raw) => {
          const job = jobOf(demands);
          const m = job.items.length;
          const offers = raw.map(({ bars: rawBars, cover }) => {
            const bars: Layout[] = rawBars.map((b) => ({
              source: 0,
              counts: Int32Array.from(b.counts.slice(0, m)),
              count: b.count,
            }));
            if (cover > 0) {
              const short = job.items.map((it, i) =>
                Math.max(0, it.demand - bars.reduce((a, b) => a + (b.counts[i] ?? 0) * b.count, 0)),
              );
              bars.push({ source: 0, counts: Int32Array.from(short), count: 1 });
            }
            return bars;
          });
          const want = shape(reference(job, offers));
          const incumbent = new Incumbent(job, 0);
          for (const o of offers) incumbent.offer(o);
          expect(shape(incumbent.plan)).toEqual(want);
          // The phases reuse their bars: the plan taken must not change with them.
          for (const o of offers) for (const b of o) b.counts.fill(7);
          expect(shape(incumbent.plan)).toEqual(want);
          expect(incumbent.rejected.filter((r) => !r.includes('too few'))).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
