/**
 * The square pricing query the tests hand a port directly, without a master: duals `pi` at the
 * job's full demand (or `demand`), every source open to its supply, no offcut usage, and the given arc
 * duals (each clamped dual equal to its raw dual, as at a node whose arc rows are all active).
 */
import type { ActiveArc, PriceQuery } from '../../core/master/index.ts';
import type { Job } from '../../core/model/index.ts';
import type { Column } from '../../core/square/search/master/square-pricing.ts';

export interface PricingQueryOptions {
  /** Whether a column enters (the caller's reduced-cost test). */
  readonly pricesOut: (column: Column) => boolean;
  /** The residual demand to price at; the job's own demand by default. */
  readonly demand?: Int32Array;
  /** Arc duals by arc key (none by default). */
  readonly arcs?: ReadonlyMap<string, number>;
}

/** A root-like pricing query for `job` at duals `pi` (see the file comment). */
export function pricingQuery(
  job: Job,
  pi: Float64Array,
  { pricesOut, demand, arcs }: PricingQueryOptions,
): PriceQuery<Column> {
  const hi = Float64Array.from(job.sources, (s) => s.supply);
  const active: ActiveArc[] = [...(arcs ?? [])].map(([key, dual]) => ({ key, dual, sigma: dual }));
  return {
    pi,
    residual: {
      demand: demand ?? Int32Array.from(job.items, (it) => it.demand),
      lo: new Float64Array(hi.length),
      hi,
      usage: 0,
    },
    nu: 0,
    usagePay: () => 0,
    arcs: active,
    pricesOut,
  };
}
