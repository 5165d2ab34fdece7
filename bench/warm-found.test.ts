import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FoundRun, splitSolves } from './warm-found.ts';

const run = (solves: number, planAt: number, boundAt: number): FoundRun => ({
  seed: 1,
  solves,
  planAt,
  boundAt,
  optimal: true,
});

describe('warm found split', () => {
  it.each([
    // plan after bound: the gap is the hunt, nothing after
    { runs: [run(100, 100, 20)], hunt: 80, proof: 0, planLast: 1 },
    // plan first (greedy at 0), bound last: all proof
    { runs: [run(90, 0, 90)], hunt: 0, proof: 0, planLast: 0 },
    // both early, then more solves
    { runs: [run(50, 30, 10), run(40, 10, 30)], hunt: 20, proof: 30, planLast: 1 },
  ])('splits $runs.length job(s) into hunt $hunt and proof $proof', ({ runs, hunt, proof, planLast }) => {
    const s = splitSolves(runs);
    expect(s.hunt).toBe(hunt);
    expect(s.proof).toBe(proof);
    expect(s.planLast).toBe(planLast);
  });

  it('never splits off more solves than the jobs took', () => {
    const arb = fc
      .tuple(fc.nat(500), fc.nat(500), fc.nat(500))
      .map(([a, b, c]) => run(Math.max(a, b, c), Math.min(a, b), Math.min(Math.max(a, b), c)));
    fc.assert(
      fc.property(fc.array(arb, { maxLength: 20 }), (runs) => {
        const s = splitSolves(runs);
        expect(s.hunt + s.proof).toBeLessThanOrEqual(s.solves);
        expect(s.hunt).toBeGreaterThanOrEqual(0);
        expect(s.proof).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
