/**
 * Handlers built from the real factories over fakes (core, admitter, renderer, clock, logger), for
 * handler, server and fuzz tests.
 */

import type { CutplanError } from '../../core/errors.ts';
import { err, ok, PartsLimitError } from '../../core/errors.ts';
import { sawListCsv } from '../../core/saw-list/csv.ts';
import type { LabelOutput } from '../../core/vocabulary.ts';
import openapi from '../../docs/openapi.json' with { type: 'json' };
import {
  makeDocsHandler,
  makeFallbackHandler,
  makeHealthHandler,
  makeOptimiseCsvHandler,
  makeOptimiseHandler,
  makeOptimiseLabelsHandler,
  makeOptimisePdfHandler,
} from '../../functions/handlers/index.ts';
import { makeMcpHandler } from '../../functions/handlers/mcp-handler.ts';
import { makeUsageHandler } from '../../functions/handlers/usage-handler.ts';
import type { Admission, Admitter, Caller, JobSize } from '../../functions/shared/admission.ts';
import type { PdfJob, RenderLabels, RenderPdf, ShopJob } from '../../functions/shared/core-port.ts';
import type { RateLimitStatus } from '../../functions/shared/errors.ts';
import type { ApiHandler } from '../../functions/shared/http/index.ts';
import type { Logger } from '../../functions/shared/log.ts';
import type { RequestRecord, Telemetry } from '../../functions/shared/telemetry.ts';
import { TIERS, type TierName } from '../../functions/shared/tiers.ts';
import { type FakeCore, fakeCore, fakeLp, testClock } from './fake-core.ts';

export const TEST_SOLVER = 'first-fit (fake core) + no LP';
export const TEST_VERSION = '9.9.9-test';

export interface RecordingAdmitter extends Admitter {
  readonly calls: { caller: Caller; size: JobSize }[];
  readonly releases: ('succeeded' | 'failed')[];
}

/**
 * An admitter that admits on `tier` with `rateLimit` (or refuses with `refuse`), recording everything. It
 * counts nothing; like the real one it refuses a job over the tier's size caps with 413. Tests of the
 * real admitter over DynamoDB are in `functions/shared/limits/` and `test/e2e/`.
 */
export function recordingAdmitter(
  options: { tier?: TierName; rateLimit?: RateLimitStatus; branding?: string; refuse?: CutplanError } = {},
): RecordingAdmitter {
  const calls: RecordingAdmitter['calls'] = [];
  const releases: RecordingAdmitter['releases'] = [];
  const tier = TIERS[options.tier ?? 'public'];
  return {
    calls,
    releases,
    admit: async (caller, size) => {
      calls.push({ caller, size });
      if (options.refuse !== undefined) return err(options.refuse);
      if (size.totalParts > tier.maxParts || size.distinctLines > tier.maxLines) {
        return err(
          new PartsLimitError(
            `${size.totalParts} parts in ${size.distinctLines} lines exceed the ${tier.name} tier's caps of ${tier.maxParts} parts and ${tier.maxLines} lines`,
          ),
        );
      }
      const admission: Admission = {
        tier,
        workspace: options.branding === undefined ? null : 'ws-test',
        branding: options.branding ?? null,
        keyId: options.branding === undefined ? null : '00000000000000aa',
        rateLimit: options.rateLimit ?? null,
        release: async (outcome) => {
          releases.push(outcome);
        },
      };
      return ok(admission);
    },
  };
}

/** A renderer that returns recognisable bytes naming the job, and records what it was given. */
export function fakeRenderPdf(): RenderPdf & { readonly jobs: PdfJob[] } {
  const jobs: PdfJob[] = [];
  const render = async (job: PdfJob) => {
    jobs.push(job);
    const text = `%PDF-1.7\n% fake plan: ${job.jobName} / ${job.branding} / ${new Date(job.createdAtMs).toISOString()} / ${job.response.plan.stockBarsUsed} bars\n%%EOF\n`;
    return new TextEncoder().encode(text);
  };
  return Object.assign(render, { jobs });
}

/** A label renderer that records its jobs and answers a few bytes naming the job (or ZPL text). */
export function fakeRenderLabels(): RenderLabels & {
  readonly jobs: { job: ShopJob; output: LabelOutput }[];
} {
  const jobs: { job: ShopJob; output: LabelOutput }[] = [];
  const render = async (job: ShopJob, output: LabelOutput) => {
    jobs.push({ job, output });
    const pieces = job.response.stats.totalParts;
    if (output === 'zpl') return `^XA\n^FD${job.jobName} / ${pieces} labels^FS\n^XZ\n`;
    return new TextEncoder().encode(`%PDF-1.7\n% fake labels: ${job.jobName} / ${pieces} labels\n%%EOF\n`);
  };
  return Object.assign(render, { jobs });
}

export interface CollectingLogger extends Logger {
  readonly lines: { level: string; message: string; fields: Readonly<Record<string, unknown>> }[];
}

export function collectingLogger(): CollectingLogger {
  const lines: CollectingLogger['lines'] = [];
  return {
    lines,
    info: (message, fields = {}) => lines.push({ level: 'info', message, fields }),
    error: (message, fields = {}) => lines.push({ level: 'error', message, fields }),
  };
}

/** Telemetry that keeps every request record, for assertions on the request log line and metrics. */
export function collectingTelemetry(): Telemetry & { readonly records: RequestRecord[] } {
  const records: RequestRecord[] = [];
  return { records, request: (record) => records.push(record) };
}

export interface TestHandlers {
  readonly optimise: ApiHandler;
  readonly 'optimise-pdf': ApiHandler;
  readonly mcp: ApiHandler;
  readonly 'optimise-labels': ApiHandler;
  readonly 'optimise-csv': ApiHandler;
  readonly health: ApiHandler;
  readonly usage: ApiHandler;
  readonly fallback: ApiHandler;
  readonly docs: ApiHandler;
  readonly core: FakeCore;
  readonly admitter: Admitter;
  readonly renderPdf: ReturnType<typeof fakeRenderPdf>;
  readonly renderLabels: ReturnType<typeof fakeRenderLabels>;
  readonly log: CollectingLogger;
  readonly telemetry: ReturnType<typeof collectingTelemetry>;
  readonly clock: ReturnType<typeof testClock>;
}

/** Every HTTP handler, built by the production factories over fakes. */
export function testHandlers(
  options: { core?: FakeCore; admitter?: Admitter; renderPdf?: RenderPdf; log?: Logger } = {},
): TestHandlers {
  const core = options.core ?? fakeCore();
  const admitter = options.admitter ?? recordingAdmitter();
  const renderPdf = fakeRenderPdf();
  const renderLabels = fakeRenderLabels();
  const log = collectingLogger();
  const telemetry = collectingTelemetry();
  const clock = testClock();
  const deps = {
    core,
    lp: fakeLp,
    clock,
    admitter,
    poweredBy: 'cutplan test',
    log: options.log ?? log,
    telemetry,
  };
  return {
    optimise: makeOptimiseHandler(deps),
    'optimise-pdf': makeOptimisePdfHandler({ ...deps, renderPdf: options.renderPdf ?? renderPdf }),
    mcp: makeMcpHandler({
      ...deps,
      renderPdf: options.renderPdf ?? renderPdf,
      renderLabels,
      renderSawList: (job, style) => sawListCsv(job.request, job.response, style),
    }),
    'optimise-labels': makeOptimiseLabelsHandler({ ...deps, renderLabels }),
    'optimise-csv': makeOptimiseCsvHandler({
      ...deps,
      renderSawList: (job, style) => sawListCsv(job.request, job.response, style),
    }),
    health: makeHealthHandler({ log: deps.log, telemetry, version: TEST_VERSION, solver: TEST_SOLVER }),
    usage: makeUsageHandler({ log: deps.log, telemetry, admitter }),
    fallback: makeFallbackHandler({ log: deps.log, telemetry }),
    docs: testDocsHandler(deps.log),
    core,
    telemetry,
    admitter,
    renderPdf,
    renderLabels,
    log,
    clock,
  };
}

/** The docs handler over the committed document and a stand-in page (the real page: `web/build.ts`). */
export function testDocsHandler(log: Logger): ApiHandler {
  return makeDocsHandler({
    log,
    openapi: JSON.stringify(openapi),
    playground: async () => ({ html: '<!doctype html><title>cutplan</title>', csp: "default-src 'none'" }),
  });
}
