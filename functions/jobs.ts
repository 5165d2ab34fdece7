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
import { deployedJobsDeps } from './shared/jobs/deployed.ts';
import { lambdaJobQueue } from './shared/jobs/lambda-queue.ts';
import { stateServices } from './shared/services.ts';

const workerName = process.env.JOB_WORKER_FUNCTION;
if (workerName === undefined || workerName === '') throw new Error('JOB_WORKER_FUNCTION is not set');
const services = stateServices();
const deps = deployedJobsDeps(services);

export const handler = makeJobsHandler({
  ...services,
  ...deps,
  core: { parseOptimiseBody, parseOptimiseQuery, jobSize },
  queue: lambdaJobQueue(new LambdaClient({}), workerName),
  idempotency: deps.bodies,
});
