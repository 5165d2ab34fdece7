// The entry of every TypeScript worker thread of the local server. On Node 20 a worker does not inherit
// the loader hooks tsx registers in the main thread (with `tsx` or `node --import tsx` alike), so this
// plain module registers them in the worker, then loads the TypeScript module the pool names.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
