/**
 * A solve's progress for whoever watches it (a job's `progress`, the CLI's status line): the time spent
 * against the budget, the best plan's value so far and the proven lower bound, in the user's terms. The
 * searches tell their group's {@link SearchObserver} when the incumbent or the bound improves; the
 * request's budget is wrapped so that its checks, which every long loop of the search makes, also report
 * the time at most every {@link PROGRESS_INTERVAL_MS} of the injected clock. Listening changes nothing the
 * search does: the plan is the same with an observer or without (`bench/same-plans.ts`).
 */
import type { Budget } from '../budget.ts';
import type { Job, SearchObserver } from '../model/index.ts';
import type { OptimiseRequest } from '../types.ts';

/** What a progress observer is told. */
export interface SolveProgress {
  /** Time since the solve's budget started, on the injected clock. */
  readonly elapsedMs: number;
  /** The solve's budget. */
  readonly budgetMs: number;
  /**
   * The best plan's value so far, summed over the material groups searched so far (for a group still
   * being searched, its best plan so far): bars bought (`unit` `bars`), their price (`cost`), or the
   * length of bar material bought or used (the request's length unit). null until the group being
   * searched has a plan, and throughout for a request whose groups are valued in different terms.
   */
  readonly best: number | null;
  /** The proven lower bound on that value, over the same groups; null until known. Never above `best`. */
  readonly bound: number | null;
  /** `bars`, `cost`, the request's length unit (e.g. `mm`), or `mixed`. */
  readonly unit: string;
}

/** Receives a solve's progress; called synchronously from inside the search, so it must return quickly. */
export type ProgressObserver = (progress: SolveProgress) => void;

/** The longest the observer goes without a call while the search runs (on the injected clock). */
export const PROGRESS_INTERVAL_MS = 250;

/** How a group's job values plans: its objective and the unit its costs are counted in. */
export type Costing = Pick<Job, 'objective' | 'costUnit'>;

/**
 * The unit a group's values are reported in: job cost units times `costUnit` are exact integers, divided
 * once by the request's scale (after summing, so the figures equal the answer's to the last digit).
 */
function termsOf(request: OptimiseRequest, costing: Costing): { unit: string; scale: number } {
  switch (costing.objective) {
    case 'bars':
      return { unit: 'bars', scale: 1 };
    case 'price':
      return { unit: 'cost', scale: request.priceScale };
    default:
      return { unit: request.unit, scale: request.scale };
  }
}

/** Reports one request's progress to `observe`; the orchestrator drives it group by group. */
export interface ProgressTracker {
  /** The request's budget, reporting the time as the search checks it. */
  readonly budget: Budget;
  /** The observer of group `k`'s search, to set on the job it searches. */
  group(k: number): SearchObserver;
  /** Group `k` is settled: its plan's cost and its bound (job cost units), after the stage after the search. */
  done(k: number, cost: number, bound: number): void;
  /** The last call: the answer's figures. */
  finish(): void;
}

export function progressTracker(
  request: OptimiseRequest,
  budget: Budget,
  groups: readonly Costing[],
  observe: ProgressObserver,
): ProgressTracker {
  const terms = groups.map((g) => termsOf(request, g));
  const unit = new Set(terms.map((t) => t.unit)).size <= 1 ? (terms[0]?.unit ?? 'bars') : 'mixed';
  const best: (number | null)[] = groups.map(() => null);
  const bound: (number | null)[] = groups.map(() => null);
  let current = 0;
  let lastEmit = Number.NEGATIVE_INFINITY;

  const scale = terms[0]?.scale ?? 1;
  // Sums over groups 0..current in the user's terms; a group without a figure makes the sum null.
  // A bound is rounded onto the plans' grid: whole bars up, a price or length down (as `costLowerBound`).
  const sum = (values: readonly (number | null)[], round = Math.floor): number | null => {
    if (unit === 'mixed') return null;
    let total = 0;
    for (let k = 0; k <= current && k < values.length; k++) {
      const v = values[k];
      if (v === null || v === undefined) return null;
      total += v * (groups[k]?.costUnit ?? 1);
    }
    return round(total) / scale;
  };
  const emit = () => {
    lastEmit = budget.elapsedMs();
    const b = sum(best);
    // `+ 0`: a bound of 0 bars would come out −0 (⌈−1e-9⌉), which the answer's figures never are.
    const lb = sum(bound, unit === 'bars' ? (x) => Math.ceil(x - 1e-9) + 0 : Math.floor);
    observe({
      elapsedMs: lastEmit,
      budgetMs: budget.totalMs,
      best: b,
      bound: lb === null ? null : b === null ? lb : Math.min(lb, b),
      unit,
    });
  };
  const tick = () => {
    if (budget.elapsedMs() - lastEmit >= PROGRESS_INTERVAL_MS) emit();
  };

  const wrap = (inner: Budget): Budget => ({
    totalMs: inner.totalMs,
    remainingMs: () => {
      tick();
      return inner.remainingMs();
    },
    expired: () => {
      tick();
      return inner.expired();
    },
    elapsedMs: () => inner.elapsedMs(),
    sub: (ms) => wrap(inner.sub(ms)),
  });

  return {
    budget: wrap(budget),
    group(k) {
      current = k;
      return {
        // The searches call this only for a better plan (under offcuts_first one that uses more offcut
        // material may cost more).
        best(cost) {
          best[k] = cost;
          emit();
        },
        bound(b) {
          const was = bound[k];
          if (was !== null && was !== undefined && b <= was) return;
          bound[k] = b;
          emit();
        },
      };
    },
    done(k, cost, b) {
      best[k] = cost;
      bound[k] = Math.min(b, cost);
    },
    finish() {
      current = groups.length - 1;
      emit();
    },
  };
}
