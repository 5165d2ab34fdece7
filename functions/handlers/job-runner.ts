/**
 * The job worker (docs/api.md, "Async jobs"): what the worker Lambda and the local server's solver pool
 * both run for a job id. It takes the job with a conditional lease (a duplicate delivery, or a job
 * cancelled, taken or ended already, does nothing), solves it with its progress written every few seconds
 * (each write also tells whether the job is still this worker's: a cancel stops the solve through its
 * clock), stores the plan and the result, then ends and settles the job. A worker that dies leaves the
 * job to whoever notices its lease passed (`functions/shared/jobs/jobs.ts`).
 */
import { type CutplanError, err, InternalError, ok, type Result } from '../../core/errors.ts';
import type { OptimiseRequest, OptimiseResponse } from '../../core/types.ts';
import type { Admission } from '../shared/admission.ts';
import type { CorePort } from '../shared/core-port.ts';
import { BusyError } from '../shared/errors.ts';
import type { JobProgress, JobRecord } from '../shared/jobs/job-store.ts';
import {
  busy,
  decode,
  encode,
  inputKey,
  isStoreUnavailable,
  JOB_RUN_GRACE_MS,
  type JobInput,
  type JobRef,
  type JobSolveOptions,
  type JobSolver,
  type JobsDeps,
  noticed,
  PROGRESS_EVERY_MS,
  resultKey,
  settleEnded,
} from '../shared/jobs/jobs.ts';
import { errorFields } from '../shared/log.ts';
import type { WorkspaceState } from '../shared/stored/workspace-state.ts';
import { type RackUse, storeRackPlan, withRackOffcuts } from './rack-solve.ts';

export interface RunnerDeps extends JobsDeps {
  readonly core: Pick<CorePort<unknown>, 'parseOptimiseBody' | 'jobSize'>;
  readonly state?: WorkspaceState | undefined;
  readonly solve: JobSolver;
  /** This worker's id in the leases it takes. */
  readonly workerId: string;
  /** How often progress is written (default {@link PROGRESS_EVERY_MS}). */
  readonly progressEveryMs?: number;
}

/** What {@link runJob} did, for the worker's log line and the tests. */
export type RunOutcome = 'succeeded' | 'failed' | 'skipped' | 'lost';

/**
 * The worker: takes the job with a lease (a duplicate delivery, or a job cancelled, taken or ended
 * already, does nothing), solves it with progress written every {@link PROGRESS_EVERY_MS} (each write
 * also tells whether the job is still this worker's: a cancel stops the solve), stores the plan and the
 * result, ends the job and settles it. A job that cannot end here (the worker dies) is ended by whoever
 * notices its lease passed.
 */
export async function runJob(deps: RunnerDeps, ref: JobRef): Promise<RunOutcome> {
  const started = deps.clock.now();
  const probe = await deps.jobs.get(ref.workspace, ref.id, started);
  if (probe === null) return 'skipped';
  const take = await deps.jobs.take(
    ref.workspace,
    ref.id,
    deps.workerId,
    started,
    started + probe.budgetMs + JOB_RUN_GRACE_MS,
  );
  if (!take.taken) {
    if (take.job !== null) await noticed(deps, take.job, deps.clock.now());
    return 'skipped';
  }
  const job = take.job;
  let lost = false;
  let latest: JobProgress = { elapsedMs: 0, budgetMs: job.budgetMs, best: null, bound: null, unit: 'bars' };
  const solveStart = deps.clock.monotonic();
  const write = async () => {
    const elapsedMs = Math.round(deps.clock.monotonic() - solveStart);
    latest = { ...latest, elapsedMs: Math.min(elapsedMs, job.budgetMs) };
    const still = await deps.jobs.progress(ref.workspace, ref.id, deps.workerId, latest).catch(() => true);
    if (!still) lost = true;
  };
  const timer = setInterval(() => void write(), deps.progressEveryMs ?? PROGRESS_EVERY_MS);
  timer.unref?.();
  let outcome: Result<{ planId: string }, CutplanError>;
  try {
    outcome = await solveJob(deps, job, {
      budgetMs: job.budgetMs,
      tier: job.ticket.tier,
      onProgress: (p) => {
        latest = { ...p, budgetMs: job.budgetMs };
      },
      cancelled: () => lost,
    });
  } catch (error) {
    deps.log.error('job solve failed', { source: 'jobs', jobId: ref.id, ...errorFields(error) });
    outcome = err(
      isStoreUnavailable(error) ? busy('the job store is unavailable') : new InternalError('the job failed'),
    );
  } finally {
    clearInterval(timer);
  }
  // A failure on our side is answered generically: its cause is for the operator's log.
  if (!outcome.ok && outcome.error.status >= 500) {
    deps.log.error('job failed', { source: 'jobs', jobId: ref.id, ...errorFields(outcome.error) });
  }
  const now = deps.clock.now();
  // The solve's last figures stay on the job (a succeeded job's best and bound are its plan's).
  const progress = {
    ...latest,
    elapsedMs: Math.min(Math.round(deps.clock.monotonic() - solveStart), job.budgetMs),
  };
  const end = outcome.ok
    ? { status: 'succeeded' as const, endedAtMs: now, planId: outcome.value.planId, progress }
    : {
        status: 'failed' as const,
        endedAtMs: now,
        progress,
        error: {
          error: outcome.error.code,
          detail:
            outcome.error.status >= 500 && !(outcome.error instanceof BusyError)
              ? 'the job failed on our side; submit it again'
              : outcome.error.message,
        },
      };
  let ended: boolean;
  /** Whether the job is known not to be this worker's any more (cancelled, or ended by a sweep). */
  let gone = true;
  try {
    ended = await deps.jobs.finish(ref.workspace, ref.id, deps.workerId, end);
  } catch (error) {
    // The write may have landed with its answer lost: the record says whether this worker ended it.
    deps.log.error('job end not confirmed; reading it back', {
      source: 'jobs',
      jobId: ref.id,
      ...errorFields(error),
    });
    const now = await deps.jobs.get(ref.workspace, ref.id, deps.clock.now()).catch(() => undefined);
    ended = now != null && now.worker === deps.workerId && now.status === end.status;
    // Unknown (the read failed too): keep what was stored; its lease decides the job's end.
    gone = now !== undefined && !(now?.status === 'running' && now.worker === deps.workerId);
  }
  if (!ended) {
    // What this worker made is nobody's once the job is not its own.
    if (outcome.ok && gone) {
      await deps.bodies.delete(resultKey(ref)).catch(() => false);
      await deps.state?.deletePlan(ref.workspace, outcome.value.planId).catch(() => null);
    }
    return 'lost';
  }
  await settleEnded(deps, job, end.status);
  return end.status;
}

/** Reads the input, solves, stores the plan and the result (before the job is ended, so a reader of a succeeded job finds them). */
async function solveJob(
  deps: RunnerDeps,
  job: JobRecord,
  options: JobSolveOptions,
): Promise<Result<{ planId: string }, CutplanError>> {
  const stored = await deps.bodies.get(inputKey(job), deps.clock.now());
  if (stored === null) return err(new InternalError('the job input is gone'));
  const input = decode(stored.body) as JobInput;
  const parsed = parseJobBody(deps.core, input.body);
  if (!parsed.ok) return parsed;
  let { request } = parsed.value;
  let rack: RackUse | null = null;
  if (parsed.value.rackBody !== null) {
    if (deps.state === undefined) return err(new InternalError('the offcut rack is not configured'));
    const resolved = await withRackOffcuts(
      deps.core as CorePort<unknown>,
      deps.state,
      { request, rack: { kind: 'body', body: parsed.value.rackBody, endpoint: 'json' } },
      { workspace: job.workspace } as Admission,
    );
    if (!resolved.ok) return resolved;
    request = resolved.value.request;
    rack = resolved.value.rack;
  }
  options.onProgress({ elapsedMs: 0, budgetMs: options.budgetMs, best: null, bound: null, unit: 'bars' });
  const solved = await deps.solve(request, options);
  if (!solved.ok) return solved;
  if (solved.value.plan.verified !== true)
    return err(new InternalError('the solver returned a plan that is not verified'));
  if (deps.state === undefined) return err(new InternalError('stored plans are not configured'));
  const createdAtMs = deps.clock.now();
  let response: OptimiseResponse;
  if (rack !== null) {
    const named = await storeRackPlan(deps.state, rack, {
      request,
      response: solved.value,
      jobName: request.jobName,
      branding: null,
      createdAtMs,
    });
    if (!named.ok) return named;
    response = named.value;
  } else {
    let named: OptimiseResponse = solved.value;
    await deps.state.storePlan(
      job.workspace,
      { unit: request.unit, minRemnant: request.minRemnant / request.scale, used: [], remnants: [] },
      (id) => {
        named = { ...solved.value, plan: { ...solved.value.plan, id } };
        return { request, response: named, jobName: request.jobName, branding: null, createdAtMs };
      },
    );
    response = named;
  }
  const planId = response.plan.id;
  if (planId === undefined) return err(new InternalError('the plan was not stored'));
  await deps.bodies.put({
    key: resultKey(job),
    body: encode(response),
    meta: { planId },
    createdAtMs,
    expiresAtMs: job.expiresAtMs,
  });
  return ok({ planId });
}

/** The optimise body of a job as the solve reads it (`"offcuts": "rack"` resolved at solve time). */
export function parseJobBody(
  core: Pick<CorePort<unknown>, 'parseOptimiseBody'>,
  body: Readonly<Record<string, unknown>>,
): Result<{ request: OptimiseRequest; rackBody: Readonly<Record<string, unknown>> | null }, CutplanError> {
  if (body.offcuts !== 'rack') {
    const parsed = core.parseOptimiseBody(body, 'json');
    return parsed.ok ? ok({ request: parsed.value, rackBody: null }) : parsed;
  }
  const { offcuts: _, ...rest } = body;
  const parsed = core.parseOptimiseBody(rest, 'json');
  return parsed.ok ? ok({ request: parsed.value, rackBody: rest }) : parsed;
}
