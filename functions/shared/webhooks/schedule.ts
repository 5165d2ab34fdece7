/**
 * The retry schedule of webhook deliveries and the times around it (leases, retention, the due index's
 * look-back): one place for the numbers the deliveries, their docs and the OpenAPI document share.
 */

/**
 * Delays before attempts 2 to 8, after the one before failed: the Standard Webhooks schedule (5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h), so the last attempt is about 27.6 hours after the first.
 */
export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** One attempt's time limit, the answer included. */
export const SEND_TIMEOUT_MS = 10_000;
/** A claim's lease: an attempt (at most the send's 10 s and a few writes) ends well within it. */
export const CLAIM_MS = 60_000;
/** How long a delivery record is kept after the job ended (readers decide by `expiresAtMs`). */
export const DELIVERY_RETENTION_MS = 7 * 86_400_000;
/** Past days of the due index the drain reads besides today: due items can wait through an outage this long. */
export const DUE_LOOKBACK_DAYS = 2;
