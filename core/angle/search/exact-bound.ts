/**
 * An exact bound for small angle jobs: the least cost of cutting exactly the demand when every gap is the
 * bound-side figure (`gapBelow`) and supply is unlimited. No real plan is cheaper: dropping the pieces a
 * plan cuts past the demand leaves real sequences (the pieces either side end up further apart than the
 * blades need), each real sequence fits in the bound model, and more supply only adds plans. Where the
 * LP leaves an integrality gap on a small job, this closes it.
 *
 * Two dynamic programs over count vectors (how many pieces of each shape): the least span of a sequence
 * holding exactly those pieces, per right edge of its last piece; then the least cost of covering the
 * demand with bars whose count vectors fit a source.
 */
import { gapBelow } from '../../mitre/index.ts';
import type { AngleJob } from './job.ts';

/** Count vectors (∏ (demandₛ + 1)) past which the job is not small: both programs stay well under 10 ms. */
export const EXACT_BOUND_STATES = 1500;

/**
 * The bound, or 0 when the job is not small, or under `offcuts_first` (its objective is lexicographic), or
 * with a source that costs nothing (offcuts: without their supply the bound would be 0).
 */
export function exactSmallBound(job: AngleJob): number {
  if (job.base.offcutsFirst || job.base.sources.some((s) => !(s.cost > 0))) return 0;
  const demand = job.shapes.map((s) => s.demand);
  const radix = demand.map((d) => d + 1);
  let size = 1;
  for (const r of radix) {
    size *= r;
    if (size > EXACT_BOUND_STATES) return 0;
  }
  const decode = (code: number): number[] =>
    radix.map((r) => {
      const c = code % r;
      code = Math.floor(code / r);
      return c;
    });
  const stride = radix.map((_, s) => radix.slice(0, s).reduce((a, b) => a * b, 1));
  // Codes in order of pieces held: every vector is reached from one with a piece less.
  const order = Array.from({ length: size }, (_, i) => i);
  const vectors = order.map(decode);
  const pieces = vectors.map((v) => v.reduce((a, b) => a + b, 0));
  order.sort((a, b) => (pieces[a] ?? 0) - (pieces[b] ?? 0) || a - b);
  const span: (Map<number, number> | undefined)[] = new Array(size);
  const longest = Math.max(...job.base.sources.map((s) => s.length)) - 2 * job.trimKerf;
  for (const code of order) {
    const counts = vectors[code] ?? [];
    const here = span[code];
    if (code !== 0 && here === undefined) continue;
    job.shapes.forEach((shape, s) => {
      if ((counts[s] ?? 0) >= (demand[s] ?? 0)) return;
      const to = code + (stride[s] ?? 0);
      for (const p of shape.poses) {
        let least = Number.POSITIVE_INFINITY;
        if (here === undefined) least = p.length;
        else
          for (const [right, end] of here)
            least = Math.min(least, end + gapBelow(job.table.of(right), job.table.of(p.left)) + p.length);
        if (least > longest) continue;
        let m = span[to];
        if (m === undefined) {
          m = new Map();
          span[to] = m;
        }
        if (least < (m.get(p.right) ?? Number.POSITIVE_INFINITY)) m.set(p.right, least);
      }
    });
  }
  // The cheapest source each count vector fits.
  const barCost = new Float64Array(size).fill(Number.POSITIVE_INFINITY);
  const fitting: number[] = [];
  for (let code = 1; code < size; code++) {
    const ends = span[code];
    if (ends === undefined) continue;
    const least = Math.min(...ends.values());
    for (const s of job.base.sources)
      if (least <= s.length - 2 * job.trimKerf) barCost[code] = Math.min(barCost[code] ?? 0, s.cost);
    if (Number.isFinite(barCost[code] ?? 0)) fitting.push(code);
  }
  const best = new Float64Array(size).fill(Number.POSITIVE_INFINITY);
  best[0] = 0;
  // Count vectors flat, one row of `k` per code. A bar inside `code` has a code no larger (`fitting` is
  // in increasing code order), so the scan stops there.
  const k = radix.length;
  const flat = new Int32Array(size * k);
  vectors.forEach((v, code) => {
    flat.set(v, code * k);
  });
  const bars = Int32Array.from(fitting);
  for (const code of order) {
    if (code === 0) continue;
    best[code] = cheapestCover(flat, k, bars, barCost, best, code);
  }
  const all = best[size - 1] ?? 0;
  return Number.isFinite(all) ? all : 0;
}

/** The least cost of one bar inside count vector `code` plus the best cover of what it leaves. */
function cheapestCover(
  flat: Int32Array,
  k: number,
  bars: Int32Array,
  barCost: Float64Array,
  best: Float64Array,
  code: number,
): number {
  let b = Number.POSITIVE_INFINITY;
  const d = code * k;
  for (let i = 0; i < bars.length; i++) {
    const bar = bars[i] ?? 0;
    if (bar > code) break;
    const c = bar * k;
    let inside = true;
    for (let s = 0; s < k; s++)
      if ((flat[c + s] ?? 0) > (flat[d + s] ?? 0)) {
        inside = false;
        break;
      }
    if (inside) b = Math.min(b, (barCost[bar] ?? 0) + (best[code - bar] ?? 0));
  }
  return b;
}
