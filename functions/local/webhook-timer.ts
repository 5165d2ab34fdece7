/**
 * The local server's stand-in for the deployed retry schedule: runs the webhook drain every few seconds
 * (never two at once), so a local receiver gets its retries without EventBridge. A failed run is logged
 * and the next one tries again.
 */

/** How often the local server drains due webhook attempts. */
export const LOCAL_DRAIN_EVERY_MS = 5_000;

export interface DrainTimer {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export function startWebhookDrain(
  drain: () => Promise<unknown>,
  options: { readonly everyMs?: number; readonly logError: (message: string, error: unknown) => void },
): DrainTimer {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running !== null) return;
    running = drain()
      .then(
        () => undefined,
        (error: unknown) => options.logError('webhook drain failed', error),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.everyMs ?? LOCAL_DRAIN_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
