import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type HuntRun, tallyHunts } from './warm-hunt.ts';

const run = (greedyOptimal: boolean, status: HuntRun['status']): HuntRun => ({
  seed: 1,
  solves: 10,
  greedyOptimal,
  status,
  ops: 5,
  ms: 1,
});

describe('warm hunt tally', () => {
  it.each([
    // a job whose greedy plan was optimal has nothing to hunt, whatever the packing did
    { runs: [run(true, 'packed'), run(false, 'packed')], hunted: 1, found: 1, unknown: 0, impossible: 0 },
    { runs: [run(false, 'unknown'), run(false, 'packed')], hunted: 2, found: 1, unknown: 1, impossible: 0 },
    // impossible at a proven optimum is a bug, counted over every job
    {
      runs: [run(true, 'impossible'), run(false, 'impossible')],
      hunted: 1,
      found: 0,
      unknown: 0,
      impossible: 2,
    },
  ])('counts $hunted hunted, $found found', ({ runs, hunted, found, unknown, impossible }) => {
    const t = tallyHunts(runs);
    expect(t).toEqual({ jobs: runs.length, hunted, found, unknown, impossible });
  });

  it('never finds more than it hunts', () => {
    const arb = fc.array(
      fc.tuple(fc.boolean(), fc.constantFrom('packed' as const, 'impossible' as const, 'unknown' as const)),
    );
    fc.assert(
      fc.property(arb, (xs) => {
        const t = tallyHunts(xs.map(([g, s]) => run(g, s)));
        expect(t.found + t.unknown).toBeLessThanOrEqual(t.hunted);
        expect(t.hunted).toBeLessThanOrEqual(t.jobs);
      }),
    );
  });
});
