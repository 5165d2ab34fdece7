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
import {
  makeOptimiseCsvHandler,
  makeOptimiseHandler,
  makeOptimiseLabelsHandler,
  makeOptimisePdfHandler,
} from '../handlers/index.ts';
import { type McpDeps, makeMcpHandler } from '../handlers/mcp-handler.ts';
import { systemClock } from '../shared/clock.ts';
import type { ApiHandler } from '../shared/http/index.ts';
import { createDynamoClient, type LimitsConfig } from '../shared/limits/index.ts';
import { errorFields, jsonLogger } from '../shared/log.ts';
import { lazyLabelsRenderer } from '../shared/real-labels.ts';
import { lazyPdfRenderer } from '../shared/real-pdf.ts';
import { limitsAdmitter, solveServices } from '../shared/services.ts';
import { createDynamoBodyStore } from '../shared/stored/dynamo-body-store.ts';
import { createWorkspaceState } from '../shared/stored/index.ts';
import type { Tier, TierName } from '../shared/tiers.ts';

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

export type WorkerMessage =
  | { readonly kind: 'ready' }
  | { readonly kind: 'failed'; readonly message: string }
  /** The call was admitted (for the streaming edge on the main thread: `Progress.admitted`). */
  | { readonly kind: 'admitted'; readonly id: number; readonly headers: Readonly<Record<string, string>> }
  | { readonly kind: 'result'; readonly id: number; readonly result: APIGatewayProxyResult };

const port = parentPort;
if (port === null) throw new Error('solve-worker.ts runs as a worker thread of functions/local/server.ts');
const data = workerData as SolveWorkerData;
const log = jsonLogger((line) => process.stderr.write(line));

async function start(): Promise<Readonly<Record<WorkerTarget, ApiHandler>>> {
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
  return {
    optimise: makeOptimiseHandler(services),
    'optimise-pdf': makeOptimisePdfHandler({ ...services, ...renderers }),
    'optimise-labels': makeOptimiseLabelsHandler({ ...services, ...renderers }),
    'optimise-csv': makeOptimiseCsvHandler({ ...services, ...renderers }),
    mcp: makeMcpHandler({ ...services, ...renderers }),
  };
}

const send = (message: WorkerMessage): void => port.postMessage(message);

start().then(
  (handlers) => {
    port.on('message', (request: WorkerRequest) => {
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
