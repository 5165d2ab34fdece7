import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BarSaver } from './bar-saver.ts';
import { greedyPack, sourcePreference } from './greedy.ts';
import { Incumbent } from './incumbent.ts';
import type { Job } from './job.ts';
import { fixture, onlyJob } from './test-support.ts';

/** An incumbent holding the first-fit-decreasing plan of a job. */
function firstFit(job: Job): Incumbent {
  const inc = new Incumbent(job, 0);
  const demand = Int32Array.from(job.items, (it) => it.demand);
  const supply = Float64Array.from(job.sources, (s) => s.supply);
  inc.offer(greedyPack(job, 'first', demand, supply, sourcePreference(job)));
  return inc;
}

function bars(inc: Incumbent): number {
  let n = 0;
  for (const l of inc.plan?.layouts ?? []) n += l.count;
  return n;
}

/** Runs the saver in slices until the incumbent has `target` bars or `units` are spent. */
function saveUntil(job: Job, inc: Incumbent, target: number, units: number): number {
  const saver = new BarSaver(job, inc);
  let spent = 0;
  while (bars(inc) > target && spent < units) {
    saver.work(100);
    spent += 100;
  }
  return spent;
}

// Each bar of the optimum is filled to the last unit: first fit decreasing needs more bars.
const cases = [
  { set: 'falkenauer_t', file: 'Falkenauer_t60_00.txt', units: 20_000 },
  { set: 'scholl_2', file: 'N4W2B2R1.txt', units: 20_000 },
];

describe('the bar saver', () => {
  it.each(cases)('finds the perfect packing of $set/$file that first fit misses', ({ set, file, units }) => {
    const instance = fixture(set, file);
    const job = onlyJob(instance.body);
    const inc = firstFit(job);
    expect(bars(inc)).toBeGreaterThan(instance.opt);
    saveUntil(job, inc, instance.opt, units);
    expect(bars(inc)).toBe(instance.opt);
    expect(inc.rejected).toEqual([]);
  });

  it('offers only whole plans, never makes the incumbent worse, and repeats itself exactly', () => {
    const job = fc.record({
      capacity: fc.integer({ min: 10, max: 200 }),
      parts: fc.array(
        fc.record({ length: fc.integer({ min: 1, max: 200 }), quantity: fc.integer({ min: 1, max: 6 }) }),
        {
          minLength: 1,
          maxLength: 12,
        },
      ),
    });
    fc.assert(
      fc.property(job, fc.integer({ min: 1, max: 3_000 }), ({ capacity, parts }, units) => {
        const body = {
          stockLength: capacity,
          parts: parts.map((p) => ({ length: Math.min(p.length, capacity), quantity: p.quantity })),
        };
        const j = onlyJob(body);
        const runs = [0, 1].map(() => {
          const inc = firstFit(j);
          const before = inc.plan?.cost ?? 0;
          new BarSaver(j, inc).work(units);
          expect(inc.rejected).toEqual([]);
          expect(inc.plan?.cost ?? 0).toBeLessThanOrEqual(before);
          return inc.plan;
        });
        expect(runs[1]).toEqual(runs[0]);
      }),
      { seed: 7, numRuns: 150 },
    );
  });

  it('does not take jobs with several kinds of bar', () => {
    const job = onlyJob({ stocks: [{ length: 100 }, { length: 60 }], parts: [{ length: 30, quantity: 5 }] });
    expect(BarSaver.applies(job)).toBe(false);
  });
});
