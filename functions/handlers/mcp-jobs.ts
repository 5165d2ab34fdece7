/**
 * The MCP job and usage tools over HTTP (`start_job`, `get_job`, `get_usage`): a job is accepted and
 * counted as `POST /v1/jobs` does, reads count nothing. The MCP handler routes their calls here.
 */
import { err, InternalError, ok } from '../../core/errors.ts';
import type { Admitter } from '../shared/admission.ts';
import type { CorePort } from '../shared/core-port.ts';
import { type HttpRequest, publicUrl } from '../shared/http/index.ts';
import { acceptJob, currentJob, type JobQueue, type JobsDeps, noJob } from '../shared/jobs/jobs.ts';
import { JOB_TOOLS, KEY_ARGUMENT, type PlanService } from '../shared/mcp/index.ts';
import type { RequestNotes } from '../shared/telemetry.ts';
import { jobView, parseSubmission, workspaceOf } from './jobs-handler.ts';
import { storeGuarded } from './rack-solve.ts';
import { usageBody } from './usage-handler.ts';

/** The job and usage tools: the solving tools are not reachable here. */
/** What the job tools need of the MCP function's dependencies. */
export interface McpJobDeps {
  readonly admitter: Admitter;
  readonly core: Pick<CorePort<unknown>, 'parseOptimiseBody' | 'parseOptimiseQuery' | 'jobSize'>;
  readonly jobs?: (JobsDeps & { readonly queue: JobQueue }) | undefined;
}

export function jobService(
  deps: McpJobDeps,
  req: HttpRequest,
  notes: RequestNotes,
  toolFailed: NonNullable<PlanService['toolFailed']>,
): PlanService {
  const notASolve = async () => err(new InternalError('a solve reached a job call'));
  const jobs = deps.jobs;
  const urlOf = (id: string) => publicUrl(req, `/v1/jobs/${encodeURIComponent(id)}`);
  return {
    plan: notASolve,
    pdf: notASolve,
    labels: notASolve,
    sawList: notASolve,
    ...(jobs === undefined
      ? {}
      : {
          startJob: (args) =>
            storeGuarded(async () => {
              // The key is the transport's (mcp-idempotent.ts), not a field of the job.
              const { [KEY_ARGUMENT]: _key, ...body } = args;
              const parsed = await parseSubmission({ ...jobs, core: deps.core }, req.caller, ok(body));
              if (!parsed.ok) return parsed;
              const { body: stored, request, webhook } = parsed.value;
              const accepted = await acceptJob(jobs, {
                caller: req.caller,
                request,
                body: stored,
                webhook,
                size: deps.core.jobSize(request),
                urlOf,
              });
              if (!accepted.ok) return accepted;
              notes.tier = accepted.value.admission.tier.name;
              notes.keyId = accepted.value.admission.keyId;
              notes.workspace = accepted.value.admission.workspace;
              return ok(await jobView(jobs, accepted.value.job, { withResult: false }));
            }),
          getJob: (args) =>
            storeGuarded(async () => {
              const workspace = await workspaceOf(deps.admitter, req.caller);
              if (!workspace.ok) return workspace;
              notes.workspace = workspace.value;
              const job = await currentJob(jobs, { workspace: workspace.value, id: args.jobId });
              return job === null
                ? err(noJob(args.jobId))
                : ok(await jobView(jobs, job, { withResult: true }));
            }),
        }),
    ...(deps.admitter.usage === undefined
      ? {}
      : {
          usage: async () => {
            const usage = await deps.admitter.usage?.(req.caller);
            if (usage === undefined) return err(new InternalError('usage is not available'));
            return usage.ok ? ok(usageBody(usage.value)) : usage;
          },
        }),
    internalDetail: () => `internal error; request id ${req.requestId}`,
    toolFailed,
  };
}

/** Whether `message` is a `tools/call` of a job or usage tool. */
export function isJobToolCall(message: unknown): boolean {
  return (
    isRecord(message) &&
    message.jsonrpc === '2.0' &&
    message.method === 'tools/call' &&
    isRecord(message.params) &&
    typeof message.params.name === 'string' &&
    JOB_TOOLS.includes(message.params.name)
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
