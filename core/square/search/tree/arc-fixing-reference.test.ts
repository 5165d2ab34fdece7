import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CEIL_TOLERANCE } from '../../../numbers.ts';
import type { ArcBan } from '../../../pricing/index.ts';
import { type FixingCount, type FixingScratch, fixArcs, type NodeDuals } from './arc-fixing.ts';

// `fixArcs` was made cheaper (a reused DP buffer, ban checks hoisted out of its inner loops) on the
// promise that it does exactly the same work: same counts, same banned cells, same `added` list, bit for
// bit. This keeps the plain form it had before as the reference and compares them on random jobs, bans
// and node duals, with a dirty reused buffer.

function referenceFixArcs(
  pi: ArrayLike<number>,
  weights: ArrayLike<number>,
  demand: ArrayLike<number>,
  capacity: number,
  leastLoad: number,
  bars: number,
  ban: ArcBan,
  node?: NodeDuals,
  _scratch?: FixingScratch,
): FixingCount | null {
  const m = weights.length;
  const W = capacity + 1;
  const cells = ban.cells;
  // The node's arc duals: σ of item j at position p (0 where none), and the plans' fewest bars.
  const sig = node?.sigma;
  const fewest = Math.max(1, node?.fewest ?? 1);
  const copies = Int32Array.from({ length: m }, (_, j) => {
    const w = weights[j] ?? 0;
    return w > 0 ? Math.min(demand[j] ?? 0, Math.floor(capacity / w)) : 0;
  });
  // Whether copies of j at s, s + w, …, s + (k − 1)·w are all free.
  const free = (j: number, s: number, k: number): boolean => {
    const w = weights[j] ?? 0;
    for (let t = 0; t < k; t++) if (cells[j * W + s + t * w] === 1) return false;
    return true;
  };
  // B[j][p]: the best value of items j … m − 1 from load p to a load in [leastLoad, C].
  const B = new Float64Array((m + 1) * W).fill(Number.NEGATIVE_INFINITY);
  B.fill(0, m * W + Math.max(0, leastLoad), (m + 1) * W);
  for (let j = m - 1; j >= 0; j--) {
    const w = weights[j] ?? 0;
    const v = pi[j] ?? 0;
    const row = sig?.get(j);
    for (let p = 0; p < W; p++) {
      let best = B[(j + 1) * W + p] ?? Number.NEGATIVE_INFINITY;
      let arcs = 0;
      for (let k = 1; k <= (copies[j] ?? 0) && p + k * w <= capacity; k++) {
        if (cells[j * W + p + (k - 1) * w] === 1) break;
        if (row) arcs += row[p + (k - 1) * w] ?? 0;
        const x = (B[(j + 1) * W + p + k * w] ?? Number.NEGATIVE_INFINITY) + k * v + arcs;
        if (x > best) best = x;
      }
      B[j * W + p] = best;
    }
  }
  // v: the best bar within the load and the ban, read off B at load 0.
  const v = B[0] ?? Number.NEGATIVE_INFINITY;
  if (v === Number.NEGATIVE_INFINITY) return null;
  let sum = node?.rhs ?? 0;
  for (let j = 0; j < m; j++) sum += (demand[j] ?? 0) * (pi[j] ?? 0);
  // The other bars of a plan of n bars are worth at most (n − 1)·v together, n within [fewest, bars]
  // (v < 0 is possible with negative arc duals: then the fewest bars leave the least).
  const threshold = sum - Math.max((bars - 1) * v, (fewest - 1) * v);
  // A relative margin on every sum involved, as bounds are rounded (core/numbers.ts): never fix on float noise.
  // The float error of these sums is some 1e-14 of them; the margin is 1e-9 of them.
  const margin = CEIL_TOLERANCE * (Math.abs(sum) + Math.abs(node?.rhs ?? 0) + Math.abs(bars * v) + 1);
  // F: the best value of items 0 … j − 1 ending at load p, one row at a time.
  let F = new Float64Array(W).fill(Number.NEGATIVE_INFINITY);
  F[0] = 0;
  let next = new Float64Array(W);
  let arcs = 0;
  let fixed = 0;
  for (let j = 0; j < m; j++) {
    const w = weights[j] ?? 0;
    const v = pi[j] ?? 0;
    const u = copies[j] ?? 0;
    const after = (j + 1) * W;
    const row = sig?.get(j);
    // The arc duals of copies of j from s, k of them.
    const run = (s: number, k: number): number => {
      if (!row) return 0;
      let x = 0;
      for (let t = 0; t < k; t++) x += row[s + t * w] ?? 0;
      return x;
    };
    for (let p = 0; u > 0 && p + w <= capacity; p++) {
      // A copy of j at p: a copies of j before it, b after it, all free.
      let through = Number.NEGATIVE_INFINITY;
      for (let a = 0; a < u && a * w <= p; a++) {
        const f = F[p - a * w] ?? Number.NEGATIVE_INFINITY;
        if (f === Number.NEGATIVE_INFINITY || !free(j, p - a * w, a + 1)) continue;
        let arcs = run(p - a * w, a + 1);
        for (let b = 0; a + 1 + b <= u && p + (1 + b) * w <= capacity; b++) {
          if (b > 0 && cells[j * W + p + b * w] === 1) break;
          if (b > 0 && row) arcs += row[p + b * w] ?? 0;
          const x = f + (a + 1 + b) * v + arcs + (B[after + p + (1 + b) * w] ?? Number.NEGATIVE_INFINITY);
          if (x > through) through = x;
        }
      }
      if (through === Number.NEGATIVE_INFINITY) {
        // On no bar within the limit: no such plan uses it either (pricing within the limit never does).
        if (cells[j * W + p] !== 1) node?.added.push(j * W + p);
        cells[j * W + p] = 1;
        continue;
      }
      arcs++;
      if (through < threshold - margin) {
        cells[j * W + p] = 1;
        node?.added.push(j * W + p);
        fixed++;
      }
    }
    // The next row: k copies of j ending at p (the ban as it stood before this item's new arcs is not
    // needed: an arc fixed just now is on no bar that could matter, so leaving it out is valid too).
    for (let p = 0; p < W; p++) {
      let best = F[p] ?? Number.NEGATIVE_INFINITY;
      for (let k = 1; k <= u && k * w <= p; k++) {
        const s = p - k * w;
        if (cells[j * W + s + (k - 1) * w] === 1) break;
        const x = (F[s] ?? Number.NEGATIVE_INFINITY) + k * v + run(s, k);
        if (x > best && free(j, s, k)) best = x;
      }
      next[p] = best;
    }
    const done = F;
    F = next;
    next = done;
  }
  return { arcs, fixed };
}

const input = fc
  .record({
    weights: fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 6 }),
    demand: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 6, maxLength: 6 }),
    capacity: fc.integer({ min: 10, max: 45 }),
    pi: fc.array(fc.double({ min: 0, max: 0.6, noNaN: true }), { minLength: 6, maxLength: 6 }),
    least: fc.integer({ min: 0, max: 45 }),
    bars: fc.integer({ min: 1, max: 4 }),
    // Pre-banned cells (as fractions of the table) and a node's arc duals of either sign.
    banned: fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), { maxLength: 40 }),
    sigma: fc.array(
      fc.record({
        at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        value: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
      }),
      { maxLength: 12 },
    ),
    withNode: fc.boolean(),
    fewest: fc.integer({ min: 0, max: 3 }),
    rhs: fc.double({ min: -1, max: 1, noNaN: true }),
  })
  .map((r) => {
    const weights = [...r.weights].sort((a, b) => b - a);
    const m = weights.length;
    const W = r.capacity + 1;
    const cells = new Uint8Array(m * W);
    for (const b of r.banned) cells[Math.floor(b * m * W)] = 1;
    const sigma = new Map<number, Float64Array>();
    for (const s of r.sigma) {
      const c = Math.floor(s.at * m * W);
      const j = Math.floor(c / W);
      const row = sigma.get(j) ?? new Float64Array(W);
      sigma.set(j, row);
      row[c % W] = (row[c % W] ?? 0) + s.value;
    }
    return { ...r, weights, demand: r.demand.slice(0, m), pi: r.pi.slice(0, m), cells, sigma };
  });

type Input = typeof input extends fc.Arbitrary<infer T> ? T : never;

function run(
  f: typeof fixArcs,
  x: Input,
  scratch?: FixingScratch,
): { found: FixingCount | null; cells: Uint8Array; added: number[] } {
  const ban: ArcBan = { width: x.capacity + 1, cells: Uint8Array.from(x.cells) };
  const node: NodeDuals | undefined = x.withNode
    ? { sigma: x.sigma, rhs: x.rhs, fewest: x.fewest, added: [] }
    : undefined;
  const found = f(x.pi, x.weights, x.demand, x.capacity, x.least, x.bars, ban, node, scratch);
  return { found, cells: ban.cells, added: node?.added ?? [] };
}

describe('fixArcs against its plain reference form', () => {
  it('fixes the same cells, counts and added list, with and without a dirty reused buffer', () => {
    // One buffer over all runs, first soiled, so a stale cell the DP read would show.
    const scratch: FixingScratch = { dp: new Float64Array(64).fill(12345) };
    fc.assert(
      fc.property(input, (x) => {
        const want = run(referenceFixArcs, x);
        expect(run(fixArcs, x)).toEqual(want);
        expect(run(fixArcs, x, scratch)).toEqual(want);
        if (scratch.dp) scratch.dp.fill(-7.5);
      }),
      { numRuns: 400, seed: 402 },
    );
  });

  it('reuses one buffer once it is large enough', () => {
    const scratch: FixingScratch = { dp: null };
    const ban = (): ArcBan => ({ width: 21, cells: new Uint8Array(3 * 21) });
    fixArcs([0.5, 0.3, 0.2], [10, 6, 4], [1, 2, 2], 20, 15, 2, ban(), undefined, scratch);
    const first = scratch.dp;
    expect(first?.length).toBe(4 * 21);
    fixArcs([0.4, 0.3, 0.2], [10, 6, 4], [1, 2, 2], 20, 10, 2, ban(), undefined, scratch);
    expect(scratch.dp).toBe(first);
  });
});
