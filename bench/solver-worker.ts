/** A benchmark worker: solves the tasks its parent sends, one at a time, and sends back the outcomes. */
import { createLpEngine } from '../core/optimise.ts';
import { runTask, type Task } from './solver-bench.ts';

const lp = await createLpEngine();
process.on('message', async (task: Task) => {
  const outcome = await runTask(task, lp);
  process.send?.(outcome);
});
process.on('disconnect', () => process.exit(0));
