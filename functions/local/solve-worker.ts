/**
 * One solver worker of `npm start`: a worker thread that plays a Lambda container of the solving functions.
 * It builds the production composition once (real core, its own LP engine, the DynamoDB admitter over the
 * limits table's HTTP endpoint, the lazy PDF renderer) and runs one API Gateway event at a time through
 * the same handlers Lambda runs. The main thread keeps the HTTP server, health and the table, so a solve
 * here never delays them. Protocol: {@link WorkerRequest} in, {@link WorkerMessage} out.
 */

import { parentPort, workerData } from 'node:worker_threads';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { sawListCsv } from '../../core/saw-list/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../../core/types.ts';
import {
  makeOptimiseCsvHandler,
  makeOptimiseHandler,
  makeOptimiseLabelsHandler,
  makeOptimisePdfHandler,
} from '../handlers/index.ts';
import { cancellableClock } from '../handlers/job-solve.ts';
import { type McpDeps, makeMcpHandler } from '../handlers/mcp-handler.ts';
import { systemClock } from '../shared/clock.ts';
import type { ApiHandler } from '../shared/http/index.ts';
import { jobsDeps } from '../shared/jobs/compose.ts';
import type { JobProgress } from '../shared/jobs/job-store.ts';
import { jobWebhooks } from '../shared/jobs/webhooks-adapter.ts';
import { createDynamoClient, type LimitsConfig } from '../shared/limits/index.ts';
import { errorFields, jsonLogger } from '../shared/log.ts';
import { lazyLabelsRenderer } from '../shared/real-labels.ts';
import { lazyPdfRenderer } from '../shared/real-pdf.ts';
import { limitsAdmitter, solveServices } from '../shared/services.ts';
import { createDynamoBodyStore } from '../shared/stored/dynamo-body-store.ts';
import { createWorkspaceState } from '../shared/stored/index.ts';
import type { Tier, TierName } from '../shared/tiers.ts';
import { createWebhookDeps } from '../shared/webhooks/index.ts';

/** The functions a worker runs: the ones that solve. */
export type WorkerTarget = 'optimise' | 'optimise-pdf' | 'optimise-labels' | 'optimise-csv' | 'mcp';

/** What a worker is started with (structured-cloneable). */
export interface SolveWorkerData {
  readonly limits: LimitsConfig;
  readonly tiers: Readonly<Record<TierName, Tier>>;
  /** Ends the public tier's 429 detail: how to make a key on this local server. */
  readonly publicLimitHint: string;
}

export interface WorkerRequest {
  readonly id: number;
  readonly target: WorkerTarget;
  readonly event: APIGatewayProxyEvent;
}

/**
 * A job's solve (functions/local/local-jobs.ts): the request, its budget and tier, and a flag the main
 * thread sets to 1 when the job is cancelled (the solve's clock reads it: a synchronous solve holds this
 * thread's event loop, so no message could reach it).
 */
export interface WorkerSolve {
  readonly kind: 'solve';
  readonly id: number;
  readonly request: OptimiseRequest;
  readonly budgetMs: number;
  readonly tier: string;
  readonly cancel: Int32Array;
}

/** A job's solve as it crosses back: the response, or the error's code and detail. */
export type SolvedMessage =
  | { readonly ok: true; readonly value: OptimiseResponse }
  | { readonly ok: false; readonly code: string; readonly message: string };

export type WorkerMessage =
  | { readonly kind: 'ready' }
  | { readonly kind: 'failed'; readonly message: string }
  /** The call was admitted (for the streaming edge on the main thread: `Progress.admitted`). */
  | { readonly kind: 'admitted'; readonly id: number; readonly headers: Readonly<Record<string, string>> }
  | { readonly kind: 'result'; readonly id: number; readonly result: APIGatewayProxyResult }
  | { readonly kind: 'solved'; readonly id: number; readonly solved: SolvedMessage }
  | { readonly kind: 'progress'; readonly id: number; readonly progress: JobProgress }
  /** An MCP `start_job` accepted a job: the main thread's job queue runs it. */
  | { readonly kind: 'enqueue'; readonly workspace: string; readonly id: string };

const port = parentPort;
if (port === null) throw new Error('solve-worker.ts runs as a worker thread of functions/local/server.ts');
const data = workerData as SolveWorkerData;
const log = jsonLogger((line) => process.stderr.write(line));

type Services = Awaited<ReturnType<typeof solveServices>>;

async function start(): Promise<{
  handlers: Readonly<Record<WorkerTarget, ApiHandler>>;
  services: Services;
}> {
  const client = createDynamoClient(data.limits);
  const admitter = limitsAdmitter({
    client,
    tableName: data.limits.tableName,
    clock: systemClock,
    log,
    tiers: data.tiers,
    publicLimitHint: data.publicLimitHint,
  });
  const bodies = createDynamoBodyStore({ client, tableName: data.limits.tableName });
  const state = createWorkspaceState({ client, tableName: data.limits.tableName });
  const services = await solveServices({ log, admitter, bodies, state });
  const renderers = {
    renderPdf: lazyPdfRenderer(),
    renderLabels: lazyLabelsRenderer(),
    renderSawList: (job, style) => sawListCsv(job.request, job.response, style),
  } satisfies Pick<McpDeps<unknown>, 'renderPdf' | 'renderLabels' | 'renderSawList'>;
  const handlers = {
    optimise: makeOptimiseHandler(services),
    'optimise-pdf': makeOptimisePdfHandler({ ...services, ...renderers }),
    'optimise-labels': makeOptimiseLabelsHandler({ ...services, ...renderers }),
    'optimise-csv': makeOptimiseCsvHandler({ ...services, ...renderers }),
    mcp: makeMcpHandler({
      ...services,
      ...renderers,
      jobs: {
        ...jobsDeps({
          client,
          tableName: data.limits.tableName,
          admitter,
          log,
          webhooks: jobWebhooks(
            createWebhookDeps({ client, tableName: data.limits.tableName, allowPrivate: true }),
          ),
        }),
        queue: { enqueue: async (ref) => send({ kind: 'enqueue', workspace: ref.workspace, id: ref.id }) },
      },
    }),
  };
  return { handlers, services };
}

/** Solves a job's request on this thread, stopping once the main thread sets its cancel flag. */
async function solveJob(services: Services, job: WorkerSolve): Promise<SolvedMessage> {
  try {
    const solved = await services.core.optimise(job.request, {
      lp: services.lp,
      clock: cancellableClock(systemClock, () => Atomics.load(job.cancel, 0) === 1),
      budgetMs: job.budgetMs,
      tier: job.tier,
      poweredBy: services.poweredBy,
      // The main thread writes it to the job (its loop is free while this one solves).
      onProgress: (progress) => send({ kind: 'progress', id: job.id, progress }),
    });
    return solved.ok ? solved : { ok: false, code: solved.error.code, message: solved.error.message };
  } catch (error) {
    log.error('job solve failed', errorFields(error));
    return { ok: false, code: 'internal', message: 'the solve failed' };
  }
}

const send = (message: WorkerMessage): void => port.postMessage(message);

start().then(
  ({ handlers, services }) => {
    port.on('message', (request: WorkerRequest | WorkerSolve) => {
      if ('kind' in request) {
        void solveJob(services, request).then((solved) => send({ kind: 'solved', id: request.id, solved }));
        return;
      }
      // Handlers never throw (serve turns anything thrown into a 500), so every request gets its result.
      const context = {
        // Not in Lambda: no remaining time (readRequest reads NaN as none).
        getRemainingTimeInMillis: () => Number.NaN,
        progress: {
          admitted: (headers: Readonly<Record<string, string>>) =>
            send({ kind: 'admitted', id: request.id, headers }),
          beat: () => {},
        },
      };
      void handlers[request.target](request.event, context).then((result) =>
        send({ kind: 'result', id: request.id, result }),
      );
    });
    send({ kind: 'ready' });
  },
  (error: unknown) => {
    log.error('solver worker failed to start', errorFields(error));
    send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  },
);
