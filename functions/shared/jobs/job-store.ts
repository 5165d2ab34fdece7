/**
 * The job store port: an async job's record (docs/api.md, "Async jobs"; docs/operations.md, "Jobs") and
 * its few state changes, each one conditional write so two processes never both move a job: a worker
 * takes a `queued` job with a lease (`running`), writes its progress and ends it while it holds the lease;
 * a cancel ends an active job; whoever sees an active job past its lease (a GET, the list, the sweep) ends
 * it `failed`. The winner of the write that ends a job settles it (its count, its lease in flight, its
 * webhook). The job's input and result are stored bodies (`jobin`, `jobout`), apart from the record.
 *
 * Failures of the store itself throw `StoreUnavailableError`; expected outcomes come back as data.
 */
import { randomBytes } from 'node:crypto';
import type { JobTicket } from '../admission.ts';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export type EndStatus = 'succeeded' | 'failed' | 'cancelled';

/** Where the solve stands, as the solver reports it (the contract's `SolveProgress`). */
export interface JobProgress {
  readonly elapsedMs: number;
  readonly budgetMs: number;
  /** The best plan's value so far (stock bars, or the unit named), null before the first plan. */
  readonly best: number | null;
  /** The proven bound so far, null before the first. */
  readonly bound: number | null;
  readonly unit: string;
}

/** A job's refusal or failure, as an error body (`{error, detail}`). */
export interface JobError {
  readonly error: string;
  readonly detail: string;
}

export interface JobRecord {
  readonly workspace: string;
  readonly id: string;
  readonly status: JobStatus;
  readonly createdAtMs: number;
  readonly startedAtMs: number | null;
  readonly endedAtMs: number | null;
  /**
   * While `queued`: the latest instant a worker may take it; while `running`: the end of the worker's
   * lease. Past it, an active job is ended `failed` by whoever notices.
   */
  readonly leaseUntilMs: number;
  /** The solve budget (ms). */
  readonly budgetMs: number;
  /** Past this instant the job is gone for every reader (the table's TTL deletes it later). */
  readonly expiresAtMs: number;
  readonly ticket: JobTicket;
  readonly webhook: string | null;
  /** The job's absolute `GET /v1/jobs/{id}` URL as its submitter reached the API (the webhook names it). */
  readonly url: string;
  /** The lease holder: a worker's id while it runs the job. */
  readonly worker: string | null;
  readonly progress: JobProgress | null;
  readonly error: JobError | null;
  /** The stored plan of a succeeded job (`/v1/plans/{id}`). */
  readonly planId: string | null;
  /** Its count and lease in flight are settled (after it ended). */
  readonly settled: boolean;
}

/** The fields a job is created with. */
export type NewJob = Omit<
  JobRecord,
  'status' | 'startedAtMs' | 'endedAtMs' | 'worker' | 'progress' | 'error' | 'planId' | 'settled'
>;

/** How a job ended. */
export interface JobEnd {
  readonly status: EndStatus;
  readonly endedAtMs: number;
  readonly error?: JobError | null;
  readonly planId?: string | null;
  /** The solve's last progress (its final figures), kept on the ended job. */
  readonly progress?: JobProgress | null;
}

/** What a take found: the job leased to this worker, or the record as it is (null: none). */
export type Take =
  | { readonly taken: true; readonly job: JobRecord }
  | { readonly taken: false; readonly job: JobRecord | null };

/** A page of a workspace's jobs, newest first. */
export interface JobPage {
  readonly jobs: readonly JobRecord[];
  /** Opaque; null on the last page. */
  readonly cursor: string | null;
}

/** A job that may still need someone to end or settle it (the sweep's index). */
export interface LiveJob {
  readonly workspace: string;
  readonly id: string;
}

export interface JobStore {
  /** Stores a new `queued` job (and its entry in the sweep's index); false when the id is taken. */
  create(job: NewJob): Promise<boolean>;
  /** The job, or null when absent or expired. */
  get(workspace: string, id: string, nowMs: number): Promise<JobRecord | null>;
  /** A workspace's jobs, newest first; `cursor` from the previous page. */
  list(
    workspace: string,
    options: { limit: number; cursor?: string | undefined; nowMs: number },
  ): Promise<JobPage>;
  /** `queued` → `running` for `worker` until `leaseUntilMs`, unless the job was taken, ended or left too long. */
  take(workspace: string, id: string, worker: string, nowMs: number, leaseUntilMs: number): Promise<Take>;
  /** Stores the running job's progress; false when `worker` no longer holds it (cancelled, or failed). */
  progress(workspace: string, id: string, worker: string, progress: JobProgress): Promise<boolean>;
  /** Ends the job `worker` holds; false when it no longer holds it. */
  finish(workspace: string, id: string, worker: string, end: JobEnd): Promise<boolean>;
  /** Ends an active job (`cancelled`); the record before, or null when it was not active (or absent). */
  cancel(workspace: string, id: string, nowMs: number): Promise<JobRecord | null>;
  /** Ends an active job whose lease has passed at `nowMs` as `failed` with `error`; false when it was not. */
  expire(workspace: string, id: string, nowMs: number, error: JobError): Promise<boolean>;
  /** Marks an ended job settled and drops it from the sweep's index. */
  settled(workspace: string, id: string): Promise<void>;
  /** Forgets the record; false when there was none. */
  delete(workspace: string, id: string): Promise<boolean>;
  /** Jobs that may still need ending or settling, oldest first, at most `limit`. */
  live(limit: number): Promise<readonly LiveJob[]>;
}

/** Job ids: `job_`, the creation time (9 base-36 digits, so ids sort by age) and 78 random bits. */
export function newJobId(nowMs: number): string {
  const time = Math.max(0, Math.floor(nowMs)).toString(36).padStart(9, '0').slice(-9);
  return `job_${time}${randomBytes(10).toString('base64url').slice(0, 13)}`;
}

export const JOB_ID = /^job_[0-9a-z]{9}[A-Za-z0-9_-]{13}$/;

export const isActive = (status: JobStatus): boolean => status === 'queued' || status === 'running';
