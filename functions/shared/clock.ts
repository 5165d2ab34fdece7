/**
 * The shell's real clock, the one place the wall clock is read (`core/` takes it injected).
 */
import type { Clock } from '../../core/budget.ts';

/** The real clock of the shell: wall time for dates, `performance.now()` for durations. */
export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
};
