/**
 * The benchmark's check against false proofs (bench/angle-check.ts): its exhaustive search on hand-computed
 * mitred jobs, and its verdict on planted claims: a proof above a plan some run reached, a proof above the
 * exhaustive optimum, a bound above a plan, an unverified plan.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stepClock } from '../test/support/solver.ts';
import { tinyAngleJobs } from '../test/support/tiny-angle-jobs.ts';
import { checkClaims, checkJobOf, exhaustiveOptimum, type RunClaim } from './angle-check.ts';
import { loadCore } from './angle-solve.ts';

/** Six 45°/45° frame pieces of 460, w 40, no kerf, on 1,300 bars (docs/angle-cuts.md, the frames case). */
const frames = (axialSymmetry: string) => ({
  parts: [{ length: 460, quantity: 6, leftAngle: 45, rightAngle: 45 }],
  stocks: [{ length: 1300, quantity: null }],
  kerf: 0,
  angleCuts: { enabled: true, width: 40, axialSymmetry },
});

const claim = (run: string, value: number, bound: number | null, optimal: boolean): RunClaim => ({
  run,
  value,
  bound,
  optimal,
  verified: bound === null ? null : true,
});

describe('exhaustive optimum', () => {
  it.each([
    // Turned pieces nest: 460 + 420 + 420 = 1,300, three a bar.
    ['X', 2],
    ['Z', 2],
    ['XYZ', 2],
    // No turn puts a 135° edge against a 45° one: two a bar.
    ['Y', 3],
    ['none', 3],
  ])('frames with %s: %i bars', (symmetry, bars) => {
    expect(exhaustiveOptimum(checkJobOf(frames(symmetry)))).toBe(bars);
  });

  it('parallelograms share cuts (45°/135°, kerf 3): 2 bars where laid square takes 3', () => {
    const body = {
      parts: [{ length: 620, quantity: 6, leftAngle: 45, rightAngle: 135 }],
      stocks: [{ length: 1800, quantity: null }],
      kerf: 3,
      angleCuts: { enabled: true, width: 40, axialSymmetry: 'none' },
    };
    expect(exhaustiveOptimum(checkJobOf(body))).toBe(2);
    const square = { ...body, angleCuts: undefined, parts: [{ length: 620, quantity: 6 }] };
    expect(exhaustiveOptimum(checkJobOf(square))).toBe(3);
  });

  it('trim takes a kerf at each end, and several priced lengths and a free offcut are costed', () => {
    // 3 × 600 + 2 × 5 = 1,810: fits 1,810 without trim, not with it.
    const body = (trim: boolean) => ({
      parts: [{ length: 600, quantity: 3 }],
      stocks: [
        { length: 1810, quantity: null, price: 10 },
        { length: 1300, quantity: null, price: 6 },
      ],
      offcuts: [{ length: 700, quantity: 1 }],
      kerf: 5,
      trim,
    });
    // No trim: one 1,810 bar (10), or the offcut and a 1,300 (6).
    expect(exhaustiveOptimum(checkJobOf(body(false)))).toBe(6);
    // Trim: the offcut holds one (700 − 10 ≥ 600), a 1,300 two (1,300 − 10 ≥ 1,205): 6.
    expect(exhaustiveOptimum(checkJobOf(body(true)))).toBe(6);
    const tight = { ...body(true), offcuts: [] };
    // Without the offcut: 1,810 holds two under trim (1,205 ≤ 1,800), so two bars: 6 + 6 or 10 + 6.
    expect(exhaustiveOptimum(checkJobOf(tight))).toBe(12);
  });

  it('gives up (null) past its node limit', () => {
    expect(exhaustiveOptimum(checkJobOf(frames('XYZ')), 3)).toBeNull();
  });
});

describe('checkClaims', () => {
  it('accepts honest claims', () => {
    const claims = [
      claim('plan', 3, 3, true),
      claim('baseline', 3, 2, false),
      claim('laid square', 4, null, false),
    ];
    expect(checkClaims(claims, 3)).toEqual([]);
  });

  it('refutes a planted false proof: proven 3 where the square-laid plan reached 2', () => {
    const findings = checkClaims([claim('plan', 3, 3, true), claim('laid square', 2, null, false)], null);
    expect(findings.map((f) => f.kind)).toEqual(['false proof', 'false bound']);
    expect(findings[0]?.detail).toContain('laid square reached 2');
  });

  it('refutes a planted false proof on a real job: frames with X proven at 3 bars, the optimum is 2', () => {
    const optimum = exhaustiveOptimum(checkJobOf(frames('X')));
    const findings = checkClaims([claim('plan', 3, 2, true)], optimum);
    expect(findings.map((f) => f.kind)).toEqual(['false proof']);
    expect(findings[0]?.detail).toContain('exhaustive search finds 2');
  });

  it('refutes a bound above a plan, an unverified plan, and a plan below the exhaustive optimum', () => {
    expect(checkClaims([claim('plan', 5, 4, false), claim('longer budget', 3.5, 3, false)], null)).toEqual([
      expect.objectContaining({ run: 'plan', kind: 'false bound' }),
    ]);
    expect(checkClaims([{ ...claim('plan', 3, 2, false), verified: false }], null)).toEqual([
      expect.objectContaining({ kind: 'unverified' }),
    ]);
    expect(checkClaims([claim('plan', 2, 2, true)], 3)).toEqual([
      expect.objectContaining({ kind: 'below exhaustive optimum' }),
    ]);
  });
});

describe('the solver against the exhaustive optimum (random tiny mitred jobs)', () => {
  it('never proves a plan above it, never bounds above it, and never returns one below it', async () => {
    const core = await loadCore();
    const jobs = tinyAngleJobs({
      maxLength: 900,
      angles: [30, 45, 60, 67.5, 90, 120, 135, 150],
      supplies: [
        [{ length: 2000, quantity: null }],
        [
          { length: 2000, quantity: null, price: 10 },
          { length: 1400, quantity: null, price: 8 },
        ],
        [
          { length: 2000, quantity: null },
          { length: 1400, quantity: null },
        ],
      ],
      offcut: true,
    });
    await fc.assert(
      fc.asyncProperty(jobs, async (body) => {
        const solved = await core.solve(body, 200, stepClock(0.01));
        // Parts whose end cuts would cross are refused at parse: nothing to check.
        if (solved.error?.includes('too short for its angles')) return;
        const exhaustive = exhaustiveOptimum(checkJobOf(body));
        expect(exhaustive).not.toBeNull();
        const findings = checkClaims(
          [
            {
              run: 'plan',
              value: solved.value,
              bound: solved.bound,
              optimal: solved.r?.plan.optimal ?? false,
              verified: solved.r?.plan.verified ?? false,
            },
          ],
          exhaustive,
        );
        expect(findings).toEqual([]);
      }),
      { seed: 31, numRuns: 40 },
    );
  });
});
