/**
 * How a handler tells the edge where a call stands, so a streamed answer can keep its connection alive
 * while a long solve runs (docs/deploy.md, "Long solves"). The handler reports two things and knows
 * nothing of streams: that the call was admitted (with the headers a success will carry), and, through
 * the clock the solver reads in every long loop, that it is still working. The buffered edge ignores both.
 */
import type { Clock } from '../../../core/budget.ts';

export interface Progress {
  /**
   * The call was admitted: from here a success is a 200 with these headers (the rate-limit headers; the
   * edge adds the common ones). Refusals come before this, as complete answers.
   */
  admitted(headers: Readonly<Record<string, string>>): void;
  /** Still working: called on every clock reading of the solve, so it must be cheap. */
  beat(): void;
  /**
   * Whether the edge has sent a 200's head already, so that a failure decided now reaches the caller as a
   * late failure inside that 200 (docs/api.md, "Long solves and late failures"). Absent: never (an edge
   * that only sends whole answers, or one that cannot tell from where the handler runs).
   */
  committed?(): boolean;
}

/** The progress of an edge that only sends whole answers. */
export const NO_PROGRESS: Progress = { admitted: () => {}, beat: () => {}, committed: () => false };

/**
 * `clock`, beating `progress` on every monotonic reading. The solver reads the clock inside every long
 * loop, so the edge gets a chance to write keep-alive bytes even while a synchronous solve holds the
 * event loop (timers cannot fire then).
 */
export function beatingClock(clock: Clock, progress: Progress | undefined): Clock {
  if (progress === undefined || progress === NO_PROGRESS) return clock;
  return {
    now: () => clock.now(),
    monotonic: () => {
      progress.beat();
      return clock.monotonic();
    },
  };
}
