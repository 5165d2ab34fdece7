/**
 * Test helpers (not exported from the barrel): one embedded dynalite per test file, a fresh table per
 * test, a fault-injecting client, and raw reads of counter items.
 */
import { randomBytes } from 'node:crypto';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { manualClock } from '../../core/budget.ts';
import { type EmbeddedDynamo, startEmbeddedDynamo } from '../../functions/local/embedded-dynamo.ts';
import type { Caller } from '../../functions/shared/admission.ts';
import { createAdmitter } from '../../functions/shared/limits/admitter.ts';
import { createDynamoStore } from '../../functions/shared/limits/dynamo-store.ts';
import type { Counter, LimitsStore } from '../../functions/shared/limits/store.ts';
import { counterKey, createTable } from '../../functions/shared/limits/table.ts';
import { monthWindow } from '../../functions/shared/limits/windows.ts';

export type { EmbeddedDynamo };
export { startEmbeddedDynamo };

/** A new, empty table on the embedded server. */
export async function freshTable(dynamo: EmbeddedDynamo): Promise<string> {
  const tableName = `t-${randomBytes(6).toString('hex')}`;
  await createTable(dynamo.client, tableName);
  return tableName;
}

/** A fresh table with a store, a manual clock at `startIso` and an admitter over them. */
export async function setup(
  dynamo: EmbeddedDynamo,
  startIso = '2025-03-10T13:20:00.000Z',
  client?: DynamoDBClient,
) {
  const tableName = await freshTable(dynamo);
  const clock = manualClock(Date.parse(startIso));
  const store = createDynamoStore({ client: client ?? dynamo.client, tableName });
  const errors: unknown[] = [];
  // These tests are about counting, not time: a generous deadline keeps a loaded machine from turning
  // slow answers into 503s (stall.test.ts tests the deadline).
  const admitter = createAdmitter({ store, clock, deadlineMs: 30_000, logError: (_m, e) => errors.push(e) });
  return { tableName, clock, store, admitter, errors };
}

export function publicCaller(ip = '203.0.113.7', origin?: string): Caller {
  return { ip, apiKey: undefined, origin };
}

export function keyedCaller(apiKey: string, origin?: string, ip = '198.51.100.9'): Caller {
  return { ip, apiKey, origin };
}

export const small = { totalParts: 10, distinctLines: 3 } as const;

/**
 * The stored count of a counter, read straight from the table (0 when nothing was counted): `used` of
 * the counter's own item, or, for a window held inside its month's item, that item's `used#<window>`.
 */
export async function storedCount(
  client: DynamoDBClient,
  tableName: string,
  counter: Counter,
): Promise<number> {
  const read = async (windowId: string) => {
    const key = counterKey(counter.subject, windowId);
    const out = await client.send(
      new GetItemCommand({
        TableName: tableName,
        Key: { pk: { S: key.pk }, sk: { S: key.sk } },
        ConsistentRead: true,
      }),
    );
    return out.Item;
  };
  const own = await read(counter.window.id);
  if (own !== undefined) return Number(own.used?.N ?? 0);
  const month = await read(monthWindow(counter.window.startMs).id);
  return Number(month?.[`used#${counter.window.id}`]?.N ?? 0);
}

/** When a fault hits: before the request is sent (nothing happens) or after (it lands, the answer is lost). */
export type FaultTiming = 'before' | 'after';

export interface FaultPlan {
  /** Decides per call (1-based across the client's life) whether to fail it, and how. */
  decide(call: number, command: string): { timing: FaultTiming; error: () => Error } | null;
}

/**
 * A client for `endpoint` whose requests fail as `plan` says. The fault sits below the SDK's retry
 * middleware, so retries see it as they would a real network or service error.
 */
export function faultyClient(endpoint: string, plan: FaultPlan, maxAttempts = 1): DynamoDBClient {
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts,
  });
  let calls = 0;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      calls += 1;
      const fault = plan.decide(calls, context.commandName ?? '');
      if (fault?.timing === 'before') throw fault.error();
      const result = await next(args);
      if (fault?.timing === 'after') throw fault.error();
      return result;
    },
    { step: 'deserialize', name: 'faultInjection' },
  );
  return client;
}

/** What a {@link countingClient} saw: HTTP requests sent, and steps (times the client went from idle to busy). */
export interface RequestTally {
  requests: number;
  steps: number;
  readonly commands: string[];
  reset(): void;
}

/**
 * A client for `endpoint` that counts every request it sends (each SDK attempt) and the sequential
 * steps they form: a step begins when a request leaves while none is in flight, so requests sent
 * together count as one step and requests sent one after another as one step each.
 */
export function countingClient(endpoint: string): { client: DynamoDBClient; tally: RequestTally } {
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  let inFlight = 0;
  const tally: RequestTally = {
    requests: 0,
    steps: 0,
    commands: [],
    reset() {
      tally.requests = 0;
      tally.steps = 0;
      tally.commands.length = 0;
    },
  };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      tally.requests += 1;
      tally.commands.push(context.commandName ?? '?');
      if (inFlight === 0) tally.steps += 1;
      inFlight += 1;
      try {
        return await next(args);
      } finally {
        inFlight -= 1;
      }
    },
    { step: 'deserialize', name: 'requestCounting' },
  );
  return { client, tally };
}

/** An error the SDK classifies as a transient network failure (so it retries it). */
export function networkError(): Error {
  return Object.assign(new Error('socket hang up'), { name: 'TimeoutError', code: 'ECONNRESET' });
}

export type { LimitsStore };
