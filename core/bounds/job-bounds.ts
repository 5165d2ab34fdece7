/**
 * A job's combinatorial bounds: L2 for one kind of unlimited bar when bars are the cost, and the purchased-
 * bars bound from the cost bound.
 */
import type { Job } from '../model/index.ts';
import { continuousBound, l2Bound } from './combinatorial.ts';

/** L2 when the group has one kind of bar with unlimited supply and the objective counts bars. */
export function combinatorialBound(job: Job, demand: Int32Array): number {
  const stockOnly = job.sources.every((s) => s.kind === 'stock' && !Number.isFinite(s.supply));
  const caps = new Set(job.sources.map((s) => s.capacity));
  if (!stockOnly || caps.size !== 1) return 0;
  const capacity = job.sources[0]?.capacity ?? 1;
  const minCost = Math.min(...job.sources.map((s) => s.cost));
  const weights = job.items.map((it) => it.weight);
  const bars = Math.max(
    continuousBound({ weights, demands: demand, capacity }),
    l2Bound({ weights, demands: demand, capacity }),
  );
  return bars * minCost;
}

/** A lower bound on purchased bars, from the cost bound when bars are the cost, else by capacity. */
export function barsBound(job: Job, costBound: number): number {
  const stocks = job.sources.filter((s) => s.kind === 'stock');
  if (stocks.length === 0) return 0;
  const offcutsFree = job.sources.every((s) => s.kind === 'stock' || s.cost === 0);
  const costs = new Set(stocks.map((s) => s.cost));
  if (job.objective !== 'waste' && offcutsFree && Math.min(...costs) > 0) {
    // Every purchased bar costs at most the dearest stock and offcuts cost nothing.
    return Math.max(0, Math.ceil(costBound / Math.max(...costs) - 1e-9));
  }
  let total = 0;
  for (const it of job.items) total += it.weight * it.demand;
  for (const s of job.sources) if (s.kind === 'offcut') total -= s.capacity * s.supply;
  const maxCap = Math.max(...stocks.map((s) => s.capacity));
  return Math.max(0, Math.ceil(total / maxCap));
}
