/**
 * Counting windows. Fixed windows aligned to UTC (the minute, the hour) and calendar months (UTC).
 * A window's id is part of the counter's key, so a new window starts a new counter: nothing depends on
 * old counters being deleted.
 */

/** A span of time calls are counted in. */
export interface Window {
  /** Stable id, used in the counter's sort key: `3600s@2025-01-01T13:00:00.000Z`, `month@2025-01`. */
  readonly id: string;
  readonly startMs: number;
  /** First instant of the next window: when this window's counter resets. */
  readonly endMs: number;
  /** For messages: `hour`, `minute`, `month`, or `N seconds`. */
  readonly label: string;
}

/** The fixed window of `seconds` (aligned to the epoch, so to UTC minutes and hours) containing `nowMs`. */
export function fixedWindow(seconds: number, nowMs: number): Window {
  if (!Number.isInteger(seconds) || seconds <= 0)
    throw new RangeError(`window must be whole seconds: ${seconds}`);
  const size = seconds * 1000;
  const startMs = Math.floor(nowMs / size) * size;
  const label = seconds === 60 ? 'minute' : seconds === 3600 ? 'hour' : `${seconds} seconds`;
  return { id: `${seconds}s@${new Date(startMs).toISOString()}`, startMs, endMs: startMs + size, label };
}

/** The calendar month (UTC) containing `nowMs`. */
export function monthWindow(nowMs: number): Window {
  const d = new Date(nowMs);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  const startMs = Date.UTC(year, month, 1);
  const endMs = Date.UTC(year, month + 1, 1);
  return { id: `month@${year}-${String(month + 1).padStart(2, '0')}`, startMs, endMs, label: 'month' };
}
