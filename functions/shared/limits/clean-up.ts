/**
 * Refunds and releases after a refused, failed or finished call, retried in the background when the
 * store fails them, so a store that comes back soon gets every one and none is ever applied twice.
 */

/** Retries of a refund or release that failed (after 1, 2, 4 and 8 s). */
const CLEAN_UP_RETRIES = 4;

export type Settle = (work: readonly (() => Promise<void>)[]) => Promise<void>;

export function createSettle(logError: (message: string, error: unknown) => void): Settle {
  /**
   * Runs refunds and releases once; those that fail are retried in the background with backoff (1, 2,
   * 4, 8 s), so a store that comes back within about 15 s gets every one of them. Refunds and releases
   * are conditional on the call's token, so a retry never takes back more than the call counted. One
   * that still fails leaves at most this call counted, or its slot held until the lease ends; never a
   * double count.
   */
  const settle = async (work: readonly (() => Promise<void>)[]): Promise<void> => {
    const failed = await attempt(work);
    if (failed.length > 0) void retry(failed, 0);
  };
  const attempt = async (work: readonly (() => Promise<void>)[]) => {
    const results = await Promise.allSettled(work.map((w) => w()));
    for (const r of results) if (r.status === 'rejected') logError('limits clean-up failed', r.reason);
    return work.filter((_, i) => results[i]?.status === 'rejected');
  };
  const retry = async (work: readonly (() => Promise<void>)[], round: number): Promise<void> => {
    if (round >= CLEAN_UP_RETRIES) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000 * 2 ** round).unref());
    const failed = await attempt(work);
    if (failed.length > 0) await retry(failed, round + 1);
  };
  return settle;
}
