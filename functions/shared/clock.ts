import type { Clock } from '../../core/budget.ts';

/** The real clock of the shell: wall time for dates, `performance.now()` for durations. */
export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
};
