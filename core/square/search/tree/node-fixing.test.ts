import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onlyJob } from '../../../../test/support/solver.ts';
import type { ActiveArc, Residual } from '../../../master/index.ts';
import { arcKey, arcsOf, crossesBan } from '../../../pricing/index.ts';
import { ArcFixing, type SubtreeBan } from './arc-fixing.ts';

// Node-level fixing (technique `node-fixing`) against brute force: every plan of at most N bars (cut to
// exactly the demand) is enumerated; those a tree node holds (its bar range, its arc flows within their
// bounds) may not cross an arc the node's fixing removed for its subtree, whatever the node's item duals
// and arc duals (σ of the sign the active bound allows). A node declared empty holds none. Two levels: a
// child's fixing builds on its parent's.

/** Every plan of at most `bars` bars (each piece cut once; pieces in canonical order), as bars' counts. */
function plans(weights: number[], demand: number[], capacity: number, bars: number): Int32Array[][] {
  const m = weights.length;
  const pieces = weights.flatMap((_, i) => Array.from({ length: demand[i] ?? 0 }, () => i));
  const out: Int32Array[][] = [];
  const bins: { counts: Int32Array; load: number }[] = [];
  const walk = (k: number): void => {
    if (k === pieces.length) {
      out.push(bins.map((b) => b.counts.slice()));
      return;
    }
    const i = pieces[k] ?? 0;
    const w = weights[i] ?? 0;
    const seen = new Set<string>();
    for (const b of bins) {
      // Bars with the same contents so far lead to the same plans: one of them is enough.
      const key = `${b.load}:${b.counts.join(',')}`;
      if (b.load + w > capacity || seen.has(key)) continue;
      seen.add(key);
      b.counts[i] = (b.counts[i] ?? 0) + 1;
      b.load += w;
      walk(k + 1);
      b.counts[i] = (b.counts[i] ?? 0) - 1;
      b.load -= w;
    }
    if (bins.length < bars) {
      const counts = new Int32Array(m);
      counts[i] = 1;
      bins.push({ counts, load: w });
      walk(k + 1);
      bins.pop();
    }
  };
  walk(0);
  return out;
}

/** Flow on every arc of a plan, by arc key. */
function flows(weights: number[], plan: Int32Array[]): Map<string, number> {
  const f = new Map<string, number>();
  for (const bar of plan)
    for (const a of arcsOf(weights, 0, bar)) f.set(arcKey(a), (f.get(arcKey(a)) ?? 0) + 1);
  return f;
}

type Bounds = Map<string, { lo: number; hi: number }>;

/** Whether a plan is in a node: its bar count within [lo, hi] and every bounded arc's flow within bounds. */
function inNode(weights: number[], plan: Int32Array[], lo: number, hi: number, bounds: Bounds): boolean {
  if (plan.length < lo || plan.length > hi) return false;
  const f = flows(weights, plan);
  for (const [key, b] of bounds) {
    const x = f.get(key) ?? 0;
    if (x < b.lo || x > b.hi) return false;
  }
  return true;
}

const instance = fc.record({
  lengths: fc.uniqueArray(fc.integer({ min: 3, max: 17 }), { minLength: 2, maxLength: 5 }),
  quantities: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 5, maxLength: 5 }),
  stock: fc.integer({ min: 18, max: 34 }),
  extraBars: fc.integer({ min: 0, max: 1 }),
  noise: fc.array(fc.double({ min: -0.3, max: 0.3, noNaN: true }), { minLength: 5, maxLength: 5 }),
  // Branching decisions: per decision, which plan's arc, which bound, and its dual's size.
  decisions: fc.array(
    fc.record({
      plan: fc.nat(),
      arc: fc.nat(),
      kind: fc.constantFrom('lo', 'hi', 'zero'),
      sigma: fc.double({ min: 0, max: 0.4, noNaN: true }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  barsLo: fc.boolean(),
  barsHi: fc.boolean(),
});

describe('node-level reduced-cost fixing', () => {
  it("never fixes an arc that a plan of the node's subtree beating the incumbent uses", () => {
    let nontrivial = 0;
    let empties = 0;
    fc.assert(
      fc.property(instance, ({ lengths, quantities, stock, extraBars, noise, decisions, barsLo, barsHi }) => {
        const job = onlyJob({
          parts: lengths.map((length, i) => ({ length, quantity: quantities[i] ?? 1 })),
          stockLength: stock,
        });
        const weights = job.items.map((it) => it.weight);
        const demand = job.items.map((it) => it.demand);
        const capacity = job.sources[0]?.capacity ?? 0;
        const cost = job.sources[0]?.cost ?? 1;
        let fewest = Number.POSITIVE_INFINITY;
        for (let n = 1; n <= demand.reduce((a, d) => a + d, 0) && fewest === Number.POSITIVE_INFINITY; n++)
          if (plans(weights, demand, capacity, n).length > 0) fewest = n;
        const bars = fewest + extraBars;
        const all = plans(weights, demand, capacity, bars);
        // The incumbent has one bar more: plans of at most `bars` bars beat it.
        const fixing = new ArcFixing(job, () => (bars + 1) * cost);
        const pi = Float64Array.from(weights, (w, i) => Math.max(0, (w / capacity) * (1 + (noise[i] ?? 0))));
        let parent: SubtreeBan | null = null;
        const bounds: Bounds = new Map();
        const lo = barsLo ? fewest : 0;
        const hi = barsHi ? bars : Number.POSITIVE_INFINITY;
        // Each decision makes a child of the node before (one level deeper), with its own duals.
        for (const [step, d] of decisions.entries()) {
          const ref = all[d.plan % all.length] ?? [];
          const arcs = ref.flatMap((bar) => arcsOf(weights, 0, bar));
          const arc = arcs[d.arc % Math.max(1, arcs.length)];
          if (!arc) continue;
          const key = arcKey(arc);
          const f = flows(weights, ref).get(key) ?? 0;
          // A child only tightens its parent's bounds.
          const was = bounds.get(key) ?? { lo: Number.NEGATIVE_INFINITY, hi: Number.POSITIVE_INFINITY };
          if (d.kind === 'lo') bounds.set(key, { lo: Math.max(was.lo, f), hi: was.hi });
          else bounds.set(key, { lo: was.lo, hi: Math.min(was.hi, d.kind === 'hi' ? f : 0) });
          const b = bounds.get(key) ?? { lo: 0, hi: 0 };
          // σ of the sign the active bound allows (as the master clamps it); the others' 0.
          const sign = Number.isFinite(b.lo) && (!Number.isFinite(b.hi) || step % 2 === 0) ? 1 : -1;
          const active: ActiveArc[] = [...bounds.keys()].map((k) => {
            const s = k === key ? sign * d.sigma : 0;
            return { key: k, dual: s, sigma: s };
          });
          const residual: Residual = {
            demand: Int32Array.from(demand),
            lo: Float64Array.of(lo),
            hi: Float64Array.of(hi),
            usage: 0,
            arcs: new Map(bounds),
          };
          fixing.enter(parent);
          fixing.observeNode(pi, active, residual, 0);
          const before = fixing.nodeFixed;
          const out = fixing.fixNode(lo, hi, bounds, Number.POSITIVE_INFINITY);
          if (fixing.nodeFixed > before) nontrivial++;
          const held = all.filter((plan) => inNode(weights, plan, lo, hi, bounds));
          if (out === 'empty') {
            empties++;
            expect(held).toEqual([]);
            return;
          }
          const ban = fixing.ban();
          for (const plan of held)
            for (const bar of plan) expect(ban !== null && crossesBan(ban, weights, bar)).toBe(false);
          parent = out as SubtreeBan | null;
        }
        // Back at the root: the root's ban (none here) is in force again.
        fixing.enter(null);
        expect(fixing.ban()).toBeNull();
      }),
      { seed: 20261206, numRuns: 300 },
    );
    expect(nontrivial).toBeGreaterThan(5);
    expect(empties).toBeGreaterThan(0);
  });
});
