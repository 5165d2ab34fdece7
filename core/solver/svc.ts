import type { Budget } from '../budget.ts';
import type { Job } from './job.ts';
import { solveKnapsack } from './knapsack.ts';
import type { Layout } from './plan.ts';
import { rng } from './random.ts';

/**
 * Sequential value correction (Mukhacheva; Belov & Scheithauer): build a plan bar by bar, each bar the most
 * valuable packing under item prices, used as often as the demand allows; after each bar, reprice its items
 * by how much material they really took (their length scaled by the bar's fill). Items that ended up in
 * wasteful bars become dearer and are packed earlier next round. Many cheap rounds, each a complete plan,
 * with a small seeded random perturbation for diversity; the incumbent keeps the best.
 *
 * Works on jobs with one kind of bar (the classic hard case); the caller offers every plan it builds.
 */
export function valueCorrection(
  job: Job,
  source: number,
  demand: Int32Array,
  initialPrices: Float64Array,
  rounds: number,
  budget: Budget,
  seed: number,
  offer: (bars: Layout[]) => void,
): void {
  const src = job.sources[source];
  if (!src) return;
  const m = job.items.length;
  const weights = Float64Array.from(job.items, (it) => it.weight);
  const prices = Float64Array.from(initialPrices, (p, i) => (p > 0 ? p : (weights[i] ?? 1) / src.capacity));
  const random = rng(seed);
  for (let round = 0; round < rounds && !budget.expired(); round++) {
    const left = demand.slice();
    const bars: Layout[] = [];
    const noise = round === 0 ? 0 : 0.1;
    while (left.some((d) => d > 0)) {
      if (budget.expired()) return;
      const values = Float64Array.from(prices, (p) => p * (1 + noise * (random() - 0.5)));
      const pack = solveKnapsack(
        { values, weights, bounds: Int32Array.from(left, (d) => Math.max(0, d)), capacity: src.capacity },
        { mode: 'fast' },
      );
      let counts = pack.counts;
      if (counts.every((c) => c === 0)) {
        // Cannot happen for a valid job (every item fits a bar), but never loop forever.
        const i = left.findIndex((d) => d > 0);
        counts = new Int32Array(m);
        counts[i] = 1;
      }
      let times = Number.POSITIVE_INFINITY;
      counts.forEach((c, i) => {
        if (c > 0) times = Math.min(times, Math.floor((left[i] ?? 0) / c));
      });
      times = Math.max(1, times);
      let load = 0;
      counts.forEach((c, i) => {
        left[i] = (left[i] ?? 0) - c * times;
        load += c * (weights[i] ?? 0);
      });
      bars.push({ source, counts, count: times });
      // Reprice: an item's material is its weight grossed up by the bar's unused capacity.
      const gross = src.capacity / Math.max(1, load);
      counts.forEach((c, i) => {
        if (c > 0) prices[i] = 0.5 * (prices[i] ?? 0) + (0.5 * (weights[i] ?? 0) * gross) / src.capacity;
      });
    }
    offer(bars);
  }
}
