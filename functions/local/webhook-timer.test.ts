import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWebhookDrain } from './webhook-timer.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the local webhook drain timer', () => {
  it('drains on every tick, never two runs at once, logs a failed run and goes on', async () => {
    vi.useFakeTimers();
    let inFlight = 0;
    let most = 0;
    let runs = 0;
    const finishers: (() => void)[] = [];
    const errors: unknown[] = [];
    const timer = startWebhookDrain(
      () => {
        runs += 1;
        inFlight += 1;
        most = Math.max(most, inFlight);
        return new Promise<void>((resolve, reject) => {
          finishers.push(() => {
            inFlight -= 1;
            if (runs === 1) reject(new Error('store away'));
            else resolve();
          });
        });
      },
      { everyMs: 1000, logError: (_m, e) => errors.push(e) },
    );
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1); // the first run has not ended: no second one
    finishers.shift()?.();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    finishers.shift()?.();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
    const stopped = timer.stop();
    finishers.shift()?.();
    await stopped;
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
    expect(most).toBe(1);
  });
});
