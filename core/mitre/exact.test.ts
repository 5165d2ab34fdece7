import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { edgeFigures, edgesFit, gapBelow, gapBetween, materialLength, sharesCut } from './exact.ts';

const rad = (a: number) => (a * Math.PI) / 180;

describe('the exactness rule', () => {
  it.each([
    // angle, width, kerf → reachDown, reachUp, reachNear, kerfAlong, kerfAlongDown, lean
    [45, 40, 0, 40, 40, 40, 0, 0, 1],
    [135, 40, 3, 40, 40, 40, 5, 4, -1],
    [90, 40, 3, 0, 0, 0, 3, 3, 0],
    [30, 40, 3, 69, 70, 69, 6, 6, 1],
    [150, 40, 3, 69, 70, 69, 6, 6, -1],
    [60, 40, 0, 23, 24, 23, 0, 0, 1],
  ])('figures of %s° at width %s, kerf %s', (a, w, k, down, up, near, along, alongDown, lean) => {
    expect(edgeFigures(a, w, k)).toEqual({
      angle: a,
      reachDown: down,
      reachUp: up,
      reachNear: near,
      kerfAlong: along,
      kerfAlongDown: alongDown,
      lean,
    });
  });

  it('rounds every irrational figure outward, for any angle, width and kerf', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 10, max: 170, noNaN: true }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (a, w, k) => {
          const f = edgeFigures(a, w, k);
          const reach = a === 90 ? 0 : w / Math.abs(Math.tan(rad(a)));
          const along = k / Math.sin(rad(a));
          expect(f.reachDown).toBeLessThanOrEqual(reach + 1e-6);
          expect(f.reachUp).toBeGreaterThanOrEqual(reach - 1e-6);
          expect(f.reachUp - f.reachDown).toBeLessThanOrEqual(2);
          expect(f.kerfAlong).toBeGreaterThanOrEqual(along - 1e-6);
          expect(f.kerfAlongDown).toBeLessThanOrEqual(along + 1e-6);
          for (const x of [f.reachDown, f.reachUp, f.reachNear, f.kerfAlong, f.kerfAlongDown])
            expect(Number.isSafeInteger(x)).toBe(true);
        },
      ),
      { seed: 20, numRuns: 500 },
    );
  });

  it('brackets the real least gap between two facing edges', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 170 }),
        fc.integer({ min: 10, max: 170 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 10 }),
        (ar, al, w, k) => {
          const right = edgeFigures(ar, w, k);
          const left = edgeFigures(al, w, k);
          // The real geometry: the gap at height y between the right edge x = e − y·cot(ar) and the left
          // edge x = s + y·cot(al) must hold both blades; the tip-to-tip gap is s − e plus the overhangs.
          const cr = 1 / Math.tan(rad(ar));
          const cl = 1 / Math.tan(rad(al));
          const blade = Math.max(k / Math.sin(rad(ar)), k / Math.sin(rad(al)));
          const sMinusE = blade - Math.min(0, w * (cl + cr));
          const real = sMinusE + Math.min(0, w * cl) + Math.min(0, w * cr);
          expect(gapBetween(right, left)).toBeGreaterThanOrEqual(real - 1e-6);
          expect(gapBelow(right, left)).toBeLessThanOrEqual(real + 1e-6);
        },
      ),
      { seed: 21, numRuns: 500 },
    );
  });

  it('shares a cut only between parallel edges', () => {
    expect(sharesCut(45, 135)).toBe(true);
    expect(sharesCut(90, 90)).toBe(true);
    expect(sharesCut(45, 45)).toBe(false);
    expect(sharesCut(60, 135)).toBe(false);
  });

  it('counts material as area over width, rounded down', () => {
    const f45 = edgeFigures(45, 40, 0);
    const sq = edgeFigures(90, 40, 0);
    expect(materialLength(460, f45, f45)).toBe(420);
    expect(materialLength(620, f45, edgeFigures(135, 40, 0))).toBe(580);
    expect(materialLength(500, sq, sq)).toBe(500);
    expect(materialLength(500, edgeFigures(60, 40, 0), sq)).toBe(500 - 12);
  });

  it('refuses a piece whose end cuts would cross or meet', () => {
    const f45 = edgeFigures(45, 40, 0);
    expect(edgesFit(81, f45, f45)).toBe(true);
    expect(edgesFit(80, f45, f45)).toBe(false);
    // A parallelogram loses its reach on each face once.
    expect(edgesFit(41, f45, edgeFigures(135, 40, 0))).toBe(true);
    expect(edgesFit(40, f45, edgeFigures(135, 40, 0))).toBe(false);
  });
});
