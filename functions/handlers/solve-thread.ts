/**
 * The job worker's solve thread (the worker Lambda's, `threadSolver` in job-solve.ts): solves one job's
 * request at a time off the worker's main thread, so that thread stays free to write the job's progress
 * every few seconds and to hear of a cancel while the solver holds this one. Protocol: a
 * `ThreadSolve` (job-solve.ts) in; `progress` messages and one `solved` out. The cancel flag is shared memory the
 * solve's clock reads (no message could reach a thread busy solving).
 */
import { parentPort } from 'node:worker_threads';
import { systemClock } from '../shared/clock.ts';
import { startHighsCompile } from '../shared/highs-compile.ts';
import { createLpEngine, realCore } from '../shared/real-core.ts';
import { POWERED_BY } from '../shared/version.ts';
import { cancellableClock, type ThreadMessage, type ThreadSolve } from './job-solve.ts';

const port = parentPort;
if (port === null) throw new Error('solve-thread.ts runs as a worker thread of the job worker');
// Beside the bundle, the wasm compiles while the LP engine's module loads (see highs-compile.ts).
const highsWasm = startHighsCompile(import.meta.url);
const lp = createLpEngine(highsWasm === undefined ? {} : { module: await highsWasm });
const send = (message: ThreadMessage) => port.postMessage(message);

port.on('message', (job: ThreadSolve) => {
  void (async () => {
    try {
      const solved = await realCore.optimise(job.request, {
        lp: await lp,
        clock: cancellableClock(systemClock, () => Atomics.load(job.cancel, 0) === 1),
        budgetMs: job.budgetMs,
        tier: job.tier,
        poweredBy: POWERED_BY,
        onProgress: (progress) => send({ kind: 'progress', id: job.id, progress }),
      });
      send({
        kind: 'solved',
        id: job.id,
        solved: solved.ok ? solved : { ok: false, code: solved.error.code, message: solved.error.message },
      });
    } catch (error) {
      send({
        kind: 'solved',
        id: job.id,
        solved: {
          ok: false,
          code: 'internal',
          message: error instanceof Error ? error.message : String(error),
        },
      });
    }
  })();
});
