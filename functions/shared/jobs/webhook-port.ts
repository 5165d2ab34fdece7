/**
 * What the jobs need of the webhooks (`functions/shared/webhooks/`, wired in `webhooks-adapter.ts`): a
 * URL checked at submission, a notice when a job ends, and the deliveries shown on the job. A small port, so the job code does not depend on how deliveries are
 * signed, sent and retried.
 */

/** A job's end, as the webhook event names it. */
export interface JobEndedEvent {
  readonly jobId: string;
  readonly workspace: string;
  readonly keyId: string;
  readonly status: 'succeeded' | 'failed' | 'cancelled';
  /** The absolute `GET /v1/jobs/{id}` URL. */
  readonly url: string;
  readonly webhook: string;
}

/** One delivery attempt of a job's webhook. */
export interface Delivery {
  readonly attempt: number;
  /** ISO time of the attempt. */
  readonly at: string;
  /** The receiver's HTTP status, or null when it was not reached. */
  readonly status: number | null;
  readonly error?: string;
  /** ISO time of the next attempt, when one is scheduled. */
  readonly nextAttemptAt?: string;
}

export interface JobWebhooks {
  /** Whether `url` may receive webhooks (a refusal's reason names what is wrong with it). */
  check(
    url: string,
  ): Promise<{ readonly ok: true; readonly url: URL } | { readonly ok: false; readonly reason: string }>;
  /** Sends the job's end (first attempt now; retries are scheduled by the webhooks module). */
  notify(event: JobEndedEvent): Promise<void>;
  /** The deliveries of a job's webhook, oldest first. */
  deliveries(workspace: string, jobId: string): Promise<readonly Delivery[]>;
  /** Forgets a job's deliveries (a forgotten job's); a pending retry is then dropped. */
  forget(workspace: string, jobId: string): Promise<void>;
}
