import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANGLES, mitredJobOf, stockUnits } from '../../../test/support/angle-job.ts';
import { sequenceSpan } from '../../mitre/mitre.ts';
import { type AngleJob, laid, type SeqBar } from './job.ts';
import { priceSequences, type SequenceArcDuals } from './pricing.ts';
import {
  arcName,
  parseSequenceArc,
  type SequenceArc,
  sequenceArcKey,
  sequenceArcs,
  splitSequenceFlows,
} from './sequence-arcs.ts';

/** The stock length in mm (the job counts it in its own units: `stockUnits`). */
const BAR = 1500;
const angle = fc.constantFrom(...ANGLES);

const jobArb = fc
  .record({
    parts: fc.array(fc.record({ length: fc.integer({ min: 200, max: 700 }), left: angle, right: angle }), {
      minLength: 1,
      maxLength: 3,
    }),
    symmetry: fc.constantFrom('none', 'X', 'Y', 'Z', 'XYZ'),
    kerf: fc.constantFrom(0, 3),
    trim: fc.boolean(),
  })
  .map(({ parts, symmetry, kerf, trim }) =>
    mitredJobOf(parts, { quantity: 2, stockLength: BAR, kerf, trim, axialSymmetry: symmetry }),
  );

const fits = (job: AngleJob, bar: SeqBar): boolean =>
  sequenceSpan(job.table, laid(job, bar), job.trimKerf) <= stockUnits(job);

/** Every sequence on one bar with at most `bounds[s]` pieces of shape s that fits (small jobs only). */
function everySequence(job: AngleJob, bounds: readonly number[]): SeqBar[] {
  const out: SeqBar[] = [];
  const pieces: { shape: number; pose: number }[] = [];
  const used = job.shapes.map(() => 0);
  const walk = (): void => {
    if (pieces.length > 0) out.push({ source: 0, pieces: [...pieces] });
    job.shapes.forEach((s, shape) => {
      if ((used[shape] ?? 0) >= (bounds[shape] ?? 0)) return;
      s.poses.forEach((_, pose) => {
        pieces.push({ shape, pose });
        if (fits(job, { source: 0, pieces })) {
          used[shape] = (used[shape] ?? 0) + 1;
          walk();
          used[shape] = (used[shape] ?? 0) - 1;
        }
        pieces.pop();
      });
    });
  };
  walk();
  return out;
}

const nameOf = (a: SequenceArc): string => arcName(a.at, a.after, a.shape, a.pose);

describe('sequence arcs', () => {
  it('name a key and parse back to the same arc', () => {
    const arcs: SequenceArc[] = [
      { source: 0, at: 0, after: null, shape: 2, pose: 1 },
      { source: 3, at: 1234, after: 135, shape: 0, pose: 0 },
    ];
    for (const a of arcs) expect(parseSequenceArc(sequenceArcKey(a))).toEqual(a);
  });

  it('priced with arc duals: plan sequences fit, cross no forbidden arc and are worth what they say; the bound is never below any sequence', () => {
    fc.assert(
      fc.property(
        jobArb,
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: -6, max: 6 })), { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 2 }),
        (job, values, demand, duals, forbid) => {
          const v = job.shapes.map((_, i) => values[i] ?? 0);
          const d = job.shapes.map((_, i) => demand[i] ?? 0);
          const all = everySequence(job, d);
          // Arcs of real sequences, so that the duals and the forbidden arcs matter.
          const names = [...new Set(all.flatMap((b) => sequenceArcs(job, b).map(nameOf)))];
          if (names.length === 0) return;
          const sigma = new Map<string, number>();
          for (const [i, s] of duals) sigma.set(names[i % names.length] as string, s);
          const forbidden = new Set(forbid.map((i) => names[i % names.length] as string));
          for (const f of forbidden) sigma.delete(f);
          let positive = 0;
          for (const s of sigma.values()) positive += Math.max(0, s);
          const at = new Set([...sigma.keys(), ...forbidden].map((n) => Number(n.split(':')[0])));
          const arcs: SequenceArcDuals = { sigma, forbidden, at, positive };
          const worth = (b: SeqBar): number => {
            let w = 0;
            for (const p of b.pieces) w += v[p.shape] ?? 0;
            for (const a of sequenceArcs(job, b)) w += sigma.get(nameOf(a)) ?? 0;
            return w;
          };
          const allowed = all.filter((b) => !sequenceArcs(job, b).some((a) => forbidden.has(nameOf(a))));
          const best = Math.max(0, ...allowed.map(worth));
          const plan = priceSequences(job, stockUnits(job), v, 'plan', d, arcs);
          const bound = priceSequences(job, stockUnits(job), v, 'bound', d, arcs);
          expect(bound.value).toBeGreaterThanOrEqual(best - 1e-9);
          expect(plan.value).toBeLessThanOrEqual(best + 1e-9);
          // One unit per step on these short bars: the plan search is exact and finds the best.
          if (plan.exact) expect(plan.value).toBeCloseTo(best, 9);
          for (const seq of plan.sequences) {
            const bar = { source: 0, pieces: seq.pieces };
            expect(fits(job, bar)).toBe(true);
            expect(sequenceArcs(job, bar).some((a) => forbidden.has(nameOf(a)))).toBe(false);
            expect(worth(bar)).toBeCloseTo(seq.value, 9);
          }
        },
      ),
      { seed: 31, numRuns: 150 },
    );
  });

  it('split integral flows into bars that fit and carry the same flows', () => {
    fc.assert(
      fc.property(
        jobArb,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 1 }), fc.integer({ min: 1, max: 3 })), {
          minLength: 1,
          maxLength: 6,
        }),
        (job, picks) => {
          const all = everySequence(
            job,
            job.shapes.map(() => 2),
          );
          const bars: SeqBar[] = [];
          for (const [i, source, copies] of picks) {
            const b = all[i % all.length];
            if (b) for (let c = 0; c < copies; c++) bars.push({ source, pieces: b.pieces });
          }
          const flowsOf = (plan: readonly SeqBar[]): Map<string, number> => {
            const flows = new Map<string, number>();
            for (const b of plan)
              for (const a of sequenceArcs(job, b)) {
                const key = sequenceArcKey(a);
                flows.set(key, (flows.get(key) ?? 0) + 1);
              }
            return flows;
          };
          const counts = [0, 1].map((k) => bars.filter((b) => b.source === k).length);
          const split = splitSequenceFlows(job, flowsOf(bars), counts);
          expect([0, 1].map((k) => split.filter((b) => b.source === k).length)).toEqual(counts);
          expect(flowsOf(split)).toEqual(flowsOf(bars));
          for (const b of split) expect(fits(job, b)).toBe(true);
        },
      ),
      { seed: 31, numRuns: 150 },
    );
  });
});
