/**
 * Async jobs (docs/api.md, "Async jobs"): accepting one (counted once, its input stored in chunks, the
 * worker told only its id), running it at most once (a conditional lease), ending it exactly once
 * (whoever wins the record's conditional end settles its count, its lease in flight and its webhook), and
 * noticing jobs whose worker died (a GET, the list and the sweep end them `failed`, refunded).
 *
 * The worker port ({@link JobQueue}) has two adapters: the local server's solver pool runs {@link runJob}
 * in-process (`functions/local/local-jobs.ts`); deployed, the API function invokes the worker Lambda
 * asynchronously (`lambda-queue.ts`), which runs the same {@link runJob}. The solve itself is a port too
 * ({@link JobSolver}): in a worker thread locally, in-process in Lambda.
 */
import type { Clock } from '../../../core/budget.ts';
import { type CutplanError, err, InternalError, ok, type Result } from '../../../core/errors.ts';
import type { OptimiseRequest, OptimiseResponse } from '../../../core/types.ts';
import type { Admitter, Caller, JobAdmission } from '../admission.ts';
import { BusyError, NotFoundError } from '../errors.ts';
import { errorFields, type Logger } from '../log.ts';
import { solveBudgetMs } from '../solve-budget.ts';
import type { BodyKey, BodyStore } from '../stored/body-store.ts';
import type { Tier } from '../tiers.ts';
import {
  type EndStatus,
  isActive,
  JOB_ID,
  type JobError,
  type JobProgress,
  type JobRecord,
  type JobStore,
  newJobId,
} from './job-store.ts';
import type { JobWebhooks } from './webhook-port.ts';

/** A queued job no worker has taken within this is ended `failed` (Lambda's event queue keeps events as long). */
export const JOB_QUEUE_MS = 15 * 60_000;
/** A worker's lease is the job's budget plus this: reading, storing the plan, ending the job. */
export const JOB_RUN_GRACE_MS = 60_000;
/** Records, results and inputs of jobs are kept this long after submission (docs/api.md). */
export const JOB_RETENTION_DAYS = 7;
const DAY_MS = 86_400_000;
/** How often a running job writes its progress (which also tells its worker whether it was cancelled). */
export const PROGRESS_EVERY_MS = 2_000;
/** `Retry-After` on an accepted or active job: when to poll again. */
export const JOB_POLL_SECONDS = 2;
/** The longest a job holds one of its key's jobs in flight: queued, running, ended. */
export const jobHoldMs = (tier: Tier): number =>
  JOB_QUEUE_MS + tier.budgetSeconds * 1000 + 2 * JOB_RUN_GRACE_MS;

export interface JobRef {
  readonly workspace: string;
  readonly id: string;
}

/** The worker port: hands an accepted job's id to a worker (the input is in the store). */
export interface JobQueue {
  enqueue(ref: JobRef): Promise<void>;
}

export interface JobSolveOptions {
  readonly budgetMs: number;
  readonly tier: string;
  /** Called as the solve improves (and at least on its start). */
  readonly onProgress: (progress: JobProgress) => void;
  /** True once the job was cancelled or taken from this worker: the solve stops at its next clock reading. */
  readonly cancelled: () => boolean;
}

/** Solves one job's request (the solver port of the worker). */
export type JobSolver = (
  request: OptimiseRequest,
  options: JobSolveOptions,
) => Promise<Result<OptimiseResponse, CutplanError>>;

export interface JobsDeps {
  readonly jobs: JobStore;
  readonly bodies: BodyStore;
  readonly admitter: Admitter;
  readonly clock: Clock;
  readonly log: Logger;
  readonly webhooks: JobWebhooks;
}

export const inputKey = (ref: JobRef): BodyKey => ({ workspace: ref.workspace, kind: 'jobin', id: ref.id });
export const resultKey = (ref: JobRef): BodyKey => ({ workspace: ref.workspace, kind: 'jobout', id: ref.id });

export const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
export const decode = (bytes: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(bytes));

/** What a job's input holds: the optimise body (without `webhook`) and the public job URL. */
export interface JobInput {
  readonly body: Readonly<Record<string, unknown>>;
  readonly url: string;
}

/** An accepted job. */
export interface Accepted {
  readonly job: JobRecord;
  readonly admission: JobAdmission;
}

/**
 * Accepts a parsed job: admits it (401, 413, 429), stores its input and record, and hands its id to the
 * queue. A failure after admission takes the count back (nothing half-stored is left readable: the record
 * is written last, and a job the queue refused is ended `failed` and refunded).
 */
export async function acceptJob(
  deps: JobsDeps & { readonly queue: JobQueue },
  input: {
    readonly caller: Caller;
    readonly request: OptimiseRequest;
    readonly body: Readonly<Record<string, unknown>>;
    readonly webhook: string | null;
    readonly size: Parameters<NonNullable<Admitter['admitJob']>>[1];
    /** The absolute URL of a job by id (`GET /v1/jobs/{id}` behind the caller's host and prefix). */
    readonly urlOf: (id: string) => string;
  },
): Promise<Result<Accepted, CutplanError>> {
  if (deps.admitter.admitJob === undefined) return err(new InternalError('jobs are not configured'));
  const admitted = await deps.admitter.admitJob(input.caller, input.size, jobHoldMs);
  if (!admitted.ok) return admitted;
  const admission = admitted.value;
  const now = deps.clock.now();
  const id = newJobId(now);
  const ref = { workspace: admission.workspace, id };
  const budgetMs = solveBudgetMs({
    requestedSeconds: input.request.timeLimit,
    tier: admission.tier,
    remainingMs: null,
    headroomMs: 0,
  });
  const expiresAtMs = now + JOB_RETENTION_DAYS * DAY_MS;
  const job: JobRecord = {
    workspace: ref.workspace,
    id,
    status: 'queued',
    createdAtMs: now,
    startedAtMs: null,
    endedAtMs: null,
    leaseUntilMs: now + JOB_QUEUE_MS,
    budgetMs,
    expiresAtMs,
    ticket: admission.ticket,
    webhook: input.webhook,
    url: input.urlOf(id),
    worker: null,
    progress: null,
    error: null,
    planId: null,
    settled: false,
  };
  try {
    // The input and the record together: no worker hears of the job before both are stored.
    // Both settle before anything is cleaned up, so a clean-up never runs ahead of a write still going.
    const [stored, created] = await Promise.allSettled([
      deps.bodies.put({
        key: inputKey(ref),
        body: encode({ body: input.body, url: job.url } satisfies JobInput),
        meta: null,
        createdAtMs: now,
        expiresAtMs,
      }),
      deps.jobs.create(job),
    ]);
    if (stored.status === 'rejected') throw stored.reason;
    if (created.status === 'rejected') throw created.reason;
    if (!stored.value || !created.value) throw new Error(`job id ${id} is taken`);
  } catch (error) {
    // Nothing of it may stay: the record may have landed though its answer was lost.
    await deps.jobs.delete(ref.workspace, id).catch(() => false);
    await admission.undo();
    await deps.bodies.delete(inputKey(ref)).catch(() => false);
    if (isStoreUnavailable(error)) return err(busy('the job store is unavailable'));
    throw error;
  }
  try {
    await deps.queue.enqueue(ref);
  } catch (error) {
    deps.log.error('job not handed to a worker; ending it', {
      source: 'jobs',
      jobId: id,
      ...errorFields(error),
    });
    const failed = await deps.jobs
      .expire(ref.workspace, id, Number.POSITIVE_INFINITY, {
        error: 'busy',
        detail: 'the job could not be handed to a worker; submit it again',
      })
      .catch(() => false);
    if (failed) await settleEnded(deps, ref, 'failed');
    return err(busy('no worker could be reached'));
  }
  return ok({ job, admission });
}

/** The error a job ends with when its worker's lease (or its wait for one) passed. */
export function expiryError(job: JobRecord): JobError {
  return job.status === 'queued'
    ? {
        error: 'internal',
        detail: `no worker took the job within ${JOB_QUEUE_MS / 60_000} minutes; it was not solved and not counted: submit it again`,
      }
    : {
        error: 'internal',
        detail: `the worker solving the job stopped (it did not end the job within its ${Math.round(job.budgetMs / 1000)} s budget plus ${JOB_RUN_GRACE_MS / 1000} s); the job is not counted: submit it again`,
      };
}

/**
 * The job as it is now, after ending it `failed` if it is active past its lease (a GET notices a dead
 * worker): null when there is none in this workspace.
 */
export async function currentJob(deps: JobsDeps, ref: JobRef): Promise<JobRecord | null> {
  if (!JOB_ID.test(ref.id)) return null;
  const now = deps.clock.now();
  const job = await deps.jobs.get(ref.workspace, ref.id, now);
  if (job === null) return null;
  return noticed(deps, job, now);
}

/** Ends `job` when it is active past its lease; settles it when it ended and is not settled yet. */
export async function noticed(deps: JobsDeps, job: JobRecord, now: number): Promise<JobRecord> {
  if (isActive(job.status) && job.leaseUntilMs <= now) {
    if (await deps.jobs.expire(job.workspace, job.id, now, expiryError(job))) {
      deps.log.error('job ended: its lease passed', { source: 'jobs', jobId: job.id, status: job.status });
      await settleEnded(deps, job, 'failed');
    }
    return (await deps.jobs.get(job.workspace, job.id, now)) ?? job;
  }
  return job;
}

/** A page of the workspace's jobs, newest first, each noticed as {@link currentJob} does. */
export async function listJobs(
  deps: JobsDeps,
  workspace: string,
  options: { readonly limit: number; readonly cursor?: string | undefined },
): Promise<{ jobs: JobRecord[]; cursor: string | null }> {
  const now = deps.clock.now();
  const page = await deps.jobs.list(workspace, { ...options, nowMs: now });
  const jobs = await Promise.all(page.jobs.map((job) => noticed(deps, job, now)));
  return { jobs, cursor: page.cursor };
}

/** The stored result of a succeeded job (the optimise response body), or null. */
export async function jobResult(deps: Pick<JobsDeps, 'bodies' | 'clock'>, job: JobRecord): Promise<unknown> {
  if (job.status !== 'succeeded') return null;
  const stored = await deps.bodies.get(resultKey(job), deps.clock.now());
  return stored === null ? null : decode(stored.body);
}

/**
 * `DELETE /v1/jobs/{id}`: an active job is cancelled (its worker stops at its next clock reading; the job
 * is refunded); an ended one is forgotten with its input and result (its stored plan stays, under its own
 * id, until deleted or expired).
 */
export async function cancelOrForget(
  deps: JobsDeps,
  ref: JobRef,
): Promise<Result<{ readonly cancelled: JobRecord | null }, CutplanError>> {
  const job = await currentJob(deps, ref);
  if (job === null) return err(noJob(ref.id));
  if (isActive(job.status)) {
    const before = await deps.jobs.cancel(ref.workspace, ref.id, deps.clock.now());
    if (before !== null) {
      await settleEnded(deps, before, 'cancelled');
      return ok({ cancelled: await deps.jobs.get(ref.workspace, ref.id, deps.clock.now()) });
    }
    // It ended meanwhile: forget it as an ended one.
  }
  await deps.jobs.delete(ref.workspace, ref.id);
  await Promise.all([
    deps.bodies.delete(resultKey(ref)).catch(() => false),
    deps.bodies.delete(inputKey(ref)).catch(() => false),
    job.webhook === null ? undefined : deps.webhooks.forget(ref.workspace, ref.id).catch(() => undefined),
  ]);
  return ok({ cancelled: null });
}

export function noJob(id: string): NotFoundError {
  return new NotFoundError(
    `job ${JSON.stringify(id)} is not a job of this workspace (jobs are kept ${JOB_RETENTION_DAYS} days after they are submitted, or until deleted; GET /v1/jobs lists them)`,
  );
}

/**
 * After the write that ended a job: its count settled (refunded unless it has a plan), its webhook
 * notified, its input dropped, then the record marked settled. A step that fails leaves the job unsettled
 * for the sweep to finish (settling is idempotent; a webhook may then be sent twice, which receivers
 * tell by its id).
 */
export async function settleEnded(
  deps: JobsDeps,
  job: Pick<JobRecord, 'workspace' | 'id'> & Partial<JobRecord>,
  status: EndStatus,
): Promise<void> {
  try {
    const full =
      job.ticket === undefined
        ? await deps.jobs.get(job.workspace, job.id, deps.clock.now())
        : (job as JobRecord);
    if (full === null) return;
    await deps.admitter.settleJob?.(full.ticket, status === 'succeeded' ? 'succeeded' : 'failed');
    const dropped = deps.bodies.delete(inputKey(full)).catch(() => false);
    if (full.webhook !== null) {
      await deps.webhooks
        .notify({
          jobId: full.id,
          workspace: full.workspace,
          keyId: full.ticket.keyId,
          status,
          url: full.url,
          webhook: full.webhook,
        })
        .catch((error: unknown) =>
          deps.log.error('job webhook not sent', { source: 'jobs', jobId: full.id, ...errorFields(error) }),
        );
    }
    await Promise.all([dropped, deps.jobs.settled(full.workspace, full.id)]);
  } catch (error) {
    deps.log.error('job not settled yet (the sweep settles it)', {
      source: 'jobs',
      jobId: job.id,
      ...errorFields(error),
    });
  }
}

/**
 * Ends every job whose lease passed and settles every ended one not settled yet (a worker or a process
 * that died between the steps): run by the local server on a timer and deployed on a schedule. Returns
 * how many jobs it ended or settled.
 */
export async function sweepJobs(deps: JobsDeps, options: { readonly limit?: number } = {}): Promise<number> {
  const live = await deps.jobs.live(options.limit ?? 200);
  let touched = 0;
  const now = deps.clock.now();
  for (const ref of live) {
    const job = await deps.jobs.get(ref.workspace, ref.id, now);
    if (job === null) {
      await deps.jobs.delete(ref.workspace, ref.id).catch(() => false);
      continue;
    }
    if (isActive(job.status)) {
      if (job.leaseUntilMs <= now) {
        await noticed(deps, job, now);
        touched += 1;
      }
    } else if (!job.settled && (job.endedAtMs ?? 0) <= now - SETTLE_GRACE_MS) {
      await settleEnded(deps, job, job.status as EndStatus);
      touched += 1;
    }
  }
  return touched;
}

/** An ended job left unsettled this long is settled by the sweep (its ender normally does it at once). */
const SETTLE_GRACE_MS = 30_000;

export function busy(what: string): BusyError {
  return new BusyError(`the service is busy (${what}); retry shortly`, 2);
}

/** Told by name, as idempotent.ts does, so no store module is imported for it. */
export function isStoreUnavailable(error: unknown): boolean {
  return error instanceof Error && error.name === 'StoreUnavailableError';
}
