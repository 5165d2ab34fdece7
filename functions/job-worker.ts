/**
 * Lambda entry of the job worker, invoked asynchronously by the jobs function with a job's id (and by a
 * schedule to sweep): runs the job at most once (`functions/handlers/job-runner.ts`) with the real solver
 * in a thread of this container, or ends and settles jobs whose worker died. Its timeout is the largest tier budget plus
 * the lease's grace (infra/route-table.ts); its failures go to the jobs dead-letter queue.
 */
// First: stack traces map to the TypeScript sources (see the module).
import './shared/source-maps.ts';
import { startHighsCompile } from './shared/highs-compile.ts';

const highsWasm = startHighsCompile(import.meta.url);
const [
  { runJob },
  { threadSolver },
  { deployedJobsDeps },
  { readWorkerEvent },
  { sweepJobs },
  { solveServices },
] = await Promise.all([
  import('./handlers/job-runner.ts'),
  import('./handlers/job-solve.ts'),
  import('./shared/jobs/deployed.ts'),
  import('./shared/jobs/lambda-queue.ts'),
  import('./shared/jobs/jobs.ts'),
  import('./shared/services.ts'),
]);

const services = await solveServices({ highsWasm });
const deps = deployedJobsDeps(services);
// The solve runs in a thread of its own (solve-thread.mjs beside this bundle; the TypeScript source when
// run unbundled), so this thread writes the job's progress while it solves and hears of a cancel.
const threadUrl = import.meta.url.endsWith('.mjs')
  ? new URL('./solve-thread.mjs', import.meta.url)
  : new URL('./handlers/solve-thread.ts', import.meta.url);
const runner = {
  ...deps,
  core: services.core,
  state: services.state,
  solve: threadSolver(threadUrl),
  workerId: `lambda-${process.env.AWS_LAMBDA_LOG_STREAM_NAME ?? 'local'}-${Math.random().toString(36).slice(2, 10)}`,
};

/** Runs one job, or sweeps; what it did, for the log and `npm run invoke`. */
export async function handler(event: unknown): Promise<{ readonly outcome: string }> {
  const read = readWorkerEvent(event);
  if (read === null) {
    services.log.error('job worker: not a worker event', { source: 'jobs' });
    return { outcome: 'ignored' };
  }
  if (read.kind === 'sweep') return { outcome: `swept ${await sweepJobs(deps)}` };
  const outcome = await runJob(runner, read);
  services.log.info('job run', { source: 'jobs', jobId: read.id, outcome });
  return { outcome };
}
