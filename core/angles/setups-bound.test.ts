/**
 * The angle setups bound against exhaustive search on small random mitred jobs: for every job, the fewest
 * setups of any plan (every sequence, order and turn the model allows; bars at the least cost) is never
 * below the bound at that cost. Plans of the model fit the real bar, so this checks the bound against a
 * subset of the real plans: a necessary condition of its validity, which is argued in setups-bound.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseOptimiseBody } from '../request/index.ts';
import { type AngleJob, buildAngleJobs, type SeqBar } from './job.ts';
import { spanOf } from './plan.ts';
import { angleSetupsLowerBound } from './setups-bound.ts';
import { barSetupKey } from './setups-count.ts';

type Piece = { shape: number; pose: number };

/** Every sequence the model lets a bar of source 0 hold within the demand. */
function sequences(job: AngleJob): Piece[][] {
  const out: Piece[][] = [];
  const length = job.base.sources[0]?.length ?? 0;
  const grow = (seq: Piece[], used: number[]): void => {
    job.shapes.forEach((s, shape) => {
      if ((used[shape] ?? 0) >= s.demand) return;
      s.poses.forEach((_, pose) => {
        const next = [...seq, { shape, pose }];
        if (spanOf(job, { source: 0, pieces: next }) > length) return;
        out.push(next);
        used[shape] = (used[shape] ?? 0) + 1;
        grow(next, used);
        used[shape] = (used[shape] ?? 0) - 1;
      });
    });
  };
  grow([], []);
  return out;
}

/** The least bars, and the fewest setups among plans of that many bars (exhaustive). */
function exhaustive(job: AngleJob): { bars: number; setups: number } {
  const seqs = sequences(job).map((pieces) => {
    const bar: SeqBar = { source: 0, pieces };
    return { pieces, key: barSetupKey(job, bar) };
  });
  const best = { bars: Number.POSITIVE_INFINITY, setups: Number.POSITIVE_INFINITY };
  const left = job.shapes.map((s) => s.demand);
  const keys = new Map<string, number>();
  const walk = (from: number, bars: number): void => {
    if (bars > best.bars) return;
    if (left.every((d) => d === 0)) {
      if (bars < best.bars || keys.size < best.setups) {
        if (bars < best.bars) best.setups = Number.POSITIVE_INFINITY;
        best.bars = bars;
        best.setups = Math.min(best.setups, keys.size);
      }
      return;
    }
    for (let i = from; i < seqs.length; i++) {
      const s = seqs[i];
      if (!s || s.pieces.some((p) => (left[p.shape] ?? 0) <= 0)) continue;
      let ok = true;
      for (const p of s.pieces) left[p.shape] = (left[p.shape] ?? 0) - 1;
      if (left.some((d) => d < 0)) ok = false;
      if (ok) {
        keys.set(s.key, (keys.get(s.key) ?? 0) + 1);
        walk(i, bars + 1);
        const n = (keys.get(s.key) ?? 1) - 1;
        if (n === 0) keys.delete(s.key);
        else keys.set(s.key, n);
      }
      for (const p of s.pieces) left[p.shape] = (left[p.shape] ?? 0) + 1;
    }
  };
  walk(0, 0);
  return best;
}

const job = fc.record({
  parts: fc.array(
    fc.record({
      length: fc.integer({ min: 300, max: 1400 }),
      quantity: fc.integer({ min: 1, max: 3 }),
      leftAngle: fc.constantFrom(45, 135, 90, 60),
      rightAngle: fc.constantFrom(45, 135, 90),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  stockLength: fc.integer({ min: 1500, max: 2600 }),
  kerf: fc.constantFrom(0, 3),
  angleCuts: fc.record({
    enabled: fc.constant(true),
    width: fc.constantFrom(40, 80),
    axialSymmetry: fc.constantFrom('none', 'X', 'Y', 'Z', 'XYZ'),
  }),
});

describe('angle setups bound', () => {
  it('is never above the fewest setups of any plan at the least bar count (exhaustive, small jobs)', () => {
    let above1 = 0;
    let above2 = 0;
    fc.assert(
      fc.property(job, (body) => {
        const parsed = parseOptimiseBody(body, 'json');
        if (!parsed.ok) return;
        const [j] = buildAngleJobs(parsed.value);
        if (!j || j.shapes.reduce((a, s) => a + s.demand, 0) > 7) return;
        const { bars, setups } = exhaustive(j);
        if (!Number.isFinite(bars)) return;
        // Unpriced, one stock length: the cost is the bar count.
        const bound = angleSetupsLowerBound(j, bars);
        expect(bound).toBeLessThanOrEqual(setups);
        if (bound >= 2) above1++;
        if (bound >= 3) above2++;
      }),
      { seed: Number(process.env.SEED ?? 2026), numRuns: Number(process.env.RUNS ?? 150) },
    );
    // Both the one-setup and the two-setup tests take part.
    expect(above1).toBeGreaterThan(10);
    expect(above2).toBeGreaterThan(3);
  });

  it('counts shapes that one turn makes alike as one class', () => {
    // 45°/135° and 135°/45° of one length are one slot turned about Y: one setup cuts both, one a bar.
    const parsed = parseOptimiseBody(
      {
        parts: [
          { length: 1000, quantity: 1, leftAngle: 45, rightAngle: 135 },
          { length: 1000, quantity: 1, leftAngle: 135, rightAngle: 45 },
        ],
        stockLength: 1100,
        angleCuts: { enabled: true, width: 40, axialSymmetry: 'Y' },
      },
      'json',
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    const [j] = buildAngleJobs(parsed.value);
    if (!j) throw new Error('no job');
    expect(exhaustive(j)).toEqual({ bars: 2, setups: 1 });
    expect(angleSetupsLowerBound(j, 2)).toBe(1);
  });
});
