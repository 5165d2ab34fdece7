/**
 * A job's pieces packed exactly into bars whose costs add up to at most a target (the hunt for a plan at a
 * settled bound; docs/solver.md, "Packing at the bound (tried, not in the search)"). Weights and capacities
 * are the job's scaled integers, kerf and trim included, as every exact fill of the square search uses.
 */
import type { Job, Layout } from '../../../model/index.ts';
import { packWithinValue } from './value-pack.ts';

/** What a hunt found: a plan within the target, none (proven), or nothing within its operations. */
export type CostPackOutcome =
  | { readonly status: 'packed'; readonly layouts: readonly Layout[]; readonly ops: number }
  | { readonly status: 'impossible' | 'unknown'; readonly ops: number };

/**
 * Packs `demand` into bars of the job's sources (at most `hi[k]` of source k, and its supply) whose costs
 * add up to at most `target` (job cost units), by {@link packWithinValue}; `impossible` proves that no plan
 * costs `target` or less. Sources of non-integer or negative cost are not searched (`unknown`).
 */
export function packJobWithinCost(
  job: Job,
  demand: ArrayLike<number>,
  hi: ArrayLike<number>,
  target: number,
  opLimit: number,
): CostPackOutcome {
  if (job.sources.some((s) => !Number.isInteger(s.cost) || s.cost < 0)) return { status: 'unknown', ops: 0 };
  const out = packWithinValue({
    weights: job.items.map((it) => it.weight),
    counts: demand,
    kinds: job.sources.map((s, k) => ({
      capacity: s.capacity,
      value: s.cost,
      supply: Math.min(s.supply, hi[k] ?? 0),
    })),
    target,
    opLimit,
  });
  if (out.status !== 'packed') return out;
  return {
    status: 'packed',
    layouts: out.bars.map((b) => ({ source: b.kind, counts: b.counts, count: 1 })),
    ops: out.ops,
  };
}
