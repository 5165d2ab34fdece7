/**
 * Lambda entry for `POST|GET /v1/jobs` and `GET|DELETE /v1/jobs/{id}`: accepts, reads, lists and cancels
 * async jobs, and hands each accepted job's id to the worker function (an asynchronous invoke). It parses
 * jobs but never solves them: no wasm, no solver.
 */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { jobSize, parseOptimiseBody, parseOptimiseQuery } from '../core/request/index.ts';
import { makeJobsHandler } from './handlers/jobs-handler.ts';
import { jobsDeps } from './shared/jobs/compose.ts';
import { lambdaJobQueue } from './shared/jobs/lambda-queue.ts';
import { jobWebhooks } from './shared/jobs/webhooks-adapter.ts';
import { createDynamoClient, readLimitsConfig } from './shared/limits/index.ts';
import { stateServices } from './shared/services.ts';
import { createWebhookDeps } from './shared/webhooks/index.ts';

const workerName = process.env.JOB_WORKER_FUNCTION;
if (workerName === undefined || workerName === '') throw new Error('JOB_WORKER_FUNCTION is not set');
const services = stateServices();
const config = readLimitsConfig(process.env);
const client = createDynamoClient(config);
const deps = jobsDeps({
  client,
  tableName: config.tableName,
  admitter: services.admitter,
  log: services.log,
  // Deployed: only public https receivers (checked at submission and again before every attempt).
  webhooks: jobWebhooks(createWebhookDeps({ client, tableName: config.tableName, allowPrivate: false })),
});

export const handler = makeJobsHandler({
  ...services,
  ...deps,
  core: { parseOptimiseBody, parseOptimiseQuery, jobSize },
  queue: lambdaJobQueue(new LambdaClient({}), workerName),
  idempotency: deps.bodies,
});
