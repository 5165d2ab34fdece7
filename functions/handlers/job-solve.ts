/**
 * The job solver port in-process: the core's `optimise` on this thread, with a clock that runs out the
 * moment the job is cancelled (the solver reads the clock in every long loop, so it stops at once with
 * the best plan it has, which the worker then drops). The worker Lambda solves this way; the local
 * server solves in a worker thread of its pool (functions/local/local-jobs.ts) over the same clock.
 */
import type { Clock } from '../../core/budget.ts';
import type { CorePort } from '../shared/core-port.ts';
import type { JobSolver } from '../shared/jobs/jobs.ts';

/** How far a cancelled clock jumps: past any budget. */
const RUN_OUT_MS = 1e12;

/** `clock`, whose monotonic reading jumps past every deadline once `cancelled()` is true (and stays there). */
export function cancellableClock(clock: Clock, cancelled: () => boolean): Clock {
  let out = false;
  return {
    now: () => clock.now(),
    monotonic: () => {
      if (!out && cancelled()) out = true;
      return clock.monotonic() + (out ? RUN_OUT_MS : 0);
    },
  };
}

export function inProcessSolver<Lp>(deps: {
  readonly core: Pick<CorePort<Lp>, 'optimise'>;
  readonly lp: Lp;
  readonly clock: Clock;
  readonly poweredBy: string;
}): JobSolver {
  return (request, options) =>
    deps.core.optimise(request, {
      lp: deps.lp,
      clock: cancellableClock(deps.clock, options.cancelled),
      budgetMs: options.budgetMs,
      tier: options.tier,
      poweredBy: deps.poweredBy,
      onProgress: options.onProgress,
    });
}
