import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANGLES, angleJobOf, mitredJobOf, stockUnits } from '../../../test/support/angle-job.ts';
import { gapBetween } from '../../mitre/exact.ts';
import { sequenceSpan } from '../../mitre/mitre.ts';
import { type AngleJob, laid } from './job.ts';
import { completionBounds, priceSequences } from './pricing.ts';

/**
 * The best value of any sequence that fits (with at most `bounds[s]` pieces of shape s, when given), by
 * exhaustive search (small jobs only).
 */
function bruteForce(
  job: AngleJob,
  bar: number,
  values: readonly number[],
  bounds?: readonly number[],
): number {
  let best = 0;
  const room = bar - job.trimKerf;
  const used = job.shapes.map(() => 0);
  const walk = (end: number, lastRight: number | null, value: number): void => {
    best = Math.max(best, value);
    job.shapes.forEach((s, i) => {
      if (!((values[i] ?? 0) > 0)) return;
      if (bounds && (used[i] ?? 0) >= (bounds[i] ?? 0)) return;
      for (const p of s.poses) {
        const gap = lastRight === null ? 0 : gapBetween(job.table.of(lastRight), job.table.of(p.left));
        const next = end + gap + p.length;
        if (next > room) continue;
        used[i] = (used[i] ?? 0) + 1;
        walk(next, p.right, value + (values[i] ?? 0));
        used[i] = (used[i] ?? 0) - 1;
      }
    });
  };
  walk(job.trimKerf, null, 0);
  return best;
}

const angle = fc.constantFrom(...ANGLES);

describe('sequence pricing', () => {
  it('finds the best sequence that fits, and its bound is never below it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ length: fc.integer({ min: 300, max: 700 }), left: angle, right: angle }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 3, maxLength: 3 }),
        fc.constantFrom('none', 'X', 'Y', 'Z', 'XYZ'),
        fc.constantFrom(0, 3),
        fc.boolean(),
        (parts, values, axialSymmetry, kerf, trim) => {
          const job = mitredJobOf(parts, { quantity: 1, stockLength: 1500, kerf, trim, axialSymmetry });
          const bar = stockUnits(job);
          const v = job.shapes.map((_, i) => values[i] ?? 0);
          const exact = bruteForce(job, bar, v);
          const plan = priceSequences(job, bar, v, 'plan');
          const bound = priceSequences(job, bar, v, 'bound');
          expect(plan.value).toBeCloseTo(exact, 9);
          expect(bound.value).toBeGreaterThanOrEqual(exact - 1e-9);
          for (const seq of plan.sequences) {
            const placed = { source: 0, pieces: seq.pieces };
            expect(sequenceSpan(job.table, laid(job, placed), job.trimKerf)).toBeLessThanOrEqual(bar);
            const worth = seq.pieces.reduce((a, p) => a + (v[p.shape] ?? 0), 0);
            expect(worth).toBeCloseTo(seq.value, 9);
          }
        },
      ),
      { seed: 2026, numRuns: 150 },
    );
  });

  it('respects the demand: the bounded search finds the best sequence within it, and bounds it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ length: fc.integer({ min: 150, max: 700 }), left: angle, right: angle }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
        fc.constantFrom('none', 'X', 'Y', 'Z', 'XYZ'),
        fc.constantFrom(0, 3),
        fc.boolean(),
        // 1500.05 mm is counted in thousandths with angle cuts: past FINE_CELLS, coarse completion bounds.
        fc.constantFrom(1500, 1500.05),
        (parts, values, bounds, axialSymmetry, kerf, trim, stockLength) => {
          const job = mitredJobOf(parts, { quantity: 1, stockLength, kerf, trim, axialSymmetry });
          const bar = stockUnits(job);
          const v = job.shapes.map((_, i) => values[i] ?? 0);
          const d = job.shapes.map((_, i) => bounds[i] ?? 0);
          const exact = bruteForce(job, bar, v, d);
          const plan = priceSequences(job, bar, v, 'plan', d);
          const bound = priceSequences(job, bar, v, 'bound', d);
          expect(plan.exact && bound.exact).toBe(true);
          expect(plan.value).toBeCloseTo(exact, 9);
          expect(bound.value).toBeGreaterThanOrEqual(exact - 1e-9);
          // Never above the unbounded program's value: the bound only tightens.
          expect(bound.value).toBeLessThanOrEqual(priceSequences(job, bar, v, 'bound').value + 1e-9);
          for (const seq of plan.sequences) {
            const placed = { source: 0, pieces: seq.pieces };
            expect(sequenceSpan(job.table, laid(job, placed), job.trimKerf)).toBeLessThanOrEqual(bar);
            const worth = seq.pieces.reduce((a, p) => a + (v[p.shape] ?? 0), 0);
            expect(worth).toBeCloseTo(seq.value, 9);
            for (let s = 0; s < d.length; s++)
              expect(seq.pieces.filter((p) => p.shape === s).length).toBeLessThanOrEqual(d[s] ?? 0);
          }
        },
      ),
      { seed: 2026, numRuns: 250 },
    );
  });

  it('bounds every continuation from every reached cell, in exact and in coarser steps', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ length: fc.integer({ min: 150, max: 700 }), left: angle, right: angle }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 3, maxLength: 3 }),
        fc.constantFrom('none', 'X', 'XYZ'),
        fc.constantFrom(0, 3),
        // Whole millimetres (exact completions) and 1500.05 mm (past FINE_CELLS: coarser steps).
        fc.constantFrom(1500, 1500.05),
        fc.constantFrom('plan', 'bound'),
        (parts, values, axialSymmetry, kerf, stockLength, mode) => {
          const job = mitredJobOf(parts, { quantity: 1, stockLength, kerf, axialSymmetry });
          const v = job.shapes.map((_, i) => values[i] ?? 0);
          const bounds = completionBounds(job, stockUnits(job), v, mode);
          if (bounds === null) return;
          const { graph, at } = bounds;
          const n = graph.moves.length;
          // The best continuation from each reached cell, pieces repeating freely, in the graph's own
          // advances; every one must be within the bound read at its cell.
          const memo = new Map<number, number>();
          const best = (c: number, r: number): number => {
            const key = c * (graph.cap + 1) + r;
            const known = memo.get(key);
            if (known !== undefined) return known;
            let b = 0;
            graph.moves.forEach((m, t) => {
              const r2 = r + (graph.adv[c * n + t] ?? 0);
              if (r2 <= graph.cap) b = Math.max(b, (v[m.shape] ?? 0) + best(m.rightClass, r2));
            });
            memo.set(key, b);
            expect(at(c, r)).toBeGreaterThanOrEqual(b - 1e-9);
            return b;
          };
          graph.moves.forEach((m, t) => {
            const r = graph.first[t] ?? 0;
            if (r <= graph.cap) best(m.rightClass, r);
          });
          if (stockLength !== 1500) expect(bounds.step).toBeGreaterThan(1);
        },
      ),
      { seed: 2028, numRuns: 150 },
    );
  });

  it('gives on a job it has priced before what it gives on a fresh one (cached graphs and completions)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ length: fc.integer({ min: 300, max: 900 }), left: angle, right: angle }), {
          minLength: 2,
          maxLength: 4,
        }),
        // Rounds of duals and residual demands, some repeated (the completions are reused as they are).
        fc.array(
          fc.record({
            values: fc.array(fc.constantFrom(0, 1, 2.5, 4, 7.25), { minLength: 4, maxLength: 4 }),
            bounds: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
            repeat: fc.boolean(),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.constantFrom('none', 'X', 'XYZ'),
        fc.constantFrom(0, 3),
        (parts, rounds, axialSymmetry, kerf) => {
          const job = mitredJobOf(parts, { quantity: 3, stockLength: 2400, kerf, axialSymmetry });
          for (const round of rounds)
            for (let twice = 0; twice < (round.repeat ? 2 : 1); twice++)
              for (const mode of ['plan', 'bound'] as const) {
                const v = job.shapes.map((_, i) => round.values[i] ?? 0);
                const d = job.shapes.map((_, i) => round.bounds[i] ?? 0);
                // A shallow copy is another job to the caches: nothing of it is cached yet.
                expect(priceSequences(job, stockUnits(job), v, mode, d)).toEqual(
                  priceSequences({ ...job }, stockUnits(job), v, mode, d),
                );
              }
        },
      ),
      { seed: 31, numRuns: 60 },
    );
  });

  it('past its node limit, the bounded search still bounds the value and says it is not exact', () => {
    // Twenty-four shapes of one each and values that make every sequence nearly as good: far too many
    // sequences to look at.
    const job = angleJobOf({
      parts: Array.from({ length: 24 }, (_, i) => ({
        length: 300 + 7 * i,
        quantity: 1,
        leftAngle: 45 + (i % 3) * 15,
        rightAngle: 135 - (i % 2) * 30,
      })),
      stockLength: 8000,
      kerf: 3,
      angleCuts: { enabled: true, width: 40, axialSymmetry: 'XYZ' },
    });
    const bar = stockUnits(job);
    const v = job.shapes.map((s) => s.material + 0.5);
    const d = job.shapes.map(() => 1);
    const bound = priceSequences(job, bar, v, 'bound', d);
    const plan = priceSequences(job, bar, v, 'plan', d);
    expect(bound.done).toBe(true);
    expect(bound.exact || plan.exact).toBe(false);
    expect(bound.value).toBeGreaterThanOrEqual(plan.value);
    expect(bound.value).toBeLessThanOrEqual(priceSequences(job, bar, v, 'bound').value + 1e-9);
    for (const seq of plan.sequences)
      expect(
        sequenceSpan(job.table, laid(job, { source: 0, pieces: seq.pieces }), job.trimKerf),
      ).toBeLessThanOrEqual(bar);
  });

  it('counts room in coarser steps on long bars, staying safe both ways', () => {
    const job = angleJobOf({
      parts: [{ length: 460.123, quantity: 28, leftAngle: 45, rightAngle: 45 }],
      stockLength: 6000,
      angleCuts: { enabled: true, width: 40, axialSymmetry: 'X' },
    });
    // 6,000 mm at 4 decimals (3 for the length, one more for the mitres) and two edge classes: past the
    // cell limit, so steps of more than one unit.
    const bar = stockUnits(job);
    expect(bar).toBe(60_000_000);
    const plan = priceSequences(job, bar, [1], 'plan');
    const bound = priceSequences(job, bar, [1], 'bound');
    expect(plan.done && bound.done).toBe(true);
    expect(plan.value).toBe(14);
    expect(bound.value).toBeGreaterThanOrEqual(14);
    expect(bound.value).toBeLessThanOrEqual(15);
  });
});
