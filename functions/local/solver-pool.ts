/**
 * The solver workers of `npm start`: a fixed pool of worker threads (by default one per core), each a
 * "container" running the solving handlers (`solve-worker.ts`). A request goes to a free worker; when
 * every worker is solving, it is answered 503 `busy` at once, as an overloaded service should, rather
 * than queued behind solves it would wait out past its own time limit. The main thread only routes, so
 * `/v1/health` and the limits table stay responsive while every core solves.
 *
 * Node's own `worker_threads`, not a pool library: a pool of N long-lived workers that never queues is a
 * few lines, and the ones we looked at (piscina) bring a task queue we would have to switch off.
 */
import { Worker } from 'node:worker_threads';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { BusyError, InternalError } from '../../core/errors.ts';
import { type ApiHandler, fail, type Progress, serve } from '../shared/http/index.ts';
import { errorFields, type Logger } from '../shared/log.ts';
import type { SolveWorkerData, WorkerMessage, WorkerRequest, WorkerTarget } from './solve-worker.ts';

export interface SolverPoolOptions {
  /** How many workers (solves at once). */
  readonly size: number;
  readonly workerData: SolveWorkerData;
  readonly log: Logger;
  /** The worker's entry file; tests pass a stand-in. */
  readonly workerUrl?: URL;
  /**
   * How long a call may hold a worker before the worker is stopped and the call answered 500 (a solver
   * bug must not hold a slot forever). Default: the largest tier budget plus a minute.
   */
  readonly jobDeadlineMs?: number;
}

export interface SolverPool {
  /** Resolves once every worker has built its handlers; rejects when one cannot start. */
  readonly ready: Promise<void>;
  /** The API handler of `target`, served by the pool. */
  handler(target: WorkerTarget): ApiHandler;
  /** Stops the workers (a solve in flight is abandoned). */
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: {
    readonly id: number;
    readonly event: APIGatewayProxyEvent;
    readonly done: (result: APIGatewayProxyResult) => void;
    readonly deadline: NodeJS.Timeout;
    /** The streaming edge's progress: the worker reports the admission (keep-alive beats on a timer). */
    readonly progress: Progress | undefined;
  } | null;
}

/** Seconds a refused caller is told to wait: a solve slot frees within the time limit of the jobs in it. */
const BUSY_RETRY_SECONDS = 1;

export function createSolverPool(options: SolverPoolOptions): SolverPool {
  const url = options.workerUrl ?? new URL('./solve-worker.ts', import.meta.url);
  const { log } = options;
  const jobDeadlineMs =
    options.jobDeadlineMs ??
    (Math.max(...Object.values(options.workerData.tiers).map((t) => t.budgetSeconds)) + 60) * 1000;
  let closing = false;
  let nextId = 1;
  let firstStart: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    firstStart = { resolve, reject };
  });
  let started = 0;

  // Answers built by the same wrapper as every handler: {error, detail}, CORS, request id.
  const busy = serve({ log }, 'any', async () =>
    fail(new BusyError('every solver worker is busy', BUSY_RETRY_SECONDS)),
  );
  const crashed = serve({ log }, 'any', async () => fail(new InternalError('the solver worker stopped')));

  const slots: Slot[] = [];
  for (let i = 0; i < options.size; i++) slots.push(spawn());

  function spawn(): Slot {
    const worker = new Worker(url, { workerData: options.workerData });
    const slot: Slot = { worker, ready: false, job: null };
    let served = false;
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'ready') {
        slot.ready = true;
        served = true;
        started += 1;
        if (started === options.size) firstStart?.resolve();
      } else if (message.kind === 'failed') {
        firstStart?.reject(new Error(`a solver worker cannot start: ${message.message}`));
      } else if (message.kind === 'admitted') {
        if (slot.job?.id === message.id) slot.job.progress?.admitted(message.headers);
      } else if (slot.job?.id === message.id) {
        const { done, deadline } = slot.job;
        clearTimeout(deadline);
        slot.job = null;
        done(message.result);
      }
    });
    worker.on('error', (error) => log.error('solver worker failed', errorFields(error)));
    worker.on('exit', (code) => {
      const job = slot.job;
      if (job !== null) clearTimeout(job.deadline);
      slot.job = null;
      slot.ready = false;
      if (closing) return;
      if (!served) {
        // It never started, and another would fail the same way: `ready` rejects and the server stops.
        firstStart?.reject(new Error(`a solver worker exited (code ${code}) before it was ready`));
        return;
      }
      log.error('solver worker exited; starting another', { exitCode: code });
      const index = slots.indexOf(slot);
      if (index >= 0) slots[index] = spawn();
      if (job !== null) void crashed(job.event).then(job.done);
    });
    return slot;
  }

  return {
    ready,
    handler: (target) => async (event, context) => {
      const slot = slots.find((s) => s.ready && s.job === null);
      if (slot === undefined) return busy(event, context);
      const id = nextId++;
      return new Promise<APIGatewayProxyResult>((resolve) => {
        const deadline = setTimeout(() => {
          log.error('a call overran its deadline; stopping its solver worker', { jobDeadlineMs });
          void slot.worker.terminate();
        }, jobDeadlineMs);
        slot.job = { id, event, done: resolve, deadline, progress: context?.progress };
        const request: WorkerRequest = { id, target, event };
        slot.worker.postMessage(request);
      });
    },
    close: async () => {
      closing = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
