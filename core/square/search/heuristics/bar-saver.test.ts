import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixture, onlyJob } from '../../../../test/support/solver.ts';
import { Incumbent, type Job } from '../../../model/index.ts';
import { BarSaver } from './bar-saver.ts';
import { greedyPack, sourcePreference } from './greedy.ts';

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

/** Runs the saver in slices until the incumbent has `target` bars or `ops` operations are spent. */
function saveUntil(job: Job, inc: Incumbent, target: number, ops: number): void {
  const saver = new BarSaver(job, inc);
  for (let spent = 0; bars(inc) > target && spent < ops; spent += 10_000) saver.work(10_000);
}

// Each bar of the optimum is filled to the last unit: first fit decreasing needs more bars.
const cases = [
  { set: 'falkenauer_t', file: 'Falkenauer_t60_00.txt', ops: 5_000_000 },
  { set: 'scholl_2', file: 'N4W2B2R1.txt', ops: 5_000_000 },
];

describe('the bar saver', () => {
  it.each(cases)('finds the perfect packing of $set/$file that first fit misses', ({ set, file, ops }) => {
    const instance = fixture(set, file);
    const job = onlyJob(instance.body);
    const inc = firstFit(job);
    expect(bars(inc)).toBeGreaterThan(instance.opt);
    saveUntil(job, inc, instance.opt, ops);
    expect(bars(inc)).toBe(instance.opt);
    expect(inc.rejected).toEqual([]);
  });

  it('offers only whole plans, never makes the incumbent worse, and repeats itself however its work is sliced', () => {
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
      fc.property(job, fc.integer({ min: 1, max: 300_000 }), ({ capacity, parts }, ops) => {
        const body = {
          stockLength: capacity,
          parts: parts.map((p) => ({ length: Math.min(p.length, capacity), quantity: p.quantity })),
        };
        const j = onlyJob(body);
        // Once in one call, once in slices: the saver must do the same work either way.
        const runs = [1, 3].map((slices) => {
          const inc = firstFit(j);
          const before = inc.plan?.cost ?? 0;
          const saver = new BarSaver(j, inc);
          for (let k = 0; k < slices; k++) saver.work(Math.ceil(ops / slices));
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
