import { describe, expect, it } from 'vitest';
import { onlyJob } from '../../../../test/support/solver.ts';
import { ArcFixing } from './arc-fixing.ts';

// Which duals the fixing keeps (technique `fixing-scale`). Pieces 7, 6, 5, 4, 3, 2, 2, 1 on bars of 10:
// 30 of load, so a plan of N = 3 bars is all full bars (the incumbent has 4). The fixing's test divided
// by v is (best bar through the arc) / v < Σ dᵢπᵢ / v − (N − 1): duals are worth their bound in bars,
// Σ dᵢπᵢ / v, whatever their scale. Σ dᵢπᵢ − N·v instead tends to 0 as any duals shrink to 0.
const job = onlyJob({
  parts: [7, 6, 5, 4, 3, 1].map((length) => ({ length, quantity: 1 })).concat({ length: 2, quantity: 2 }),
  stockLength: 10,
});
const cost = job.sources[0]?.cost ?? 1;
// Items longest first: 7, 6, 5, 4, 3, 2 (×2), 1.
// Good duals: v = 1.2 (the bar {7, 3} at 1.2), Σ dᵢπᵢ = 3.32, 2.77 bars (−0.28 by Σ dᵢπᵢ − 3v); they fix
// an arc (a DP run found it).
const good = { pi: [0.89, 0.73, 0.66, 0.32, 0.31, 0.17, 0.07], v: 1.2 };
// Small-scale duals: only the 7 is worth anything, a tenth of a bar. v = 0.1, Σ dᵢπᵢ = 0.1: 1 bar, but
// −0.2 by Σ dᵢπᵢ − 3v, above the good duals' −0.28. Every bar is worth at least 0 > 0.1 − 2·0.1: they fix
// nothing.
const small = { pi: [0.1, 0, 0, 0, 0, 0, 0], v: 0.1 };
const scaled = (d: { pi: number[]; v: number }, k: number) => ({ pi: d.pi.map((p) => p * k), v: d.v * k });

/** Observes the duals in order, then fixes once; the arcs fixed and the fixings run. */
function fixAfter(
  scaleFree: boolean,
  ...seen: { pi: number[]; v: number }[][]
): { fixed: number; runs: number } {
  const fixing = new ArcFixing(job, () => 4 * cost, scaleFree);
  for (const round of seen) {
    for (const d of round) fixing.observe(Float64Array.from(d.pi), d.v);
    fixing.update();
  }
  return { fixed: fixing.counts.fixed, runs: fixing.runs };
}

describe('the fixing ranks duals by their bound in bars (technique fixing-scale)', () => {
  it.each([
    ['good, then small-scale', [[good, small]], { fixed: 1, runs: 1 }, { fixed: 0, runs: 1 }],
    ['small-scale, then good', [[small, good]], { fixed: 1, runs: 1 }, { fixed: 0, runs: 1 }],
    // The refixing trigger: the same duals at a tenth of the scale are no nearer a plan; Σ dᵢπᵢ − N·v
    // shrinks tenfold and calls a second fixing that fixes nothing new.
    [
      'good, then good at a tenth',
      [[good], [scaled(good, 0.1)]],
      { fixed: 1, runs: 1 },
      { fixed: 1, runs: 2 },
    ],
  ])('%s', (_, seen, scaleFree, old) => {
    expect(fixAfter(true, ...seen)).toEqual(scaleFree);
    // The former ranking, kept behind the switch: the small scale wins on the score alone.
    expect(fixAfter(false, ...seen)).toEqual(old);
  });

  it('skips duals whose best bar is worth nothing: they bound no bars', () => {
    expect(fixAfter(true, [good, { pi: [0, 0, 0, 0, 0, 0, 0], v: 0 }])).toEqual({ fixed: 1, runs: 1 });
    expect(fixAfter(false, [good, { pi: [0, 0, 0, 0, 0, 0, 0], v: 0 }])).toEqual({ fixed: 0, runs: 1 });
  });
});
