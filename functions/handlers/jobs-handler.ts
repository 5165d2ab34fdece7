/**
 * Async jobs over HTTP (docs/api.md, "Async jobs"), every route keyed (401 `keyRequired` without a key):
 *
 * - `POST /v1/jobs`: the optimise body plus an optional `webhook` URL → 202 with the job, `Location` (its
 *   absolute URL, behind the caller's host and stage prefix) and `Retry-After`. Counted once, as a call;
 *   an `Idempotency-Key` is honoured as on `POST /v1/optimise` (a repeat gets the same job);
 * - `GET /v1/jobs/{id}`: the job (`status`, `progress`, `result` once succeeded, `deliveries`);
 * - `DELETE /v1/jobs/{id}`: cancels an active job (200, the job) or forgets an ended one (204);
 * - `GET /v1/jobs?limit=&cursor=`: the workspace's jobs, newest first.
 *
 * Reads and cancels count nothing (polls are free); a job of another workspace is a 404.
 */
import {
  type CutplanError,
  err,
  InternalError,
  ok,
  type Result,
  ValidationError,
} from '../../core/errors.ts';
import type { Admitter, Caller } from '../shared/admission.ts';
import { JOB_KEY_REQUIRED } from '../shared/admission.ts';
import type { CorePort } from '../shared/core-port.ts';
import { KeyRequiredError } from '../shared/errors.ts';
import {
  type ApiHandler,
  fail,
  jsonReply,
  publicUrl,
  type Reply,
  rateLimitFields,
  rateLimitHeaders,
  readJsonBody,
  type ServeDeps,
  serve,
} from '../shared/http/index.ts';
import type { JobRecord } from '../shared/jobs/job-store.ts';
import {
  acceptJob,
  cancelOrForget,
  currentJob,
  JOB_POLL_SECONDS,
  type JobQueue,
  type JobsDeps,
  jobResult,
  listJobs,
  noJob,
} from '../shared/jobs/jobs.ts';
import { pathParameter } from '../shared/routes.ts';
import type { BodyStore } from '../shared/stored/body-store.ts';
import { idempotent, keptReply, replayReply } from './idempotent.ts';
import { noContent } from './rack-handler.ts';
import { parseSolveBody, storeGuarded } from './rack-solve.ts';
import { routeFor } from './workspace-call.ts';

export interface JobsHandlerDeps extends ServeDeps, JobsDeps {
  readonly core: Pick<CorePort<unknown>, 'parseOptimiseBody' | 'parseOptimiseQuery' | 'jobSize'>;
  readonly queue: JobQueue;
  /** Where idempotent submissions keep their answers; absent: `Idempotency-Key` is not read. */
  readonly idempotency?: BodyStore;
}

/** Jobs per page of `GET /v1/jobs`: default and most. */
export const JOBS_PAGE = { default: 20, max: 100 } as const;

export function makeJobsHandler(deps: JobsHandlerDeps): ApiHandler {
  return serve(deps, ['GET', 'POST', 'DELETE'], async (req, notes) => {
    const route = routeFor(req);
    if (!route.ok) return fail(route.error);
    notes.tier = req.caller.apiKey === undefined ? 'public' : 'key';
    if (req.caller.apiKey === undefined) return fail(new KeyRequiredError(JOB_KEY_REQUIRED));
    const urlOf = (id: string) => publicUrl(req, `/v1/jobs/${encodeURIComponent(id)}`);

    if (req.method === 'POST') {
      const parsed = await parseSubmission(deps, req.caller, readJsonBody(req));
      if (!parsed.ok) return fail(parsed.error);
      const { body, request, webhook } = parsed.value;
      const idemDeps = {
        admitter: deps.admitter,
        clock: deps.clock,
        log: deps.log,
        ...(deps.idempotency === undefined ? {} : { bodies: deps.idempotency }),
      };
      return idempotent(idemDeps, req, replayReply, async (keep) => {
        const accepted = await storeGuarded(() =>
          acceptJob(deps, {
            caller: req.caller,
            request,
            body,
            webhook,
            size: deps.core.jobSize(request),
            urlOf,
          }),
        );
        if (!accepted.ok) return fail(accepted.error);
        const { job, admission } = accepted.value;
        notes.tier = admission.tier.name;
        notes.keyId = admission.keyId;
        notes.workspace = admission.workspace;
        const reply = jsonReply(202, await jobView(deps, job, { withResult: false }), {
          Location: urlOf(job.id),
          'Retry-After': String(JOB_POLL_SECONDS),
          ...rateLimitHeaders(admission.rateLimit),
          ...rateLimitFields(admission.windows, deps.clock.now()),
        });
        // The job is accepted whatever happens to its replay record: a failure here only means a repeat
        // with this key submits again (logged), never a 503 for a job that runs.
        if (keep !== undefined) {
          const kept = await keep(keptReply(reply));
          if (!kept.ok) deps.log.error('job answer not kept for replays', { source: 'jobs', jobId: job.id });
        }
        return reply;
      });
    }

    const who = await workspaceOf(deps.admitter, req.caller);
    if (!who.ok) return fail(who.error);
    const workspace = who.value;
    notes.workspace = workspace;
    const answered = await storeGuarded(async (): Promise<Result<Reply, CutplanError>> => {
      if (route.value === '/v1/jobs') {
        const page = pageOptions(req.query);
        if (!page.ok) return page;
        const listed = await listJobs(deps, workspace, page.value);
        const jobs = await Promise.all(listed.jobs.map((job) => jobView(deps, job, { withResult: false })));
        return ok(jsonReply(200, { jobs, nextCursor: listed.cursor }));
      }
      const id = pathParameter(route.value, req.path) ?? '';
      const ref = { workspace, id };
      if (req.method === 'DELETE') {
        const done = await cancelOrForget(deps, ref);
        if (!done.ok) return done;
        const cancelled = done.value.cancelled;
        return ok(
          cancelled === null
            ? noContent()
            : jsonReply(200, await jobView(deps, cancelled, { withResult: false })),
        );
      }
      const job = await currentJob(deps, ref);
      if (job === null) return err(noJob(id));
      const active = job.status === 'queued' || job.status === 'running';
      return ok(
        jsonReply(
          200,
          await jobView(deps, job, { withResult: true }),
          active ? { 'Retry-After': String(JOB_POLL_SECONDS) } : {},
        ),
      );
    });
    return answered.ok ? answered.value : fail(answered.error);
  });
}

/** The key's workspace (401 without a key or with a bad one), counting nothing. */
export async function workspaceOf(admitter: Admitter, caller: Caller): Promise<Result<string, CutplanError>> {
  if (admitter.identify === undefined) return err(new InternalError('jobs are not configured'));
  const who = await admitter.identify(caller);
  if (!who.ok) return who;
  return who.value.workspace === null ? err(new KeyRequiredError(JOB_KEY_REQUIRED)) : ok(who.value.workspace);
}

/** The body of a submission: the optimise body (parsed now, so its mistakes are 400s) and its `webhook`. */
export async function parseSubmission(
  deps: Pick<JobsHandlerDeps, 'webhooks' | 'core'>,
  caller: Caller,
  read: Result<unknown, CutplanError>,
): Promise<
  Result<
    {
      body: Readonly<Record<string, unknown>>;
      request: import('../../core/types.ts').OptimiseRequest;
      webhook: string | null;
    },
    CutplanError
  >
> {
  if (!read.ok) return read;
  const value = read.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return err(
      ValidationError.of(
        '',
        'the body must be a JSON object: the optimise body, plus an optional "webhook" URL',
      ),
    );
  }
  const { webhook, ...body } = value as Record<string, unknown>;
  let hook: string | null = null;
  if (webhook !== undefined && webhook !== null) {
    if (typeof webhook !== 'string') {
      return err(
        ValidationError.of('webhook', 'must be a URL string (https://…) that receives the job.* events'),
      );
    }
    const checked = await deps.webhooks.check(webhook);
    if (!checked.ok) return err(ValidationError.of('webhook', checked.reason));
    hook = checked.url.toString();
  }
  const parsed = parseSolveBody(deps.core as CorePort<unknown>, body, 'json', caller);
  if (!parsed.ok) return parsed;
  return ok({ body, request: parsed.value.request, webhook: hook });
}

function pageOptions(
  query: Readonly<Record<string, string | readonly string[]>>,
): Result<{ limit: number; cursor?: string }, CutplanError> {
  const one = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
  for (const name of Object.keys(query)) {
    if (name !== 'limit' && name !== 'cursor')
      return err(ValidationError.of(name, 'is not a parameter of GET /v1/jobs (limit, cursor)'));
    if (typeof query[name] !== 'string') return err(ValidationError.of(name, 'is given more than once'));
  }
  const limitText = one('limit');
  const limit = limitText === undefined ? JOBS_PAGE.default : Number(limitText);
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > JOBS_PAGE.max) {
    return err(ValidationError.of('limit', `must be a whole number from 1 to ${JOBS_PAGE.max}`));
  }
  const cursor = one('cursor');
  if (cursor !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) {
    return err(ValidationError.of('cursor', 'is not a cursor of this list; start without one'));
  }
  return ok(cursor === undefined ? { limit } : { limit, cursor });
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A job as the API shows it. */
export async function jobView(
  deps: Pick<JobsDeps, 'webhooks' | 'bodies' | 'clock'>,
  job: JobRecord,
  options: { withResult: boolean },
) {
  const deliveries =
    job.webhook === null ? [] : await deps.webhooks.deliveries(job.workspace, job.id).catch(() => []);
  return {
    id: job.id,
    status: job.status,
    createdAt: iso(job.createdAtMs),
    startedAt: iso(job.startedAtMs),
    endedAt: iso(job.endedAtMs),
    expiresAt: iso(job.expiresAtMs),
    budgetSeconds: job.budgetMs / 1000,
    progress: job.progress,
    result: options.withResult ? await jobResult(deps, job) : null,
    error: job.error,
    planId: job.planId,
    webhook: job.webhook,
    deliveries,
    url: job.url,
  };
}
