/**
 * Time, injected. `core/` never reads the clock itself: the shell passes a {@link Clock}, and the solver
 * works against a {@link Budget} built from it, so tests can drive time and plans stay deterministic
 * (only where the search stops depends on the clock).
 */

/** Milliseconds since the epoch (wall clock) and a monotonic reading for durations. */
export interface Clock {
  /** Wall-clock time, ms since the epoch (for dates printed or stored). */
  now(): number;
  /** Monotonic time in ms (for measuring durations); may share an origin with nothing else. */
  monotonic(): number;
}

/** A deadline the solver checks inside every long loop. */
export interface Budget {
  /** ms left before the deadline (never negative). */
  remainingMs(): number;
  /** True once the deadline has passed. */
  expired(): boolean;
  /** ms since the budget started. */
  elapsedMs(): number;
  /** The ms it was made with: its length from its start (a sub-budget's as its parent capped it). */
  readonly totalMs: number;
  /** A budget that ends at the earlier of this one's deadline and `ms` from now. */
  sub(ms: number): Budget;
}

/** A budget of `ms` milliseconds starting now on `clock`. */
export function budgetOf(clock: Clock, ms: number): Budget {
  const start = clock.monotonic();
  const total = Math.max(0, ms);
  return budgetUntil(clock, start, start + total, total);
}

/**
 * `totalMs` is passed, not computed as `deadline - start`: in floating point `(start + ms) - start` is
 * not always `ms` (a start of 12,345.6789 gives 4,999.999999999998 for 5,000), and callers echo it.
 */
function budgetUntil(clock: Clock, start: number, deadline: number, totalMs: number): Budget {
  return {
    totalMs,
    remainingMs: () => Math.max(0, deadline - clock.monotonic()),
    expired: () => clock.monotonic() >= deadline,
    elapsedMs: () => clock.monotonic() - start,
    sub: (ms) => {
      const now = clock.monotonic();
      const wanted = Math.max(0, ms);
      return now + wanted <= deadline
        ? budgetUntil(clock, now, now + wanted, wanted)
        : budgetUntil(clock, now, deadline, Math.max(0, deadline - now));
    },
  };
}

/**
 * A budget that also ends once `used()` reaches `limit`: phases of the search bounded by work done
 * (pricing rounds) rather than by milliseconds, so where a phase hands over does not depend on the
 * machine's speed and the same request walks the same search; only the parent's deadline is the clock's.
 */
export function workLimited(parent: Budget, used: () => number, limit: number): Budget {
  return {
    totalMs: parent.totalMs,
    remainingMs: () => parent.remainingMs(),
    expired: () => parent.expired() || used() >= limit,
    elapsedMs: () => parent.elapsedMs(),
    sub: (ms) => workLimited(parent.sub(ms), used, limit),
  };
}

/** A clock that only moves when told to: for tests and for deterministic replays. */
export function manualClock(startMs = 0): Clock & { advance(ms: number): void } {
  let t = startMs;
  return {
    now: () => t,
    monotonic: () => t,
    advance: (ms) => {
      t += ms;
    },
  };
}
