/**
 * The solver workers of `npm start`: a fixed pool of worker threads (by default one per core), each a
 * "container" running the solving handlers (`solve-worker.ts`). A request goes to a free worker; when
 * every worker is solving it waits in a short first-come queue (at most `queuePerWorker` calls per worker),
 * for no longer than its own solve budget (its `timeLimit`, else the automatic budget): a call that would
 * wait out more than a solve of its own is answered 503 `busy`, as is one that finds the queue full. Jobs
 * of a few milliseconds from a handful of callers so share the cores instead of being refused, while a
 * backlog stays bounded. `queuePerWorker: 0` refuses at once when every worker is busy. The main thread
 * only routes, so `/v1/health` and the limits table stay responsive while every core solves.
 *
 * Node's own `worker_threads`, not a pool library: a pool of N long-lived workers with a bounded wait is a
 * few lines, and the ones we looked at (piscina) queue without a per-call bound we would have to add.
 */
import { Worker } from 'node:worker_threads';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { InternalError } from '../../core/errors.ts';
import { BusyError } from '../shared/errors.ts';
import { type ApiHandler, fail, type Progress, serve } from '../shared/http/index.ts';
import type { JobProgress } from '../shared/jobs/job-store.ts';
import { errorFields, type Logger } from '../shared/log.ts';
import { AUTOMATIC_BUDGET_SECONDS } from '../shared/solve-budget.ts';
import type {
  SolvedMessage,
  SolveWorkerData,
  WorkerMessage,
  WorkerRequest,
  WorkerSolve,
  WorkerTarget,
} from './solve-worker.ts';

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
  /**
   * Calls that may wait for a worker, per worker, when every worker is solving (default
   * {@link QUEUE_PER_WORKER}); 0 answers 503 `busy` at once. Each waits at most its own solve budget.
   */
  readonly queuePerWorker?: number;
  /** A worker's MCP `start_job` accepted a job: run it (the local job queue lives on this thread). */
  readonly onJob?: (ref: { readonly workspace: string; readonly id: string }) => void;
}

export interface SolverPool {
  /** Resolves once every worker has built its handlers; rejects when one cannot start. */
  readonly ready: Promise<void>;
  /** The API handler of `target`, served by the pool. */
  handler(target: WorkerTarget): ApiHandler;
  /**
   * Solves an async job's request on a worker once one is free (jobs wait behind the calls waiting, with
   * no deadline of their own: the job's lease bounds them). A worker that stops mid-solve answers an
   * internal error; setting `cancel[0]` to 1 stops the solve at its next clock reading.
   */
  solveJob(
    job: Omit<WorkerSolve, 'kind' | 'id'>,
    onProgress?: (progress: JobProgress) => void,
  ): Promise<SolvedMessage>;
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
  /** An async job's solve in flight. */
  solving: {
    readonly id: number;
    readonly done: (solved: SolvedMessage) => void;
    readonly onProgress: ((progress: JobProgress) => void) | undefined;
  } | null;
}

interface JobWaiting {
  readonly job: Omit<WorkerSolve, 'kind' | 'id'>;
  readonly done: (solved: SolvedMessage) => void;
  readonly onProgress: ((progress: JobProgress) => void) | undefined;
}

/** Seconds a refused caller is told to wait: a solve slot frees within the time limit of the jobs in it. */
const BUSY_RETRY_SECONDS = 1;

/** Default calls waiting per worker: a few callers' short jobs share the cores, a flood is refused. */
export const QUEUE_PER_WORKER = 4;

interface Waiting {
  readonly target: WorkerTarget;
  readonly event: APIGatewayProxyEvent;
  readonly done: (result: APIGatewayProxyResult) => void;
  /** The streaming edge's progress, handed on to the job. */
  readonly progress: Progress | undefined;
  readonly timer: NodeJS.Timeout;
}

/**
 * The longest a call may wait for a worker: its own solve budget, the `timeLimit` it asks for (query or
 * JSON body) capped by the largest tier budget, else the automatic budget. Read here, before the worker
 * knows the caller's tier, so it may exceed a small tier's budget; it never exceeds what the call asked.
 */
export function queueWaitMs(event: APIGatewayProxyEvent, maxBudgetSeconds: number): number {
  const asked = Number(event.queryStringParameters?.timeLimit ?? timeLimitInBody(event));
  const seconds = Number.isFinite(asked) && asked > 0 ? asked : AUTOMATIC_BUDGET_SECONDS;
  return Math.min(seconds, maxBudgetSeconds) * 1000;
}

function timeLimitInBody(event: APIGatewayProxyEvent): unknown {
  if (!event.body) return undefined;
  try {
    const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null
      ? (body as { timeLimit?: unknown }).timeLimit
      : undefined;
  } catch {
    return undefined; // not JSON: the worker answers 400; it waits the automatic budget at most
  }
}

export function createSolverPool(options: SolverPoolOptions): SolverPool {
  const url = options.workerUrl ?? new URL('./solve-worker.ts', import.meta.url);
  const { log } = options;
  const maxBudgetSeconds = Math.max(...Object.values(options.workerData.tiers).map((t) => t.budgetSeconds));
  const jobDeadlineMs = options.jobDeadlineMs ?? (maxBudgetSeconds + 60) * 1000;
  const queueLimit = (options.queuePerWorker ?? QUEUE_PER_WORKER) * options.size;
  const waiting: Waiting[] = [];
  const jobsWaiting: JobWaiting[] = [];
  const idle = (s: Slot) => s.ready && s.job === null && s.solving === null;
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
    const slot: Slot = { worker, ready: false, job: null, solving: null };
    let served = false;
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'ready') {
        slot.ready = true;
        served = true;
        started += 1;
        if (started === options.size) firstStart?.resolve();
        next(slot);
      } else if (message.kind === 'failed') {
        firstStart?.reject(new Error(`a solver worker cannot start: ${message.message}`));
      } else if (message.kind === 'admitted') {
        if (slot.job?.id === message.id) slot.job.progress?.admitted(message.headers);
      } else if (message.kind === 'enqueue') {
        options.onJob?.({ workspace: message.workspace, id: message.id });
      } else if (message.kind === 'progress') {
        if (slot.solving?.id === message.id) slot.solving.onProgress?.(message.progress);
      } else if (message.kind === 'solved') {
        if (slot.solving?.id === message.id) {
          const { done } = slot.solving;
          slot.solving = null;
          done(message.solved);
          next(slot);
        }
      } else if (slot.job?.id === message.id) {
        const { done, deadline } = slot.job;
        clearTimeout(deadline);
        slot.job = null;
        done(message.result);
        next(slot);
      }
    });
    worker.on('error', (error) => log.error('solver worker failed', errorFields(error)));
    worker.on('exit', (code) => {
      const job = slot.job;
      if (job !== null) clearTimeout(job.deadline);
      slot.job = null;
      const solving = slot.solving;
      slot.solving = null;
      solving?.done({ ok: false, code: 'internal', message: 'the solver worker stopped mid-solve' });
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

  /** Runs `event` on `slot`, a ready and idle worker. */
  function run(
    slot: Slot,
    target: WorkerTarget,
    event: APIGatewayProxyEvent,
    done: Waiting['done'],
    progress: Progress | undefined,
  ): void {
    const id = nextId++;
    const deadline = setTimeout(() => {
      log.error('a call overran its deadline; stopping its solver worker', { jobDeadlineMs });
      void slot.worker.terminate();
    }, jobDeadlineMs);
    slot.job = { id, event, done, deadline, progress };
    const request: WorkerRequest = { id, target, event };
    slot.worker.postMessage(request);
  }

  /** Hands the longest-waiting call (else the longest-waiting job) to `slot`, once it is free. */
  function next(slot: Slot): void {
    if (closing || !idle(slot)) return;
    const call = waiting.shift();
    if (call !== undefined) {
      clearTimeout(call.timer);
      run(slot, call.target, call.event, call.done, call.progress);
      return;
    }
    const job = jobsWaiting.shift();
    if (job !== undefined) solveOn(slot, job);
  }

  function solveOn(slot: Slot, waiting: JobWaiting): void {
    const id = nextId++;
    slot.solving = { id, done: waiting.done, onProgress: waiting.onProgress };
    const message: WorkerSolve = { kind: 'solve', id, ...waiting.job };
    slot.worker.postMessage(message);
  }

  return {
    ready,
    handler: (target) => async (event, context) => {
      const slot = slots.find(idle);
      if (slot !== undefined) {
        return new Promise((resolve) => run(slot, target, event, resolve, context?.progress));
      }
      if (closing || waiting.length >= queueLimit) return busy(event, context);
      return new Promise<APIGatewayProxyResult>((resolve) => {
        const call: Waiting = {
          target,
          event,
          done: resolve,
          progress: context?.progress,
          timer: setTimeout(
            () => {
              waiting.splice(waiting.indexOf(call), 1);
              void busy(event, context).then(resolve);
            },
            queueWaitMs(event, maxBudgetSeconds),
          ),
        };
        waiting.push(call);
      });
    },
    solveJob: (job, onProgress) =>
      new Promise<SolvedMessage>((done) => {
        if (closing) {
          done({ ok: false, code: 'busy', message: 'the server is stopping' });
          return;
        }
        const waiting: JobWaiting = { job, done, onProgress };
        const slot = slots.find(idle);
        if (slot !== undefined) solveOn(slot, waiting);
        else jobsWaiting.push(waiting);
      }),
    close: async () => {
      closing = true;
      for (const job of jobsWaiting.splice(0))
        job.done({ ok: false, code: 'busy', message: 'the server is stopping' });
      for (const call of waiting.splice(0)) {
        clearTimeout(call.timer);
        void busy(call.event).then(call.done);
      }
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
