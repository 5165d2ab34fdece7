/**
 * Pricing of the pattern-minimisation LP. A column (L, a, k) has reduced cost 1 − k·(π·a − λ_L), and its
 * pattern obeys k·aᵢ ≤ dᵢ, i.e. aᵢ ≤ ⌊dᵢ/k⌋. Over a range of multiplicities [k₁, k₂] on which those caps
 * are the same, one bounded knapsack W = max π·a (caps ⌊dᵢ/k₁⌋, one per bar length) prices them all: the
 * least reduced cost there is 1 − k₂·(W − λ_L) when W > λ_L, and at least 1 otherwise. So the ranges of
 * equal caps (at most Σᵢ 2√dᵢ of them) cover every multiplicity exactly; past {@link MAX_RANGES} ranges,
 * neighbours merge into one with the caps of its first k (looser caps, so W is still an upper bound).
 * What "the best pattern within caps" is belongs to the pattern kind ({@link PatternPricer}): for square
 * jobs the solver's knapsack (core/square/search/pricing), which answers exactly or with a valid upper bound where
 * it stops; angle jobs price sequences (core/angle/setups/lp.ts). The ranges, ζ and the columns are shared.
 */
import type { Job } from '../../model/index.ts';
import { solveKnapsacks } from '../../pricing/index.ts';
import { MAX_RANGES, PMP_COLUMNS_PER_ROUND, PMP_RC_TOLERANCE } from '../tuning.ts';
import type { LengthClass, PmpColumn, PmpDuals } from './pmp-master.ts';

/** Multiplicities `from` … `to` (inclusive), whose patterns have at most `caps[i]` pieces of item i. */
export interface KRange {
  readonly from: number;
  readonly to: number;
  readonly caps: Int32Array;
}

export interface Priced {
  /** Columns of negative reduced cost, most negative first. */
  readonly columns: PmpColumn[];
  /** A lower bound on the reduced cost of every column of every multiplicity (∞: there is none). */
  readonly zeta: number;
  /** Whether every knapsack was solved exactly (then ζ is the least reduced cost). */
  readonly exact: boolean;
  /** Knapsacks solved (one per range): the unit of work of the bound. */
  readonly knapsacks: number;
}

/** The best pattern found for one bar length within the caps, and a valid upper bound on every pattern's value. */
export interface PricedPattern {
  readonly counts: Int32Array;
  readonly upperBound: number;
  /** Whether `upperBound` is the best value (the pattern found is optimal). */
  readonly exact: boolean;
}

/**
 * A kind of pattern as the pricing sees it: for the length classes `open` (indices), the most valuable
 * pattern within `caps` (pieces per item) under `values` (≥ 0), one answer per class of `open`.
 */
export type PatternPricer = (
  values: Float64Array,
  caps: Int32Array,
  open: readonly number[],
  mode: 'fast' | 'exact',
) => readonly (PricedPattern | undefined)[];

/** Makes a job's pricer over its length classes. */
export type PatternPricing = (job: Job, classes: readonly LengthClass[]) => PatternPricer;

/** Square patterns: multisets of lengths, one bounded knapsack over every bar length at once. */
export const knapsackPricing: PatternPricing = (job, classes) => {
  const weights = Float64Array.from(job.items, (it) => it.weight);
  return (values, caps, open, mode) =>
    solveKnapsacks(
      { values, weights, bounds: caps },
      open.map((l) => classes[l]?.capacity ?? 0),
      { mode, resume: true },
    );
};

/** The ranges of multiplicities 1 … the most bars a setup can take, merged down to `most` ranges. */
export function multiplicityRanges(job: Job, classes: readonly LengthClass[], most = MAX_RANGES): KRange[] {
  const top = Math.max(0, ...classes.map((c) => c.maxBars));
  const demand = job.items.map((it) => it.demand);
  const starts: number[] = [];
  for (let k = 1; k <= top; k++)
    if (k === 1 || demand.some((d) => Math.floor(d / k) !== Math.floor(d / (k - 1)))) starts.push(k);
  const step = Math.ceil(starts.length / Math.max(1, most));
  const ranges: KRange[] = [];
  for (let j = 0; j < starts.length; j += step) {
    const from = starts[j] ?? 1;
    const to = (starts[j + step] ?? top + 1) - 1;
    ranges.push({ from, to, caps: Int32Array.from(demand, (d) => Math.floor(d / from)) });
  }
  return ranges;
}

/** Prices every length class over every range under `duals`; `expired` is checked between ranges. */
export function pricePmp(
  job: Job,
  classes: readonly LengthClass[],
  ranges: readonly KRange[],
  duals: PmpDuals,
  mode: 'fast' | 'exact',
  expired: () => boolean = () => false,
  patterns: PatternPricer = knapsackPricing(job, classes),
): Priced {
  const values = Float64Array.from(duals.pi, (p) => Math.max(0, p));
  const found: { col: PmpColumn; rc: number }[] = [];
  const seen = new Set<string>();
  let zeta = Number.POSITIVE_INFINITY;
  let exact = true;
  let knapsacks = 0;
  for (const range of ranges) {
    // Past the deadline (the safety net) the ranges left are not priced, so no ζ can be claimed.
    if (expired()) return { columns: [], zeta: Number.NEGATIVE_INFINITY, exact: false, knapsacks };
    const open = classes.map((c, l) => ({ c, l })).filter(({ c }) => range.from <= c.maxBars);
    if (open.length === 0) continue;
    const results = patterns(
      values,
      range.caps,
      open.map(({ l }) => l),
      mode,
    );
    knapsacks++;
    open.forEach(({ c, l }, j) => {
      const r = results[j];
      if (!r) return;
      exact &&= r.exact;
      const lambda = duals.lambda[l] ?? 0;
      zeta = Math.min(zeta, 1 - Math.min(range.to, c.maxBars) * Math.max(0, r.upperBound - lambda));
      // The pattern on as many bars as its pieces and the class allow: when π·a > λ, more is cheaper.
      let k = c.maxBars;
      let value = 0;
      job.items.forEach((it, i) => {
        const a = r.counts[i] ?? 0;
        if (a > 0) k = Math.min(k, Math.floor(it.demand / a));
        value += a * (duals.pi[i] ?? 0);
      });
      if (k < 1 || r.counts.every((a) => a === 0)) return;
      const rc = 1 - k * (value - lambda);
      const key = `${l}:${k}:${r.counts.join(',')}`;
      if (rc < -PMP_RC_TOLERANCE && !seen.has(key)) {
        seen.add(key);
        found.push({ col: { cls: l, counts: Int32Array.from(r.counts), k }, rc });
      }
    });
  }
  found.sort((a, b) => a.rc - b.rc);
  return { columns: found.slice(0, PMP_COLUMNS_PER_ROUND).map((f) => f.col), zeta, exact, knapsacks };
}
