import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { branchAndBound } from './knapsack-bb.ts';
import { bruteForce } from './knapsack-brute-force.ts';
import type { KnapsackResult } from './knapsack-types.ts';
import { RUNNERS_UP } from './tuning.ts';

/**
 * The branch and bound as it was before its stack kept only the decisions that take a copy: one level per
 * item, every node (a heavy item's zero take included) expanded and walked back over. The search must
 * visit, count and prune the same nodes, so its answers (packings, runners-up, bounds, whether it
 * stopped) must be the same to the last bit.
 */
function levelByLevel(
  values: Float64Array,
  weights: ArrayLike<number>,
  copies: Int32Array,
  capacity: number,
  nodeLimit: number,
  start?: Int32Array,
): KnapsackResult {
  const m = values.length;
  const order: number[] = [];
  for (let i = 0; i < m; i++) {
    if ((values[i] ?? 0) > 0 && (copies[i] ?? 0) > 0 && (weights[i] ?? 0) <= capacity) order.push(i);
  }
  order.sort((a, b) => {
    const d = (values[b] ?? 0) / (weights[b] ?? 1) - (values[a] ?? 0) / (weights[a] ?? 1);
    return d !== 0 ? d : a - b;
  });
  const n = order.length;
  const v = order.map((i) => values[i] ?? 0);
  const w = order.map((i) => weights[i] ?? 0);
  const u = order.map((i, k) => Math.min(copies[i] ?? 0, Math.floor(capacity / (w[k] ?? 1))));
  const dens = v.map((x, k) => x / (w[k] ?? 1));
  const minW = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
  for (let k = n - 1; k >= 0; k--) minW[k] = Math.min(w[k] ?? 0, minW[k + 1] ?? 0);
  const fractionalBound = (k0: number, room: number): number => {
    let bound = 0;
    let r = room;
    let last = -1;
    for (let k = k0; k < n; k++) {
      const wk = w[k] ?? 1;
      const uk = u[k] ?? 0;
      const fit = Math.floor(r / wk);
      const full = uk < fit ? uk : fit;
      const vk = v[k] ?? 0;
      bound += full * vk;
      r -= full * wk;
      if (full < uk) {
        const dantzig = bound + (r / wk) * vk;
        const next = k + 1 < n ? r * (dens[k + 1] ?? 0) : 0;
        const more = last >= 0 ? vk - (wk - r) * (dens[last] ?? 0) : Number.NEGATIVE_INFINITY;
        return Math.min(dantzig, bound + Math.max(next, more));
      }
      if (full > 0) last = k;
    }
    return bound;
  };
  let most = 0;
  for (let k = 0; k < n; k++) most += (v[k] ?? 0) * (u[k] ?? 0);
  const tol = 1e-12 * most;
  const cur = new Int32Array(n);
  let bestVal = 0;
  let best = new Int32Array(n);
  let startCounts: Int32Array | null = null;
  let improved = false;
  if (start) {
    let v0 = 0;
    start.forEach((c, i) => {
      v0 += c * (values[i] ?? 0);
    });
    if (v0 > 0) {
      bestVal = v0;
      startCounts = start.slice();
    }
  }
  const runnersUp: Int32Array[] = [];
  let nodes = 0;
  let openBound = 0;
  let stopped = false;
  const roomAt = new Float64Array(n);
  const valAt = new Float64Array(n);
  const takeAt = new Int32Array(n);
  let k = 0;
  let room = capacity;
  let val = 0;
  for (;;) {
    if (val > bestVal + tol) {
      bestVal = val;
      if (improved) {
        runnersUp.push(best);
        if (runnersUp.length > RUNNERS_UP) runnersUp.shift();
      }
      best = cur.slice();
      improved = true;
    }
    let expand = false;
    if (k < n && room >= (minW[k] ?? 0)) {
      const ub = val + fractionalBound(k, room);
      if (ub > bestVal + tol) {
        if (stopped || ++nodes > nodeLimit) {
          stopped = true;
          openBound = Math.max(openBound, ub);
        } else expand = true;
      }
    }
    if (expand) {
      const wk = w[k] ?? 1;
      const take = Math.min(u[k] ?? 0, Math.floor(room / wk));
      roomAt[k] = room;
      valAt[k] = val;
      takeAt[k] = take;
      cur[k] = take;
      room -= take * wk;
      val += take * (v[k] ?? 0);
      k++;
      continue;
    }
    let p = k - 1;
    while (p >= 0 && (takeAt[p] ?? 0) === 0) {
      cur[p] = 0;
      p--;
    }
    if (p < 0) break;
    const take = (takeAt[p] ?? 0) - 1;
    takeAt[p] = take;
    cur[p] = take;
    room = (roomAt[p] ?? 0) - take * (w[p] ?? 1);
    val = (valAt[p] ?? 0) + take * (v[p] ?? 0);
    k = p + 1;
  }
  const toCounts = (b: Int32Array): Int32Array => {
    const c = new Int32Array(m);
    for (let j = 0; j < n; j++) c[order[j] ?? 0] = b[j] ?? 0;
    return c;
  };
  const counts = !improved && startCounts ? startCounts : toCounts(best);
  return {
    counts,
    value: bestVal,
    upperBound: (stopped ? Math.max(bestVal, openBound) : bestVal) + tol,
    exact: !stopped,
    extra: runnersUp.reverse().map(toCounts),
  };
}

/** Pricing problems shaped like a practical job's: up to 50 lengths, long ones among them, near-even duals. */
const problem = fc.record({
  items: fc.array(
    fc.record({
      weight: fc.integer({ min: 1, max: 400 }),
      noise: fc.integer({ min: -30, max: 30 }),
      copies: fc.integer({ min: 0, max: 6 }),
    }),
    { minLength: 1, maxLength: 50 },
  ),
  capacity: fc.integer({ min: 1, max: 1000 }),
  nodeLimit: fc.constantFrom(0, 3, 40, 500, 1_000_000),
  withStart: fc.boolean(),
});

describe('branchAndBound', () => {
  it('visits, counts and prunes the nodes of the level-by-level search: the same answers to the bit', () => {
    let stopped = 0;
    let heavy = 0;
    fc.assert(
      fc.property(problem, ({ items, capacity, nodeLimit, withStart }) => {
        const values = Float64Array.from(items, (i) => i.weight * (1 + i.noise / 300));
        const weights = Float64Array.from(items, (i) => i.weight);
        const copies = Int32Array.from(items, (i) => i.copies);
        // A start packing: the first item that fits, once.
        const start = new Int32Array(items.length);
        const first = items.findIndex((i) => i.copies > 0 && i.weight <= capacity);
        if (withStart && first >= 0) start[first] = 1;
        const s = withStart ? start : undefined;
        const got = branchAndBound(values, weights, copies, capacity, nodeLimit, s);
        const want = levelByLevel(values, weights, copies, capacity, nodeLimit, s);
        expect([...got.counts]).toEqual([...want.counts]);
        expect(got.value).toBe(want.value);
        expect(got.upperBound).toBe(want.upperBound);
        expect(got.exact).toBe(want.exact);
        expect(got.extra.map((e) => [...e])).toEqual(want.extra.map((e) => [...e]));
        if (!got.exact) stopped++;
        if (items.some((i) => i.copies > 0 && i.weight * 2 > capacity && i.weight <= capacity)) heavy++;
      }),
      { seed: 41, numRuns: 500 },
    );
    // Both the stopped searches and the items too heavy for part of the tree must have been exercised.
    expect(stopped).toBeGreaterThan(50);
    expect(heavy).toBeGreaterThan(100);
  });

  it('gives the level-by-level answers on tied densities, several capacities in turn and node limits', () => {
    // Pricing asks one set of duals for every kind of bar in turn; here densities tie in whole groups (a
    // piece's dual its length times one of three rates), so the order's tie rule (by index) decides which
    // item comes first, and the limits stop many searches part way.
    const tied = fc.record({
      items: fc.array(
        fc.record({
          weight: fc.integer({ min: 1, max: 300 }),
          rate: fc.constantFrom(1, 1.25, 2),
          copies: fc.integer({ min: 0, max: 5 }),
        }),
        { minLength: 1, maxLength: 50 },
      ),
      capacities: fc.array(fc.integer({ min: 1, max: 900 }), { minLength: 1, maxLength: 3 }),
      nodeLimit: fc.constantFrom(1, 25, 300, 5_000),
    });
    let stopped = 0;
    let ties = 0;
    fc.assert(
      fc.property(tied, ({ items, capacities, nodeLimit }) => {
        const values = Float64Array.from(items, (i) => i.weight * i.rate);
        const weights = Float64Array.from(items, (i) => i.weight);
        const copies = Int32Array.from(items, (i) => i.copies);
        const rates = new Set(items.filter((i) => i.copies > 0).map((i) => i.rate));
        if (rates.size < items.filter((i) => i.copies > 0).length) ties++;
        for (const capacity of capacities) {
          const got = branchAndBound(values, weights, copies, capacity, nodeLimit);
          const want = levelByLevel(values, weights, copies, capacity, nodeLimit);
          expect([...got.counts]).toEqual([...want.counts]);
          expect(got.value).toBe(want.value);
          expect(got.upperBound).toBe(want.upperBound);
          expect(got.exact).toBe(want.exact);
          expect(got.extra.map((e) => [...e])).toEqual(want.extra.map((e) => [...e]));
          if (!got.exact) stopped++;
        }
      }),
      { seed: 47, numRuns: 400 },
    );
    expect(stopped).toBeGreaterThan(100);
    expect(ties).toBeGreaterThan(200);
  });

  it('keeps every answer intact through later calls of other sizes (its working arrays are shared)', () => {
    fc.assert(
      fc.property(fc.array(problem, { minLength: 2, maxLength: 6 }), (problems) => {
        const solve = ({ items, capacity, nodeLimit }: (typeof problems)[number]) =>
          branchAndBound(
            Float64Array.from(items, (i) => i.weight * (1 + i.noise / 300)),
            Float64Array.from(items, (i) => i.weight),
            Int32Array.from(items, (i) => i.copies),
            capacity,
            nodeLimit,
          );
        const snap = (r: KnapsackResult) => ({
          ...r,
          counts: [...r.counts],
          extra: r.extra.map((e) => [...e]),
        });
        // Answers held by the caller while other searches run, then each solved again on its own.
        const held = problems.map(solve);
        const copied = held.map(snap);
        expect(held.map(snap)).toEqual(copied);
        const again = [...problems].reverse().map((p) => snap(solve(p)));
        expect(again.reverse()).toEqual(copied);
        for (const [k, r] of held.entries()) expect(r.counts.length).toBe(problems[k]?.items.length);
      }),
      { seed: 43, numRuns: 200 },
    );
  });

  it('finds the optimum when it finishes with many item types, most too long for the room left', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 20, max: 90 }), { minLength: 8, maxLength: 12 }),
        fc.integer({ min: 100, max: 200 }),
        (lengths, capacity) => {
          const values = lengths.map((l, k) => l * (1 + ((k * 7) % 5) / 100));
          const bounds = lengths.map(() => 2);
          const r = branchAndBound(
            Float64Array.from(values),
            lengths,
            Int32Array.from(bounds),
            capacity,
            1_000_000,
          );
          expect(r.exact).toBe(true);
          expect(r.value).toBeCloseTo(bruteForce(values, lengths, bounds, capacity), 10);
        },
      ),
      { seed: 42, numRuns: 100 },
    );
  });
});
