/**
 * The async jobs over one fresh table of an embedded dynalite, for tests: a key, the real admitter and
 * stores, the jobs handler, a queue that keeps the ids it is given (a test runs the worker when it wants
 * to, or kills it), the worker over the real core, and a recording webhook port.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { type Clock, manualClock } from '../../core/budget.ts';
import { type RunnerDeps, runJob } from '../../functions/handlers/job-runner.ts';
import { cancellableClock, inProcessSolver } from '../../functions/handlers/job-solve.ts';
import { makeJobsHandler } from '../../functions/handlers/jobs-handler.ts';
import type { EmbeddedDynamo } from '../../functions/local/embedded-dynamo.ts';
import { createDynamoJobStore } from '../../functions/shared/jobs/dynamo-job-store.ts';
import type { JobRef, JobSolver, JobsDeps } from '../../functions/shared/jobs/jobs.ts';
import type { JobEndedEvent, JobWebhooks } from '../../functions/shared/jobs/webhook-port.ts';
import { createAdmitter } from '../../functions/shared/limits/admitter.ts';
import { createDynamoStore } from '../../functions/shared/limits/dynamo-store.ts';
import { createKey } from '../../functions/shared/limits/key-admin.ts';
import { jsonLogger } from '../../functions/shared/log.ts';
import { createLpEngine, realCore } from '../../functions/shared/real-core.ts';
import { createDynamoBodyStore } from '../../functions/shared/stored/dynamo-body-store.ts';
import { createWorkspaceState } from '../../functions/shared/stored/index.ts';
import type { Tier, TierName } from '../../functions/shared/tiers.ts';
import { apiEvent } from './api-event.ts';
import { freshTable } from './limits-table.ts';

let lp: Promise<Awaited<ReturnType<typeof createLpEngine>>> | undefined;
/** One LP engine per test file (it is created once per container in production too). */
export const sharedLp = () => {
  lp ??= createLpEngine();
  return lp;
};

export interface WorldOptions {
  readonly client?: DynamoDBClient;
  readonly tiers?: Readonly<Record<TierName, Tier>>;
  readonly startIso?: string;
  readonly tier?: TierName;
}

export async function jobsWorld(dynamo: EmbeddedDynamo, options: WorldOptions = {}) {
  const tableName = await freshTable(dynamo);
  const client = options.client ?? dynamo.client;
  const clock = manualClock(Date.parse(options.startIso ?? '2026-12-06T08:00:00.000Z'));
  const limits = createDynamoStore({ client, tableName });
  const admitter = createAdmitter({
    store: limits,
    clock,
    deadlineMs: 30_000,
    ...(options.tiers === undefined ? {} : { tiers: options.tiers }),
  });
  const bodies = createDynamoBodyStore({ client, tableName });
  const jobs = createDynamoJobStore({ client, tableName });
  const state = createWorkspaceState({ client, tableName, now: () => clock.now() });
  const notified: JobEndedEvent[] = [];
  const checked: string[] = [];
  const webhooks: JobWebhooks = {
    check: async (url) => {
      checked.push(url);
      try {
        const parsed = new URL(url);
        return parsed.protocol === 'https:' || parsed.protocol === 'http:'
          ? { ok: true, url: parsed }
          : { ok: false, reason: `must be an http(s) URL, not ${parsed.protocol}` };
      } catch {
        return { ok: false, reason: 'is not a URL' };
      }
    },
    notify: async (event) => {
      notified.push(event);
    },
    deliveries: async () => [],
    forget: async () => {},
  };
  const log = jsonLogger(() => {});
  const deps: JobsDeps = { jobs, bodies, admitter, clock, log, webhooks };
  const queued: JobRef[] = [];
  const handler = makeJobsHandler({
    ...deps,
    telemetry: { request: () => {} },
    core: realCore as never,
    queue: { enqueue: async (ref) => void queued.push(ref) },
    idempotency: bodies,
  });
  const keyOf = async (workspace = 'acme', tier: TierName = options.tier ?? 'pro') => {
    const created = await createKey(
      { store: limits, clock },
      { workspace, tier, origins: [], branding: null, expiresAtMs: null },
    );
    if (!created.ok) throw new Error(created.problem);
    return created.value.key;
  };
  const runner = async (solve?: JobSolver, extra: Partial<RunnerDeps> = {}): Promise<RunnerDeps> => ({
    ...deps,
    core: realCore as never,
    state,
    solve:
      solve ??
      inProcessSolver({ core: realCore, lp: await sharedLp(), clock: realTime(clock), poweredBy: 'test' }),
    workerId: 'worker-1',
    ...extra,
  });
  const call = async (
    method: string,
    path: string,
    key: string | undefined,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const result = (await handler(
      apiEvent({
        method,
        path,
        headers: {
          ...(key === undefined ? {} : { 'X-API-Key': key }),
          ...headers,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
      }),
      undefined,
    )) as APIGatewayProxyResult;
    return {
      status: result.statusCode,
      headers: result.headers ?? {},
      json: result.body === '' ? null : JSON.parse(result.body),
    };
  };
  return {
    tableName,
    client,
    clock,
    limits,
    admitter,
    bodies,
    jobs,
    state,
    deps,
    queued,
    notified,
    checked,
    handler,
    keyOf,
    runner,
    call,
    runJob,
    log,
  };
}

/**
 * The manual clock for dates, the real monotonic clock for the solve's budget (a solve under a clock that
 * never moves would never stop on time).
 */
export function realTime(clock: Clock): Clock {
  return { now: () => clock.now(), monotonic: () => performance.now() };
}

export { cancellableClock };

/** A small job the real core solves at once. */
export const SMALL_JOB = { parts: '400x5,300x4,200x3', stock: 1000 } as const;
