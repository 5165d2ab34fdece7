/**
 * The perfect-packing search as a stepped packer the square search interleaves with column generation: its
 * ops budget and what it offers.
 */
import type { Budget } from '../../../budget.ts';
import type { Incumbent, Job } from '../../../model/index.ts';
import { PerfectPacking } from './perfect-packing.ts';
import { FULL_BAR_SHORT_BARS, FULL_BAR_SHORT_SHARE, PACKER_SLICE } from './tuning.ts';

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

/** A perfect-packing search in progress: the operations it has had and whether it is still searching. */
export class PackerRun {
  ops = 0;
  searching = true;

  private readonly packer: Packer;

  constructor(packer: Packer) {
    this.packer = packer;
  }

  /** One slice of `PACKER_SLICE` operations; returns whether the search goes on. */
  step(): boolean {
    if (!this.searching) return false;
    this.searching = this.packer.work(PACKER_SLICE);
    this.ops += PACKER_SLICE;
    return this.searching;
  }

  /** Works in slices until it has had `ops` operations in all, the search ends or `budget` expires. */
  runTo(ops: number, budget: Budget): boolean {
    while (this.searching && this.ops < ops && !budget.expired()) this.step();
    return this.searching;
  }
}

/** Runs the search until it has had `ops` operations in all; true while it is still searching. */
export function runPacker(run: PackerRun, ops: number, budget: Budget): boolean {
  return run.runTo(ops, budget);
}

/**
 * `budget`, with the perfect-packing search given its due whenever the budget is checked: up to
 * `allowed(rounds())` operations in all. Column generation checks its budget once a pricing round, so the
 * search runs between the root's rounds without a hook in the master. Reads as expired once `done()`
 * holds (the search found a packing that proves the plan optimal), so the root stops there.
 */
export function budgetBeside(
  budget: Budget,
  run: PackerRun,
  allowed: (rounds: number) => number,
  rounds: () => number,
  done: () => boolean,
): Budget {
  return {
    totalMs: budget.totalMs,
    remainingMs: () => budget.remainingMs(),
    elapsedMs: () => budget.elapsedMs(),
    expired(): boolean {
      if (budget.expired()) return true;
      run.runTo(allowed(rounds()), budget);
      return done() || budget.expired();
    },
    sub: (ms) => budgetBeside(budget.sub(ms), run, allowed, rounds, done),
  };
}

/**
 * Whether a one-bar job is a full-bar job: a better plan fills every bar to the last unit, and nearly
 * every bar must take a piece over half its length (at most `FULL_BAR_SHORT_BARS` bars of its bound
 * without one, or with `share` at most `FULL_BAR_SHORT_SHARE` of its bars where that is more: technique
 * `full-bar-share`), the shape the perfect-packing search is built for.
 */
export function isFullBarJob(job: Job, demand: Int32Array, bound: number, share = true): boolean {
  const source = job.sources[0];
  const bars = source && source.cost > 0 ? bound / source.cost : 0;
  const most = share ? Math.max(FULL_BAR_SHORT_BARS, FULL_BAR_SHORT_SHARE * bars) : FULL_BAR_SHORT_BARS;
  return barsWithoutLongPiece(job, demand, bound) <= most;
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
