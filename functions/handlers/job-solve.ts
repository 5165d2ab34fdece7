/**
 * The job solver port: the core's `optimise` with a clock that runs out the moment the job is cancelled
 * (the solver reads the clock in every long loop, so it stops at once with the best plan it has, which
 * the worker then drops). In-process ({@link inProcessSolver}: tests), or in a thread of its own
 * ({@link threadSolver}: the worker Lambda), so the runner's thread stays free to write progress and to
 * hear of a cancel; the local server solves in a thread of its pool (functions/local/local-jobs.ts).
 */
import { Worker } from 'node:worker_threads';
import type { Clock } from '../../core/budget.ts';
import {
  type CutplanError,
  InternalError,
  NoPlanFoundError,
  PartsLimitError,
  ValidationError,
} from '../../core/errors.ts';
import type { OptimiseRequest, OptimiseResponse } from '../../core/types.ts';
import type { CorePort } from '../shared/core-port.ts';
import { BusyError } from '../shared/errors.ts';
import type { JobProgress } from '../shared/jobs/job-store.ts';
import type { JobSolver } from '../shared/jobs/jobs.ts';

/** A job's solve, as the solve thread (solve-thread.ts) takes it. */
export interface ThreadSolve {
  readonly id: number;
  readonly request: OptimiseRequest;
  readonly budgetMs: number;
  readonly tier: string;
  /** Set to 1 by the main thread when the job is cancelled. */
  readonly cancel: Int32Array;
}

export type ThreadMessage =
  | { readonly kind: 'progress'; readonly id: number; readonly progress: JobProgress }
  | {
      readonly kind: 'solved';
      readonly id: number;
      readonly solved:
        | { readonly ok: true; readonly value: OptimiseResponse }
        | { readonly ok: false; readonly code: string; readonly message: string };
    };

/** How far a cancelled clock jumps: past any budget. */
const RUN_OUT_MS = 1e12;

/** `clock`, whose monotonic reading jumps past every deadline once `cancelled()` is true (and stays there). */
export function cancellableClock(clock: Clock, cancelled: () => boolean): Clock {
  let out = false;
  return {
    now: () => clock.now(),
    monotonic: () => {
      if (!out && cancelled()) out = true;
      return clock.monotonic() + (out ? RUN_OUT_MS : 0);
    },
  };
}

export function inProcessSolver<Lp>(deps: {
  readonly core: Pick<CorePort<Lp>, 'optimise'>;
  readonly lp: Lp;
  readonly clock: Clock;
  readonly poweredBy: string;
}): JobSolver {
  return (request, options) =>
    deps.core.optimise(request, {
      lp: deps.lp,
      clock: cancellableClock(deps.clock, options.cancelled),
      budgetMs: options.budgetMs,
      tier: options.tier,
      poweredBy: deps.poweredBy,
      onProgress: options.onProgress,
    });
}

/** How often a cancel seen by the runner is passed on to the thread's shared flag (ms). */
const CANCEL_POLL_MS = 50;

/** The error a thread sent back, as its class (so its code and status are the same). */
export function solveErrorOf(solved: { readonly code: string; readonly message: string }): CutplanError {
  switch (solved.code) {
    case 'validation':
      return ValidationError.of('', solved.message);
    case 'noPlanFound':
      return new NoPlanFoundError(solved.message);
    case 'partsLimit':
      return new PartsLimitError(solved.message);
    case 'busy':
      return new BusyError(solved.message, 2);
    default:
      return new InternalError(solved.message);
  }
}

/**
 * Solves in a worker thread started from `url` (`solve-thread.ts`, or the bundle's `solve-thread.mjs`) on
 * first use and kept: one solve at a time, as the worker Lambda runs one job at a time. A thread that
 * dies mid-solve answers an internal error, and the next solve starts a new one.
 */
export function threadSolver(url: URL): JobSolver & { close(): Promise<void> } {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<
    number,
    { done: (m: ThreadMessage & { kind: 'solved' }) => void; progress: (p: never) => void }
  >();
  const threadOf = (): Worker => {
    if (worker !== null) return worker;
    // The thread takes the process's Node flags but `--input-type`, which only a string entry may carry
    // (a process started with `--eval`, as the fresh-process bundle test does) and which a file refuses.
    const started = new Worker(url, {
      execArgv: process.execArgv.filter((a) => !a.startsWith('--input-type')),
    });
    started.on('message', (message: ThreadMessage) => {
      const waiting = pending.get(message.id);
      if (waiting === undefined) return;
      if (message.kind === 'progress') waiting.progress(message.progress as never);
      else {
        pending.delete(message.id);
        waiting.done(message);
      }
    });
    const lost = (why: unknown) => {
      worker = null;
      const message = `the solve thread stopped (${why instanceof Error ? why.message : `exit code ${String(why)}`})`;
      for (const [id, waiting] of pending) {
        waiting.done({ kind: 'solved', id, solved: { ok: false, code: 'internal', message } });
      }
      pending.clear();
    };
    started.on('error', lost);
    started.on('exit', lost);
    // An idle solve thread never keeps the process alive; a solve in flight does (ref'd while one runs).
    started.unref();
    worker = started;
    return started;
  };
  const solve: JobSolver = (request, options) =>
    new Promise((resolve) => {
      const id = nextId++;
      const cancel = new Int32Array(new SharedArrayBuffer(4));
      const pass = () => {
        if (options.cancelled()) Atomics.store(cancel, 0, 1);
      };
      pass();
      const watch = setInterval(pass, CANCEL_POLL_MS);
      watch.unref();
      pending.set(id, {
        progress: options.onProgress as (p: never) => void,
        done: ({ solved }) => {
          clearInterval(watch);
          if (pending.size === 0) worker?.unref();
          resolve(solved.ok ? solved : { ok: false, error: solveErrorOf(solved) });
        },
      });
      const message: ThreadSolve = { id, request, budgetMs: options.budgetMs, tier: options.tier, cancel };
      const thread = threadOf();
      thread.ref();
      thread.postMessage(message);
    });
  return Object.assign(solve, {
    close: async () => {
      const running = worker;
      worker = null;
      await running?.terminate();
    },
  });
}
