/**
 * The job and usage tools: start a long solve as an async job, come back for it, and ask how many calls
 * are left. They need the HTTP endpoint's API key; where the server has none (stdio) they say so.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { ValidationError } from '../../../core/errors.ts';
import type { OptimiseResponse } from '../../../core/types.ts';
import { KeyRequiredError } from '../errors.ts';
import { INPUT_NOTE, REFUSAL_NOTE } from './plan-tools.ts';
import { PORTABLE_INPUTS } from './portable.ts';
import { advertised } from './schemas.ts';
import type { PlanService } from './service.ts';
import { planSummary } from './summary.ts';
import { guarded, jsonResult, toolError } from './tool-results.ts';

export const START_JOB_TOOL = 'start_job';
export const GET_JOB_TOOL = 'get_job';
export const USAGE_TOOL = 'get_usage';
/** The tools over the caller's jobs and usage: answered without a solve in the call. */
export const JOB_TOOLS: readonly string[] = [START_JOB_TOOL, GET_JOB_TOOL, USAGE_TOOL];

/** What the job and usage tools answer where the server has no API key. */
export const NO_KEY_JOB_ERROR =
  'jobs and usage belong to an API key, and this MCP server has no key (cutplan mcp runs on your machine and solves here, uncounted): use the HTTP MCP endpoint POST /v1/mcp with an X-API-Key header, or optimise_cut_list';

export const GET_JOB_INPUT = {
  type: 'object',
  description: 'The job to read, e.g. {"jobId": "job_0mxbjwu80HoDPdaH5FHnWE"}.',
  properties: {
    jobId: {
      type: 'string',
      description: 'The id start_job answered, e.g. "job_0mxbjwu80HoDPdaH5FHnWE".',
    },
  },
  required: ['jobId'],
} as const;
export const USAGE_INPUT = {
  type: 'object',
  description: 'Nothing to send, e.g. {}.',
  properties: {},
} as const;

/** Registers the job and usage tools on `server`, over `service`. */
export function registerJobTools(server: McpServer, service: PlanService): void {
  server.registerTool(
    START_JOB_TOOL,
    {
      title: 'Start a long solve as a job',
      description:
        'Submit a cut list as an async job and return at once with its id and status (queued): for a solve ' +
        'longer than the MCP client waits (a timeLimit of minutes). Come back with get_job. Counted as one ' +
        `solve, refunded if it ends without a plan. ${INPUT_NOTE} Needs the HTTP endpoint with an API key. ` +
        `${REFUSAL_NOTE} Example: {"parts": "2400x40, 1150x60, 600x100", "stock": 6000, "timeLimit": 120}.`,
      inputSchema: advertised(PORTABLE_INPUTS.job),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    guarded(service, async (args: Record<string, unknown>) => {
      if (service.startJob === undefined) return toolError(service, new KeyRequiredError(NO_KEY_JOB_ERROR));
      const started = await service.startJob(args);
      if (!started.ok) return toolError(service, started.error);
      const job = started.value as { id?: string; status?: string };
      return jsonResult(
        started.value,
        `Job ${job.id} is ${job.status}. Call get_job with {"jobId": "${job.id}"} in a few seconds.`,
      );
    }),
  );

  server.registerTool(
    GET_JOB_TOOL,
    {
      title: 'Read a job',
      description:
        "A job's status (queued, running, succeeded, failed, cancelled), its progress while running (elapsed of " +
        'the budget, best plan and bound so far) and, once succeeded, its result: the optimise answer, with ' +
        'plan.id for the stored plan. Never counted. Needs the HTTP endpoint with an API key. Example: ' +
        '{"jobId": "job_0mxbjwu80HoDPdaH5FHnWE"}.',
      inputSchema: advertised(GET_JOB_INPUT as unknown as Record<string, unknown>),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(service, async (args: { jobId?: unknown }) => {
      if (service.getJob === undefined) return toolError(service, new KeyRequiredError(NO_KEY_JOB_ERROR));
      if (typeof args.jobId !== 'string' || args.jobId === '') {
        return toolError(service, ValidationError.of('jobId', 'is required: the id start_job answered'));
      }
      const got = await service.getJob({ jobId: args.jobId });
      if (!got.ok) return toolError(service, got.error);
      const job = got.value as { status?: string; result?: OptimiseResponse | null };
      const summary =
        job.status === 'succeeded' && job.result != null
          ? planSummary(job.result)
          : `The job is ${job.status}.${job.status === 'queued' || job.status === 'running' ? ' Ask again in a few seconds.' : ''}`;
      return jsonResult(got.value, summary);
    }),
  );

  server.registerTool(
    USAGE_TOOL,
    {
      title: 'Calls left',
      description:
        "The key's tier, every limit window (limit, used, remaining, when it resets) and the month's counted and " +
        'refunded calls. Never counted. Needs the HTTP endpoint with an API key. Example: {}.',
      inputSchema: advertised(USAGE_INPUT as unknown as Record<string, unknown>),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(service, async () => {
      if (service.usage === undefined) return toolError(service, new KeyRequiredError(NO_KEY_JOB_ERROR));
      const usage = await service.usage();
      if (!usage.ok) return toolError(service, usage.error);
      return jsonResult(usage.value);
    }),
  );
}
