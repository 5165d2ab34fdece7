/**
 * `npm start`: the whole service on one machine, no AWS account needed. Each HTTP request becomes the API
 * Gateway event the deployed API would send and runs through the same handlers with the same production
 * composition (real core, LP engine created once per worker, the DynamoDB admitter). Solves run in a pool
 * of worker threads, one per core (`solver-pool.ts`), each like a Lambda container talking to the limits
 * table over its HTTP endpoint; health, routing and the table stay on this thread. The limits table is an
 * embedded dynalite unless `DYNAMODB_ENDPOINT` names one (see `limits-backend.ts`).
 *
 * Environment: `PORT` (default 3000), `HOST` (default 127.0.0.1; 0.0.0.0 to listen on every interface),
 * `TRUST_PROXY=N` when N proxies you run stand in front (the caller's IP is then the `X-Forwarded-For`
 * hop the outermost of them appended, N from the right, if it is a valid IP address), `DYNAMODB_ENDPOINT` /
 * `TABLE_NAME` for another table, `TIER_OVERRIDES` to change tier limits locally, `SOLVER_WORKERS` for the
 * number of solves at once (default: the number of cores), `SOLVER_QUEUE` for the calls that may wait for a
 * busy worker, per worker (default 4; 0 answers 503 `busy` at once). Flag:
 * `--data-dir <dir>` keeps the embedded table (keys, counters) across restarts.
 */
import '../../bin/node-major.js';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { jobSize, parseOptimiseBody, parseOptimiseQuery } from '../../core/request/index.ts';
import { sawListCsv } from '../../core/saw-list/index.ts';
import openapi from '../../docs/openapi.json' with { type: 'json' };
import { buildPlaygroundPage } from '../../web/build.ts';
import {
  makeDocsHandler,
  makeFallbackHandler,
  makeHealthHandler,
  makeUsageHandler,
} from '../handlers/index.ts';
import { makeJobsHandler } from '../handlers/jobs-handler.ts';
import { makePlansHandler } from '../handlers/plans-handler.ts';
import { makeRackHandler } from '../handlers/rack-handler.ts';
import { systemClock } from '../shared/clock.ts';
import { jobsDeps } from '../shared/jobs/compose.ts';
import { jobWebhooks } from '../shared/jobs/webhooks-adapter.ts';
import { LOCAL_DISCOVERY_FILE } from '../shared/limits/index.ts';
import { jsonLogger } from '../shared/log.ts';
import { SOLVER_NAME } from '../shared/real-core.ts';
import { lazyLabelsRenderer } from '../shared/real-labels.ts';
import { lazyPdfRenderer } from '../shared/real-pdf.ts';
import { limitsAdmitter } from '../shared/services.ts';
import { createDynamoBodyStore } from '../shared/stored/dynamo-body-store.ts';
import { createWorkspaceState } from '../shared/stored/index.ts';
import { VERSION } from '../shared/version.ts';
import { createWebhookDeps, drainDueWebhooks } from '../shared/webhooks/index.ts';
import { openLocalLimits, publicLimitHint } from './limits-backend.ts';
import { localJobQueue, poolSolver } from './local-jobs.ts';
import { createLocalServer } from './local-server.ts';
import { createSolverPool, QUEUE_PER_WORKER } from './solver-pool.ts';
import { readTierOverrides } from './tier-overrides.ts';
import { startWebhookDrain } from './webhook-timer.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const trustProxy = readTrustProxy(process.env.TRUST_PROXY);
const log = jsonLogger((line) => process.stderr.write(line));

function exitWith(message: string): never {
  console.error(`cutplan: ${message}`);
  process.exit(1);
}

function readFlags() {
  try {
    return parseArgs({ options: { 'data-dir': { type: 'string' } } }).values;
  } catch (error: unknown) {
    if (!(error instanceof TypeError)) throw error;
    return exitWith(`${error.message} (usage: npm start [-- --data-dir <dir>])`);
  }
}

/** Runs `make` once, on first use; a failure is not kept (the next request tries again). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}

/** `TRUST_PROXY`: how many proxies you run in front of the server (unset or 0: none). */
function readTrustProxy(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0 || n > 16) {
    exitWith(
      `TRUST_PROXY must be the number of proxies you run in front of the server (0 to 16), got "${value}"`,
    );
  }
  return n;
}

const flags = readFlags();
const workers = readCount('SOLVER_WORKERS', 1, availableParallelism());
const queuePerWorker = readCount('SOLVER_QUEUE', 0, QUEUE_PER_WORKER);

function readCount(name: string, least: number, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < least)
    exitWith(`${name} must be a whole number ≥ ${least}, got "${value}"`);
  return n;
}
const tierTable = readTierOverrides(process.env.TIER_OVERRIDES);
if (!tierTable.ok) exitWith(tierTable.error);

const limits = await openLocalLimits({
  env: process.env,
  cwd: process.cwd(),
  ...(flags['data-dir'] === undefined ? {} : { dataDir: flags['data-dir'] }),
}).catch((error: unknown) =>
  exitWith(`cannot open the limits table: ${error instanceof Error ? error.message : String(error)}`),
);

// The job queue is made once the pool is (it solves on it); jobs an MCP start_job accepted reach it here.
let enqueueJob: ((ref: { workspace: string; id: string }) => void) | undefined;
const pool = createSolverPool({
  size: workers,
  queuePerWorker,
  onJob: (ref) => enqueueJob?.(ref),
  workerData: {
    limits: limits.config,
    tiers: tierTable.value.tiers,
    publicLimitHint: publicLimitHint(limits.keysCommand),
  },
  log,
});
await pool.ready.catch((error: unknown) =>
  pool
    .close()
    .finally(() =>
      limits.close().finally(() => exitWith(String(error instanceof Error ? error.message : error))),
    ),
);
// The rack, plan and usage routes do not solve: they run on this thread, over the table's own client.
const stateDeps = {
  log,
  admitter: limitsAdmitter({
    client: limits.client,
    tableName: limits.tableName,
    clock: systemClock,
    log,
    tiers: tierTable.value.tiers,
  }),
  state: createWorkspaceState({ client: limits.client, tableName: limits.tableName }),
  // Idempotent rack adds and bookings keep their answers with the solves' (same table).
  bodies: createDynamoBodyStore({ client: limits.client, tableName: limits.tableName }),
  clock: systemClock,
};
// Webhook deliveries: private addresses allowed (a receiver on 127.0.0.1), retries drained on a timer.
const logWebhookError = (message: string, error: unknown) =>
  log.error(message, { source: 'webhooks', error: error instanceof Error ? error.message : String(error) });
const webhooks = createWebhookDeps({
  client: limits.client,
  tableName: limits.tableName,
  allowPrivate: true,
  now: systemClock.now,
  logError: logWebhookError,
});
const webhookDrain = startWebhookDrain(() => drainDueWebhooks(webhooks, systemClock.now()), {
  logError: logWebhookError,
});
// Async jobs: accepted, read and cancelled on this thread; each runs here too (the same runner as the
// worker Lambda), its solve in a worker thread of the pool.
const jobCore = { parseOptimiseBody, parseOptimiseQuery, jobSize };
const jobs = jobsDeps({
  client: limits.client,
  tableName: limits.tableName,
  admitter: stateDeps.admitter,
  log,
  webhooks: jobWebhooks(webhooks),
});
const jobQueue = localJobQueue({
  runner: {
    ...jobs,
    core: jobCore,
    state: stateDeps.state,
    solve: poolSolver(pool),
    workerId: `local-${process.pid}`,
  },
  concurrency: workers,
  log,
});
enqueueJob = (ref) => void jobQueue.enqueue(ref);
const server = createLocalServer({
  handlers: {
    rack: makeRackHandler(stateDeps),
    jobs: makeJobsHandler({ ...jobs, log, core: jobCore, queue: jobQueue, idempotency: jobs.bodies }),
    plans: makePlansHandler({
      ...stateDeps,
      renderPdf: lazyPdfRenderer(),
      renderLabels: lazyLabelsRenderer(),
      renderSawList: (job, style) => sawListCsv(job.request, job.response, style),
    }),
    optimise: pool.handler('optimise'),
    'optimise-pdf': pool.handler('optimise-pdf'),
    mcp: pool.handler('mcp'),
    'optimise-labels': pool.handler('optimise-labels'),
    'optimise-csv': pool.handler('optimise-csv'),
    health: makeHealthHandler({ log, version: VERSION, solver: SOLVER_NAME }),
    // On this thread too: a usage call reads the table and never waits behind a solve.
    usage: makeUsageHandler({ log, admitter: stateDeps.admitter }),
    fallback: makeFallbackHandler({ log }),
    docs: makeDocsHandler({ log, openapi: JSON.stringify(openapi), playground: once(buildPlaygroundPage) }),
  },
  trustProxy,
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
});

server.listen(port, host, () => {
  const { port: bound } = server.address() as AddressInfo;
  const shown = host === '127.0.0.1' || host === '::1' ? 'localhost' : host;
  const { changes } = tierTable.value;
  console.log(`cutplan ${VERSION} listening on http://${shown}:${bound}`);
  console.log(
    `  solver: ${SOLVER_NAME}, ${workers} worker thread${workers === 1 ? '' : 's'} (SOLVER_WORKERS)`,
  );
  console.log(
    queuePerWorker === 0
      ? '  queue:  none: a call that finds every worker solving gets 503 busy at once (SOLVER_QUEUE)'
      : `  queue:  up to ${queuePerWorker * workers} calls wait for a worker, each at most its own time limit, then 503 busy (SOLVER_QUEUE)`,
  );
  console.log(`  limits: ${limits.description}`);
  if (changes.length > 0) console.log(`  tiers:  changed by TIER_OVERRIDES: ${changes.join(', ')}`);
  console.log(
    limits.discoverable
      ? `  keys:   ${limits.keysCommand}  (finds this table through ${LOCAL_DISCOVERY_FILE})`
      : `  keys:   ${limits.keysCommand}`,
  );
  console.log(
    `  page:   http://localhost:${bound}/  (the playground; the API is described at /v1/openapi.json)`,
  );
  console.log(`  try:    curl 'http://localhost:${bound}/v1/optimise?parts=500x4,300x2&stock=1000'`);
});
server.on('error', (error) => {
  void pool
    .close()
    .finally(() => limits.close())
    .finally(() => exitWith(`cannot listen on ${host}:${port}: ${error.message}`));
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1); // a second Ctrl-C: stop now
    stopping = true;
    console.log(`${signal}: finishing requests in flight, then stopping`);
    jobQueue.close();
    server.close(() => {
      // The embedded DynamoDB goes last: requests in flight still release their slots into it.
      pool
        .close()
        .then(() => webhookDrain.stop())
        .then(() => limits.close())
        .then(
          () => process.exit(0),
          (error: unknown) => exitWith(`closing the limits table failed: ${String(error)}`),
        );
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 10_000).unref();
  });
}
