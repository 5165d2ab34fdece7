/**
 * Exhaustive setups of small angle jobs, for the setups bounds' tests: every sequence the model lets a bar
 * hold within the demand, and the fewest setups among plans of the least bar count (one stock length).
 */
import fc from 'fast-check';
import { type AngleJob, buildAngleJobs, type SeqBar } from '../../core/angle/search/job.ts';
import { spanOf } from '../../core/angle/search/plan.ts';
import { barSetupKey } from '../../core/angle/setups/count.ts';
import { parseOptimiseBody } from '../../core/request/index.ts';

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

/** The least bars, and the fewest setups among plans of that many bars (exhaustive), with such a plan. */
export function exhaustive(job: AngleJob): { bars: number; setups: number; plan: SeqBar[] } {
  const seqs = sequences(job).map((pieces) => {
    const bar: SeqBar = { source: 0, pieces };
    return { pieces, key: barSetupKey(job, bar) };
  });
  const best = { bars: Number.POSITIVE_INFINITY, setups: Number.POSITIVE_INFINITY, plan: [] as SeqBar[] };
  const chosen: number[] = [];
  const left = job.shapes.map((s) => s.demand);
  const keys = new Map<string, number>();
  const walk = (from: number, bars: number): void => {
    if (bars > best.bars) return;
    if (left.every((d) => d === 0)) {
      if (bars < best.bars || keys.size < best.setups) {
        if (bars < best.bars) best.setups = Number.POSITIVE_INFINITY;
        best.bars = bars;
        if (keys.size < best.setups) {
          best.setups = keys.size;
          best.plan = chosen.map((i) => ({ source: 0, pieces: seqs[i]?.pieces ?? [] }));
        }
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
        chosen.push(i);
        walk(i, bars + 1);
        chosen.pop();
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

/** Small random mitred jobs: up to three parts from one stock length. */
export const smallAngleJob = fc.record({
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

/** The job of a small body, or null when it is refused or too large to enumerate (over 7 pieces). */
export function smallJob(body: unknown): AngleJob | null {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) return null;
  const [j] = buildAngleJobs(parsed.value);
  return j && j.shapes.reduce((a, s) => a + s.demand, 0) <= 7 ? j : null;
}
