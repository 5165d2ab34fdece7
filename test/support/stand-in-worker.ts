/**
 * A stand-in for `functions/local/solve-worker.ts` in the pool's tests: it speaks the same protocol and
 * behaves as `workerData.mode` says: `echo` answers 200 with the event's path after `delayMs`,
 * `crash` exits on its first request, `broken` cannot start.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerMessage, WorkerRequest } from '../../functions/local/solve-worker.ts';

const { mode, delayMs = 0 } = workerData as { mode: string; delayMs?: number };
const port = parentPort;
if (port === null) throw new Error('a worker thread only');
const send = (message: WorkerMessage) => port.postMessage(message);

if (mode === 'broken') send({ kind: 'failed', message: 'no LP engine' });
else {
  port.on('message', (request: WorkerRequest) => {
    if (mode === 'crash') process.exit(3);
    setTimeout(() => {
      send({ kind: 'result', id: request.id, result: { statusCode: 200, body: request.event.path } });
    }, delayMs);
  });
  send({ kind: 'ready' });
}
