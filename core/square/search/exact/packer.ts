/**
 * The perfect-packing search as a stepped packer the square search interleaves with column generation: its
 * ops budget and what it offers.
 */
import type { Budget } from '../../../budget.ts';
import type { Incumbent, Job } from '../../../model/index.ts';
import { PerfectPacking } from './perfect-packing.ts';
import {
  FULL_BAR_SHORT_BARS,
  PACKER_FIRST_OPS,
  PACKER_FIRST_OPS_PER_PIECE_SQUARED,
  PACKER_SLICE,
  PACKER_TOTAL_OPS,
} from './tuning.ts';

/** A perfect-packing search that offers what it finds; `work` says whether it is still searching. */
export interface Packer {
  work(ops: number): boolean;
}

/**
 * The perfect-packing search for a one-bar job whose bound is exactly its pieces' total over the bar
 * capacity (so every bar of an optimal plan is full to the last unit), or null for any other job.
 */
export function perfectPacker(job: Job, demand: Int32Array, bound: number, inc: Incumbent): Packer | null {
  const source = job.sources[0];
  if (job.sources.length !== 1 || !source || source.cost <= 0) return null;
  const bars = bound / source.cost;
  if (!Number.isInteger(bars) || bars <= 0 || bars > source.supply) return null;
  const input = {
    weights: job.items.map((it) => it.weight),
    demands: [...demand],
    capacity: source.capacity,
    bins: bars,
  };
  if (!PerfectPacking.applies(input)) return null;
  const search = new PerfectPacking(input);
  let done = false;
  return {
    work(ops: number): boolean {
      if (done) return false;
      const step = search.work(ops);
      if (step.status === 'working') return true;
      done = true;
      if (step.status === 'found') {
        const layouts = step.bins.map((bin) => {
          const counts = new Int32Array(job.items.length);
          for (const i of bin) counts[i] = (counts[i] ?? 0) + 1;
          return { source: 0, counts, count: 1 };
        });
        inc.offer(layouts, 'perfect packing');
      }
      return false;
    },
  };
}

/** Operations of the perfect-packing search before column generation, for a job of this demand. */
export function packerFirstOps(demand: Int32Array): number {
  const pieces = demand.reduce((a, d) => a + d, 0);
  return Math.min(PACKER_FIRST_OPS, PACKER_FIRST_OPS_PER_PIECE_SQUARED * pieces * pieces);
}

/** What the perfect-packing search may take beside the tree after `first` operations before it. */
export function packerOpsLeft(first: number): number {
  return PACKER_TOTAL_OPS - first;
}

/** Runs the search for up to `ops` operations in slices; true while it is still searching. */
export function runPacker(packer: Packer, ops: number, budget: Budget): boolean {
  let searching = true;
  for (let done = 0; done < ops && !budget.expired(); done += PACKER_SLICE) {
    searching = packer.work(PACKER_SLICE);
    if (!searching) break;
  }
  return searching;
}

/**
 * Whether a one-bar job is a full-bar job: a better plan fills every bar to the last unit, and nearly
 * every bar must take a piece over half its length (at most `FULL_BAR_SHORT_BARS` bars of its bound
 * without one), the shape the perfect-packing search is built for.
 */
export function isFullBarJob(job: Job, demand: Int32Array, bound: number): boolean {
  return barsWithoutLongPiece(job, demand, bound) <= FULL_BAR_SHORT_BARS;
}

/** Bars of a one-bar job's bound (in bars) that no piece over half a bar can fill. */
function barsWithoutLongPiece(job: Job, demand: Int32Array, bound: number): number {
  const source = job.sources[0];
  if (!source || source.cost <= 0) return Number.POSITIVE_INFINITY;
  let long = 0;
  job.items.forEach((it, i) => {
    if (2 * it.weight > source.capacity) long += demand[i] ?? 0;
  });
  return bound / source.cost - long;
}
