/**
 * The worker port locally: `npm start` runs each accepted job on this (the main) thread through the same
 * {@link runJob} the worker Lambda runs, with the solve in a worker thread of the solver pool. The main
 * thread stays free while a job solves, so its progress is written every few seconds and a cancel (seen
 * by that write) reaches the solve at once through a shared flag its clock reads. Jobs run at most
 * `concurrency` at a time, the rest wait in order (queued, their 15 minutes running); a timer sweeps for
 * jobs whose run died with a server that stopped hard.
 */
import { type RunnerDeps, runJob } from '../handlers/job-runner.ts';
import { solveErrorOf } from '../handlers/job-solve.ts';
import type { JobQueue, JobRef, JobSolver, JobsDeps } from '../shared/jobs/jobs.ts';
import { sweepJobs } from '../shared/jobs/jobs.ts';
import { errorFields, type Logger } from '../shared/log.ts';
import type { SolverPool } from './solver-pool.ts';

/** The job solver over the pool's worker threads. */
export function poolSolver(pool: Pick<SolverPool, 'solveJob'>): JobSolver {
  return async (request, options) => {
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    // The runner's progress writes learn of a cancel; pass it on to the thread every time they do.
    const watch = setInterval(() => {
      if (options.cancelled()) Atomics.store(cancel, 0, 1);
    }, 50);
    watch.unref();
    try {
      const solved = await pool.solveJob(
        { request, budgetMs: options.budgetMs, tier: options.tier, cancel },
        options.onProgress,
      );
      return solved.ok ? solved : { ok: false, error: solveErrorOf(solved) };
    } finally {
      clearInterval(watch);
    }
  };
}

export interface LocalJobs extends JobQueue {
  /** Resolves once no job runs or waits (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops the sweep timer; running jobs finish (or their lease passes). */
  close(): void;
}

export function localJobQueue(options: {
  readonly runner: RunnerDeps;
  readonly concurrency: number;
  readonly log: Logger;
  /** How often to sweep (ms); 0: never. */
  readonly sweepEveryMs?: number;
  readonly deps?: JobsDeps;
}): LocalJobs {
  const waiting: JobRef[] = [];
  let running = 0;
  let idlers: (() => void)[] = [];
  const start = () => {
    while (running < options.concurrency && waiting.length > 0) {
      const ref = waiting.shift() as JobRef;
      running += 1;
      runJob(options.runner, ref)
        .catch((error: unknown) =>
          options.log.error('job run failed (its lease will pass)', {
            source: 'jobs',
            jobId: ref.id,
            ...errorFields(error),
          }),
        )
        .finally(() => {
          running -= 1;
          start();
          if (running === 0 && waiting.length === 0) {
            for (const resolve of idlers) resolve();
            idlers = [];
          }
        });
    }
  };
  const sweepEvery = options.sweepEveryMs ?? 30_000;
  const timer =
    sweepEvery > 0
      ? setInterval(() => {
          void sweepJobs(options.deps ?? options.runner).catch((error: unknown) =>
            options.log.error('job sweep failed', { source: 'jobs', ...errorFields(error) }),
          );
        }, sweepEvery)
      : undefined;
  timer?.unref();
  return {
    async enqueue(ref) {
      waiting.push(ref);
      start();
    },
    idle: () =>
      running === 0 && waiting.length === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => idlers.push(resolve)),
    close: () => clearInterval(timer),
  };
}
