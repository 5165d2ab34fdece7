/**
 * Angle mode: one corruption per rule of docs/angle-cuts.md ("What the verifier checks"), each applied to
 * a valid plan of a mitred job and caught under its own check id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '../../test/support/solver.ts';
import { at, checksOf, corrupt, type Draft } from '../../test/support/verify-builders.ts';
import { parseOptimiseBody } from '../request/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../types.ts';
import { verifyPlan } from './index.ts';

/** Frames that nest when turned about X, a square rail, trim and kerf: wedges, shared and square cuts. */
const BODY = {
  parts: [
    { length: 460, quantity: 12, leftAngle: 45, rightAngle: 45, label: 'frame' },
    { length: 700, quantity: 3, leftAngle: 60, label: 'brace' },
    { length: 900, quantity: 2 },
  ],
  stockLength: 6000,
  kerf: 3,
  trim: true,
  minRemnant: 200,
  angleCuts: { enabled: true, width: 40, axialSymmetry: 'X' },
};

let request: OptimiseRequest;
let valid: OptimiseResponse;
beforeAll(async () => {
  const parsed = parseOptimiseBody(BODY, 'json');
  if (!parsed.ok) throw new Error(parsed.error.message);
  request = parsed.value;
  valid = await planOf(BODY);
});

type Comb = Draft<OptimiseResponse>['plan']['combinations'][number]['usedComb'];
const comb = (d: Draft<OptimiseResponse>, i: number): Comb => at(d.plan.combinations, i).usedComb;
/** The first layout with a turned piece, and that piece's position. */
const turnedPiece = (r: OptimiseResponse): [number, number] => {
  for (const [i, c] of r.plan.combinations.entries()) {
    const j = c.usedComb.parts.findIndex((p) => p.orientation === 'X');
    if (j >= 0) return [i, j];
  }
  throw new Error('no turned piece in the fixture plan');
};

describe('verifyPlan on corrupted angle plans', () => {
  it('passes the valid plan, which turns pieces and shares cuts', () => {
    expect(checksOf(verifyPlan(request, valid))).toEqual([]);
    expect(turnedPiece(valid)[0]).toBeGreaterThanOrEqual(0);
  });

  it('catches a turn the symmetry does not allow', () => {
    const [i, j] = turnedPiece(valid);
    const bad = corrupt(valid, (d) => {
      const p = at(comb(d, i).parts, j);
      // Y swaps the ends: the same angles for a 45/45 frame, so only the turn itself is wrong.
      p.orientation = 'Y';
      p.leftAngle = 45;
      p.rightAngle = 45;
    });
    expect(checksOf(verifyPlan(request, bad))).toContain('orientation');
  });

  it('catches stated angles that are not the turn of the part', () => {
    const [i, j] = turnedPiece(valid);
    const bad = corrupt(valid, (d) => {
      at(comb(d, i).parts, j).leftAngle = 45;
    });
    expect(checksOf(verifyPlan(request, bad))).toEqual(['orientation']);
  });

  it('catches a sequence whose tightest placement overruns the bar', async () => {
    // 14 frames a bar fit only turned alternately (460 + 13 × 420 = 5920); as entered they need 6440.
    const frames = {
      parts: [{ length: 460, quantity: 28, leftAngle: 45, rightAngle: 45 }],
      stockLength: 6000,
      angleCuts: { enabled: true, width: 40, axialSymmetry: 'X' },
    };
    const parsed = parseOptimiseBody(frames, 'json');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const plan = await planOf(frames);
    expect(checksOf(verifyPlan(parsed.value, plan))).toEqual([]);
    const bad = corrupt(plan, (d) => {
      for (const c of d.plan.combinations)
        for (const p of c.usedComb.parts)
          if (p.orientation === 'X') Object.assign(p, { orientation: 'none', leftAngle: 45, rightAngle: 45 });
    });
    const checks = checksOf(verifyPlan(parsed.value, bad));
    expect(checks).toContain('fit');
    expect(checks).not.toContain('orientation');
  });

  it('catches one cut claimed for two edges that are not parallel', () => {
    // A 60° brace after a square end, or a square end after a mitre, takes two cuts with a wedge between.
    const i = valid.plan.combinations.findIndex((c) =>
      c.usedComb.parts.some(
        (p, j) => j > 0 && p.leftAngle !== null && c.usedComb.parts[j - 1]?.rightAngle === null,
      ),
    );
    expect(i).toBeGreaterThanOrEqual(0);
    const bad = corrupt(valid, (d) => {
      const c = comb(d, i);
      const j = c.parts.findIndex(
        (p, k) => k > 0 && p.leftAngle !== null && c.parts[k - 1]?.rightAngle === null,
      );
      // Drop the wedge's second cut: the first angled cut after the square one.
      const k = c.cutPositions.findIndex(
        (x, q) => q > 0 && Array.isArray(x) && !Array.isArray(c.cutPositions[q - 1]),
      );
      expect(j).toBeGreaterThan(0);
      c.cutPositions.splice(k, 1);
    });
    expect(checksOf(verifyPlan(request, bad))).toEqual(['cutPositions']);
  });

  it('catches an angled cut given top and bottom swapped, or as one number', () => {
    const swapped = corrupt(valid, (d) => {
      const c = comb(d, 0);
      const q = c.cutPositions.findIndex((x) => Array.isArray(x));
      const pair = c.cutPositions[q] as [number, number];
      c.cutPositions[q] = [pair[1], pair[0]];
    });
    expect(checksOf(verifyPlan(request, swapped))).toEqual(['cutPositions']);
    const flat = corrupt(valid, (d) => {
      const c = comb(d, 0);
      const q = c.cutPositions.findIndex((x) => Array.isArray(x));
      c.cutPositions[q] = (c.cutPositions[q] as [number, number])[1];
    });
    expect(checksOf(verifyPlan(request, flat))).toEqual(['cutPositions']);
  });

  it('catches waste counted tip to tip instead of by material', () => {
    const bad = corrupt(valid, (d) => {
      const c = comb(d, 0);
      const tips = c.combination.reduce((a, b) => a + b, 0);
      c.waste.total = c.length - tips;
    });
    expect(checksOf(verifyPlan(request, bad))).toEqual(['waste']);
  });

  it('catches a remnant that ignores the last cut', () => {
    const bad = corrupt(valid, (d) => {
      const c = comb(d, 0);
      c.waste.remnant += 1;
      c.waste.saw -= 1;
    });
    expect(checksOf(verifyPlan(request, bad))).toContain('waste');
  });

  it('catches job figures summed tip to tip', () => {
    const bad = corrupt(valid, (d) => {
      d.stats.totalPartsLength = 12 * 460 + 3 * 700 + 2 * 900;
    });
    expect(checksOf(verifyPlan(request, bad))).toEqual(['stats']);
  });

  it('catches a missing piece', () => {
    const bad = corrupt(valid, (d) => {
      const c = comb(d, 0);
      c.parts.pop();
      c.combination.pop();
    });
    expect(checksOf(verifyPlan(request, bad))).toContain('demand');
  });
});

describe('identical angle layouts', () => {
  it('are the same parts in the same order with the same turns', async () => {
    const body = {
      parts: [{ length: 1000, quantity: 4, leftAngle: 60, rightAngle: 60 }],
      stockLength: 2100,
      angleCuts: { enabled: true, width: 40, axialSymmetry: 'X' },
    };
    const parsed = parseOptimiseBody(body, 'json');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const plan = await planOf(body);
    expect(plan.plan.combinations).toHaveLength(1);
    const one = plan.plan.combinations[0];
    if (!one) throw new Error('no layout');
    // The same bar twice as one layout each: refused; with the second piece turned the other way: two layouts.
    const split = corrupt(plan, (d) => {
      const c = at(d.plan.combinations, 0);
      c.count = 1;
      d.plan.combinations.push(structuredClone(c));
    });
    // (layoutCount in stats now disagrees too.)
    expect(checksOf(verifyPlan(parsed.value, split))).toEqual(['layouts', 'stats']);
    const turned = corrupt(split, (d) => {
      const p = at(comb(d, 1).parts, 1);
      const flipped =
        p.orientation === 'X'
          ? { orientation: 'none', leftAngle: 60, rightAngle: 60 }
          : { orientation: 'X', leftAngle: 120, rightAngle: 120 };
      Object.assign(p, flipped);
    });
    expect(checksOf(verifyPlan(parsed.value, turned))).not.toContain('layouts');
  });
});
