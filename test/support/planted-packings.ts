/**
 * Perfect-packing jobs with a planted packing, shared by the packer's tests (`perfect-packing.test.ts`
 * and the trace pinned by `packing-trace.test.ts`, which depends on these generators drawing exactly the
 * same jobs from a seed).
 */
import { rng } from '../../core/model/index.ts';
import type { PerfectPackingInput } from '../../core/square/search/exact/perfect-packing.ts';

/** Bars split into pieces, merged into distinct weights with demands. */
export function fromBars(capacity: number, bars: readonly (readonly number[])[]): PerfectPackingInput {
  const demand = new Map<number, number>();
  for (const bar of bars) for (const w of bar) demand.set(w, (demand.get(w) ?? 0) + 1);
  // Largest first, like the benchmark files, but the search must not rely on any order.
  const weights = [...demand.keys()].sort((a, b) => b - a);
  return { weights, demands: weights.map((w) => demand.get(w) ?? 0), capacity, bins: bars.length };
}

/**
 * A random AI-like job: `bars` bars of capacity 1000 with a planted perfect packing. Most bars are a long
 * piece and one or two short ones; the kernel is one long piece with three to five short ones and `k`
 * bars cut into three to seven short pieces. Weights repeat, so short kinds have several copies.
 */
export function randomAiLike(bars: number, k: number, seed: number): PerfectPackingInput {
  const random = rng(seed);
  const capacity = 1000;
  const pick = (lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));
  /** `total` cut into `n` pieces of at least 1, none above half a bar. */
  const cut = (total: number, n: number): number[] => {
    for (;;) {
      const points = new Set<number>();
      while (points.size < n - 1) points.add(pick(1, total - 1));
      const sorted = [...points].sort((a, b) => a - b);
      const pieces = [...sorted, total].map((p, i) => p - (i > 0 ? (sorted[i - 1] ?? 0) : 0));
      if (pieces.every((p) => 2 * p <= capacity)) return pieces;
    }
  };
  const out: number[][] = [];
  for (let b = 0; b < bars - k - 1; b++) {
    const big = pick(501, 980);
    out.push([big, ...cut(capacity - big, random() < 0.1 ? 1 : 2)]);
  }
  const big = pick(501, 900);
  out.push([big, ...cut(capacity - big, pick(3, Math.min(5, capacity - big)))]);
  for (let q = 0; q < k; q++) out.push(cut(capacity, pick(3, 7)));
  return fromBars(capacity, out);
}
