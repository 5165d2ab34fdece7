import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ArcBan, crossesBan } from '../../../pricing/index.ts';
import { fixArcs } from './arc-fixing.ts';

// Reduced-cost fixing (technique `rc-fixing`) against brute force: every plan of at most N bars, each bar
// loaded to at least C − (C·N − Σ wᵢdᵢ) and every piece cut once, is enumerated; none of its bars may
// cross an arc the fixing removed, whatever the duals (a wrongly fixed arc would be a false proof).

const instance = fc
  .record({
    weights: fc.uniqueArray(fc.integer({ min: 2, max: 18 }), { minLength: 2, maxLength: 5 }),
    demand: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 5, maxLength: 5 }),
    capacity: fc.integer({ min: 18, max: 36 }),
    // Duals near the lengths' share of a bar (where column generation ends), with noise of either sign.
    noise: fc.array(fc.double({ min: -0.3, max: 0.3, noNaN: true }), { minLength: 10, maxLength: 10 }),
    extraBars: fc.integer({ min: 0, max: 1 }),
  })
  .map(({ weights, demand, capacity, noise, extraBars }) => {
    const w = [...weights].sort((a, b) => b - a);
    const d = w.map((_, i) => demand[i] ?? 1);
    const pi = (k: number): number[] =>
      w.map((x, i) => Math.max(0, (x / capacity) * (1 + (noise[(i + k) % noise.length] ?? 0))));
    return { weights: w, demand: d, capacity, pis: [pi(0), pi(5)], extraBars };
  });

/** The fewest bars of any plan (each piece once), by brute force; pieces in canonical order. */
function fewestBars(weights: number[], demand: number[], capacity: number): number {
  const pieces = weights.flatMap((w, i) => Array.from({ length: demand[i] ?? 0 }, () => w));
  let best = pieces.length;
  const loads: number[] = [];
  const walk = (k: number): void => {
    if (loads.length >= best) return;
    if (k === pieces.length) {
      best = loads.length;
      return;
    }
    const w = pieces[k] ?? 0;
    for (let b = 0; b < loads.length; b++) {
      if ((loads[b] ?? 0) + w <= capacity) {
        loads[b] = (loads[b] ?? 0) + w;
        walk(k + 1);
        loads[b] = (loads[b] ?? 0) - w;
      }
    }
    loads.push(w);
    walk(k + 1);
    loads.pop();
  };
  walk(0);
  return best;
}

/** Every plan of at most `bars` bars each loaded within [least, C], as count vectors per bar. */
function plans(
  weights: number[],
  demand: number[],
  capacity: number,
  bars: number,
  least: number,
): Int32Array[][] {
  const m = weights.length;
  const pieces = weights.flatMap((_, i) => Array.from({ length: demand[i] ?? 0 }, () => i));
  const out: Int32Array[][] = [];
  const bins: { counts: Int32Array; load: number }[] = [];
  const walk = (k: number): void => {
    if (k === pieces.length) {
      if (bins.every((b) => b.load >= least)) out.push(bins.map((b) => b.counts.slice()));
      return;
    }
    const i = pieces[k] ?? 0;
    const w = weights[i] ?? 0;
    for (const b of bins) {
      if (b.load + w > capacity) continue;
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

describe('reduced-cost fixing of arcs', () => {
  it('never fixes an arc that a plan of at most N bars within the waste limit uses', () => {
    let nontrivial = 0;
    fc.assert(
      fc.property(instance, ({ weights, demand, capacity, pis, extraBars }) => {
        const bars = fewestBars(weights, demand, capacity) + extraBars;
        const load = weights.reduce((a, w, i) => a + w * (demand[i] ?? 0), 0);
        const least = capacity - (capacity * bars - load);
        const ban: ArcBan = { width: capacity + 1, cells: new Uint8Array(weights.length * (capacity + 1)) };
        // Twice, with two sets of duals: the second fixing builds on the first one's ban.
        let fixed = 0;
        for (const pi of pis) fixed += fixArcs(pi, weights, demand, capacity, least, bars, ban)?.fixed ?? 0;
        const all = plans(weights, demand, capacity, bars, least);
        expect(all.length).toBeGreaterThan(0);
        for (const plan of all) for (const bar of plan) expect(crossesBan(ban, weights, bar)).toBe(false);
        // Arcs fixed although some bar within the waste limit uses them: the fixing did real work here.
        if (fixed > 0) nontrivial++;
      }),
      { seed: 20261209, numRuns: 400 },
    );
    expect(nontrivial).toBeGreaterThan(5);
  });

  it('keeps a bar worth exactly the threshold, and says nothing when no bar is within the limit', () => {
    // Pieces of 7, 6, 4 and 3 on bars of 10: the full bars are {7,3} and {6,4}; N = 2 bars, all full.
    const weights = [7, 6, 4, 3];
    const demand = [1, 1, 1, 1];
    const capacity = 10;
    const ban: ArcBan = { width: 11, cells: new Uint8Array(4 * 11) };
    // π = w/C: every full bar is worth exactly 1, Σdπ = 2, threshold 2 − 1·1 = 1: nothing below it.
    expect(fixArcs([0.7, 0.6, 0.4, 0.3], weights, demand, capacity, 10, 2, ban)?.fixed).toBe(0);
    // Lift the 7 and 3 (the bar {7,3} worth 1.2) and lower 6 and 4 ({6,4} worth 0.8): Σdπ = 2, v = 1.2,
    // threshold 2 − 1.2 = 0.8. {6,4} is worth exactly 0.8: kept (not below); nothing is fixed.
    expect(fixArcs([0.85, 0.5, 0.3, 0.35], weights, demand, capacity, 10, 2, ban)?.fixed).toBe(0);
    // With 7 + 3 and 6 + 4 the only full bars, and one bar short (N = 1 would need 20 in one bar): no bar
    // is within the limit of a single-bar plan, so nothing can be said (null).
    expect(fixArcs([0.7, 0.6, 0.4, 0.3], weights, demand, capacity, 20, 1, ban)).toBeNull();
  });
});
